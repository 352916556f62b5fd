// «Мои расклады» (/history), the archive: the user's past readings, newest first, ten at a time (GET /api/user/readings),
// searchable by question and by card; free and basic users see 30 days and a line on what VIP would open.
import { SECTION_NAMES } from '../../../domain/commerce/catalogue';
import { useState } from 'react';
import { SWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { useLocation } from 'wouter';
import { listReadings, russianOr, type ApiError, type ReadingsPage, type ReadingView } from '../api';
import { keys } from '../data';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon, SpreadIcon } from '../components/Icon';
import { Page } from '../components/Page';
import { pluralRu } from '../../../domain/text/plural';
import './history.css';

export const PAGE_SIZE = 10;

const dateFmt = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A cache of its own for each visit: a new reading shifts every page, so the archive is always read afresh. */
const visitCache = () => new Map();

export default function History() {
  return (
    <SWRConfig value={{ provider: visitCache }}>
      <Archive />
    </SWRConfig>
  );
}

/** The readings so far, without the repeats a new reading can push from one page onto the next. */
function distinct(pages: ReadingsPage[]): ReadingView[] {
  const seen = new Set<number>();
  return pages.flatMap((p) => p.readings).filter((r) => !seen.has(r.id) && !!seen.add(r.id));
}

function Archive() {
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const [card, setCard] = useState('');
  const [search, setSearch] = useState<{ q?: string; card?: string }>({});
  // Ten at a time; «Показать ещё» adds a page, a retry asks again only for the page that failed.
  const pages = useSWRInfinite<ReadingsPage, ApiError, (i: number, prev: ReadingsPage | null) => [string, number] | null>(
    (i, prev) => (prev && i * PAGE_SIZE >= prev.total ? null : [keys.readings(PAGE_SIZE, i * PAGE_SIZE, search), i * PAGE_SIZE]),
    ([, offset]) => listReadings(PAGE_SIZE, offset, search),
    { revalidateFirstPage: false },
  );
  const loaded = pages.data ?? [];
  const last = loaded[loaded.length - 1];
  const items = distinct(loaded);
  const total = last ? last.total : null;
  const olderHidden = last?.olderHidden ?? 0;
  const loading = pages.isValidating;
  const error = pages.error && !loading ? russianOr(pages.error.message, 'Не удалось загрузить архив. Попробуйте ещё раз.') : null;
  const more = () => void pages.setSize((n) => n + 1);
  const retry = () => void pages.setSize((n) => n);

  const searching = !!(search.q || search.card);

  return (
    <Page back={() => navigate('/')} loading={total === null && !error} testId="history">
      <h1 className="title">{SECTION_NAMES.archive}</h1>
      <button type="button" className="btn btn-secondary" onClick={() => navigate('/journal')} data-testid="history-journal">
        {SECTION_NAMES.journal}: карты месяца
      </button>
      <form
        className="history-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch({ q: query.trim() || undefined, card: card.trim() || undefined });
        }}
      >
        <input
          className="input"
          type="search"
          placeholder="Поиск по вопросу"
          value={query}
          maxLength={100}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="history-search-q"
        />
        <input
          className="input"
          type="search"
          placeholder="Карта, например «Звезда»"
          value={card}
          maxLength={60}
          onChange={(e) => setCard(e.target.value)}
          data-testid="history-search-card"
        />
        <button type="submit" className="btn btn-secondary" data-testid="history-search-go">
          Найти
        </button>
      </form>
      {total !== null && (
        <p className="hint">
          {total > 0 ? `${searching ? 'Найдено' : 'Всего раскладов'}: ${total}` : searching ? 'Ничего не нашлось' : ''}
        </p>
      )}
      {olderHidden > 0 && (
        <p className="notice" data-testid="history-older">
          Ещё {olderHidden} {pluralRu(olderHidden, 'расклад', 'расклада', 'раскладов')} старше 30 дней{' '}
          {olderHidden === 1 ? 'хранится' : 'хранятся'} в архиве: их откроет VIP-подписка.{' '}
          <button type="button" className="link" onClick={() => navigate('/subscription')}>
            Подробнее
          </button>
        </p>
      )}
      {error && <ErrorBlock message={error} onRetry={retry} />}

      {total === 0 && !searching && (
        <section className="panel center" data-testid="history-empty">
          <div className="big-icon">
            <Icon name="scroll" size={40} />
          </div>
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
                {r.inProgress && (
                  <span className="history-unfinished" data-testid="history-unfinished">
                    Не закончен · открыто {r.turned} из {r.total}
                  </span>
                )}
                {r.cards.length > 0 && <span className="history-cards">{r.cards.map((c) => c.name).join(', ')}</span>}
                {r.note && (
                  <span className="history-note" data-testid="history-note">
                    ✎ {r.note}
                  </span>
                )}
              </span>
              <span className="chevron" aria-hidden="true">
                ›
              </span>
            </button>
          </li>
        ))}
      </ul>

      {total !== null && items.length < total && (
        <button type="button" className="btn btn-secondary btn-block" disabled={loading} onClick={more} data-testid="history-more">
          {loading ? 'Загружаем…' : 'Показать ещё'}
        </button>
      )}
    </Page>
  );
}
