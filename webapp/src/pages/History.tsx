// The history archive (/history): the user's past readings, newest first, ten at a time
// (GET /api/user/readings); each opens with its cards and interpretation.
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError, listReadings, type ReadingView } from '../api';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon, SpreadIcon } from '../components/Icon';
import { Page } from '../components/Page';

export const PAGE_SIZE = 10;

const dateFmt = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export default function History() {
  const [, navigate] = useLocation();
  const [items, setItems] = useState<ReadingView[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback((offset: number) => {
    setLoading(true);
    setError(null);
    listReadings(PAGE_SIZE, offset)
      .then((page) => {
        setItems((prev) => (offset === 0 ? page.readings : [...prev, ...page.readings.filter((r) => !prev.some((p) => p.id === r.id))]));
        setTotal(page.total);
      })
      .catch((e: ApiError) => setError(e.message))
      .finally(() => setLoading(false));
  }, []);

  useEffect(() => {
    load(0);
  }, [load]);

  return (
    <Page back={() => navigate('/')} loading={total === null && !error} testId="history">
      <h1 className="title">Мои расклады</h1>
      <button type="button" className="btn btn-secondary" onClick={() => navigate('/journal')} data-testid="history-journal">
        Дневник: карты месяца
      </button>
      {total !== null && <p className="hint">{total > 0 ? `Всего раскладов: ${total}` : ''}</p>}
      {error && <ErrorBlock message={error} onRetry={() => load(items.length)} />}

      {total === 0 && (
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
