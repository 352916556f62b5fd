// «Мои расклады» (/history), the archive: the user's past readings, newest first, ten at a time (GET /api/user/readings),
// searchable by question and by card; free and basic users see 30 days and a line on what VIP would open.
import { SECTION_NAMES } from '../../../domain/commerce/catalogue';
import { useState } from 'react';
import { SWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon } from '../components/Icon';
import { Page } from '../components/Page';
import { pluralRu } from '../../../domain/text/plural';
import { HistoryItem } from './HistoryItem';
import { HistorySearch } from './HistorySearch';
import { type ArchiveSearch, useArchive } from './useArchive';
import './history.css';

/** A cache of its own for each visit: a new reading shifts every page, so the archive is always read afresh. */
const visitCache = () => new Map();

export default function History() {
  return (
    <SWRConfig value={{ provider: visitCache }}>
      <Archive />
    </SWRConfig>
  );
}

function Archive() {
  const [, navigate] = useLocation();
  const [search, setSearch] = useState<ArchiveSearch>({});
  const { items, total, olderHidden, loading, error, more, retry } = useArchive(search);
  const searching = !!(search.q || search.card);

  return (
    <Page back={() => navigate('/')} loading={total === null && !error} testId="history">
      <h1 className="title">{SECTION_NAMES.archive}</h1>
      <button type="button" className="btn btn-secondary" onClick={() => navigate('/journal')} data-testid="history-journal">
        {SECTION_NAMES.journal}: карты месяца
      </button>
      <HistorySearch onSearch={setSearch} />
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
          <HistoryItem key={r.id} r={r} onOpen={() => navigate(`/history/${r.id}`)} />
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
