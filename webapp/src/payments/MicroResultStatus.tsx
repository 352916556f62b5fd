// The micro-result while it is not revealed: checking the payment (with the attempt), a timeout with a manual
// recheck, or an error with «Попробовать снова».
import { useLocation } from 'wouter';
import { ENTITLEMENT_POLL_ATTEMPTS } from '../../../domain/commerce/pricing';
import type { MicroView } from './useMicroRecovery';

export function MicroResultStatus({ view, onRecheck, onRetry }: { view: MicroView; onRecheck: () => void; onRetry: () => void }) {
  const [, navigate] = useLocation();
  return (
    <>
      {view.kind === 'loading' && (
        <section className="panel center" aria-busy="true" data-testid="micro-loading">
          <span className="spinner spinner-lg" role="status" aria-label="Проверяем оплату…" />
          <p>Проверяем оплату и готовим ваши карты…</p>
          <p className="hint" data-testid="micro-attempt">
            Попытка {view.attempt + 1} из {ENTITLEMENT_POLL_ATTEMPTS}
          </p>
        </section>
      )}

      {view.kind === 'timeout' && (
        <section className="panel center stack" data-testid="micro-timeout">
          <p>Оплата обрабатывается дольше обычного.</p>
          {view.message && (
            <p className="pay-message" role="alert" data-testid="micro-timeout-message">
              {view.message}
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={onRecheck}
            disabled={view.checking}
            data-testid="micro-refresh"
          >
            {view.checking ? 'Проверяем…' : 'Обновить статус'}
          </button>
        </section>
      )}

      {view.kind === 'error' && (
        <section className="error-block" role="alert" data-testid="micro-error">
          <p data-testid="micro-error-message">{view.message}</p>
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={onRetry} data-testid="micro-retry">
              Попробовать снова
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => navigate('/interactive-daily-card')}
              data-testid="micro-home"
            >
              На главную
            </button>
          </div>
        </section>
      )}
    </>
  );
}
