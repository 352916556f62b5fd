// «Архив гаданий» (/history): the user's past readings, newest first, ten at a time (GET /api/user/readings),
// searchable by question and by card; free and basic users see 30 days and a line on what VIP would open.
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError, listReadings, russianOr, type ReadingView } from '../api';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon, SpreadIcon } from '../components/Icon';
import { Page } from '../components/Page';
import './history.css';

export const PAGE_SIZE = 10;

/** 1 расклад, 2 расклада, 5 раскладов. */
function plural(n: number, one: string, few: string, many: string) {
  const d = n % 10;
  const dd = n % 100;
  if (d === 1 && dd !== 11) return one;
  if (d >= 2 && d <= 4 && (dd < 12 || dd > 14)) return few;
  return many;
}

const dateFmt = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export default function History() {
  const [, navigate] = useLocation();
  const [items, setItems] = useState<ReadingView[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [olderHidden, setOlderHidden] = useState(0);
  const [query, setQuery] = useState('');
  const [card, setCard] = useState('');
  const [search, setSearch] = useState<{ q?: string; card?: string }>({});

  const load = useCallback(
    (offset: number) => {
      setLoading(true);
      setError(null);
      listReadings(PAGE_SIZE, offset, search)
        .then((page) => {
          setItems((prev) => (offset === 0 ? page.readings : [...prev, ...page.readings.filter((r) => !prev.some((p) => p.id === r.id))]));
          setTotal(page.total);
          setOlderHidden(page.olderHidden ?? 0);
        })
        .catch((e: ApiError) => setError(russianOr(e.message, 'Не удалось загрузить архив. Попробуйте ещё раз.')))
        .finally(() => setLoading(false));
    },
    [search],
  );

  useEffect(() => {
    load(0);
  }, [load]);

  const searching = !!(search.q || search.card);

  return (
    <Page back={() => navigate('/')} loading={total === null && !error} testId="history">
      <h1 className="title">Мои расклады</h1>
      <button type="button" className="btn btn-secondary" onClick={() => navigate('/journal')} data-testid="history-journal">
        Дневник: карты месяца
      </button>
      <form
        className="history-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch({ q: query.trim() || undefined, card: card.trim() || undefined });
        }}
      >
        <input className="input" type="search" placeholder="Поиск по вопросу" value={query} maxLength={100} onChange={(e) => setQuery(e.target.value)} data-testid="history-search-q" />
        <input className="input" type="search" placeholder="Карта, например «Звезда»" value={card} maxLength={60} onChange={(e) => setCard(e.target.value)} data-testid="history-search-card" />
        <button type="submit" className="btn btn-secondary" data-testid="history-search-go">
          Найти
        </button>
      </form>
      {total !== null && <p className="hint">{total > 0 ? `${searching ? 'Найдено' : 'Всего раскладов'}: ${total}` : searching ? 'Ничего не нашлось' : ''}</p>}
      {olderHidden > 0 && (
        <p className="notice" data-testid="history-older">
          Ещё {olderHidden} {plural(olderHidden, 'расклад', 'расклада', 'раскладов')} старше 30 дней {olderHidden === 1 ? 'хранится' : 'хранятся'} в архиве: их откроет VIP-подписка.{' '}
          <button type="button" className="link" onClick={() => navigate('/subscription')}>
            Подробнее
          </button>
        </p>
      )}
      {error && <ErrorBlock message={error} onRetry={() => load(items.length)} />}

      {total === 0 && !searching && (
        <section className="panel center" data-testid="history-empty">
          <div className="big-icon"><Icon name="scroll" size={40} /></div>
          <h2>Здесь появятся ваши расклады</h2>
          <p className="hint">Задайте картам первый вопрос — толкование сохранится в архиве.</p>
          <button type="button" className="btn btn-primary" onClick={() => navigate('/spread-menu')}>
            Сделать расклад
          </button>
        </section>
      )}

      <ul className="history-list">
        {items.map((r) => (
          <li key={r.id}>
            <button type="button" className="history-item" onClick={() => navigate(`/history/${r.id}`)} data-testid="history-item">
              <span className="spread-icon">
                <SpreadIcon spreadType={r.spreadType} size={24} />
              </span>
              <span className="spread-body">
                <span className="history-meta">
                  {r.spreadName} · {dateFmt.format(new Date(r.createdAt))}
                </span>
                <span className="history-question">«{r.question}»</span>
                <span className="history-cards">{r.cards.map((c) => c.name).join(', ')}</span>
                {r.note && (
                  <span className="history-note" data-testid="history-note">
                    ✎ {r.note}
                  </span>
                )}
              </span>
              <span className="chevron" aria-hidden="true">›</span>
            </button>
          </li>
        ))}
      </ul>

      {total !== null && items.length < total && (
        <button type="button" className="btn btn-secondary btn-block" disabled={loading} onClick={() => load(items.length)} data-testid="history-more">
          {loading ? 'Загружаем…' : 'Показать ещё'}
        </button>
      )}
    </Page>
  );
}
