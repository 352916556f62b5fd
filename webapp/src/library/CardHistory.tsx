// «В ваших раскладах» on a card's page: how often the card came to the user, upright and reversed, and the
// latest readings it lay in, each opening the reading; older ones are VIP's.
import { formatRuDate } from '../../../domain/text/time';
import { pluralRu } from '../../../domain/text/plural';
import { ErrorBlock } from '../components/ErrorBlock';
import type { CardHistory as History } from './library-api';

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Moscow';

export function CardHistory(props: {
  history: History | undefined;
  error: Error | undefined;
  isValidating: boolean;
  reload: () => void;
  onOpen: (readingId: number) => void;
}) {
  const { history, error } = props;
  return (
    <section className="panel" data-testid="card-history" aria-busy={!history && !error}>
      <h2>В ваших раскладах</h2>
      {error && !props.isValidating && <ErrorBlock message={error.message} onRetry={props.reload} />}
      {!history && !error && <span className="spinner" role="status" aria-label="Загрузка…" />}
      {history && (
        <>
          <p className="card-history-counts" data-testid="card-history-counts">
            {history.count === 0
              ? 'Эта карта вам ещё не выпадала.'
              : `Выпадала ${history.count} ${pluralRu(history.count, 'раз', 'раза', 'раз')}: прямой — ${history.upright}, перевёрнутой — ${history.reversed}.`}
          </p>
          {history.readings.length > 0 && (
            <ul className="card-history-list" data-testid="card-history-readings">
              {history.readings.map((r) => (
                <li key={r.id}>
                  <button type="button" className="card-history-item" onClick={() => props.onOpen(r.id)} data-testid="card-history-reading">
                    <span>«{r.question}»</span>
                    <span className="hint">
                      {formatRuDate(r.createdAt, zone())} · {r.spreadName}
                      {r.position ? ` · ${r.position}` : ''}
                      {r.orientation === 'reversed' ? ' · перевёрнутая' : ''}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {history.olderHidden > 0 && (
            <p className="hint" data-testid="card-history-older">
              Ещё в {history.olderHidden} {pluralRu(history.olderHidden, 'раскладе', 'раскладах', 'раскладах')} старше 30 дней: их откроет
              VIP-подписка.
            </p>
          )}
        </>
      )}
    </section>
  );
}
