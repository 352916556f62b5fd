// The micro-result screen: after paying, ask the server which pack was bought and for which reading
// (POST /api/readings/micro/recover: by the order or reading the return names, else the latest paid pack), poll
// while its payment is not recorded yet (25 attempts, min(1000 + 100 × attempt, 2000) ms apart), and show the
// cards the server dealt, then offer the week. Nothing here picks a reading or a card: a pack the server does
// not find is an error with «Попробовать снова», never an invented reading.
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { Icon } from '../components/Icon';
import { Page } from '../components/Page';
import { keys, useApi } from '../data';
import { debugEnabled } from '../debug/boot';
import { useStatus } from '../hooks/useStatus';
import { debugMicroStatus, getPricing, getWeekUpsell, track } from './client';
import { MicroCards, MicroSpreadButton, useWeekPurchase } from './components';
import { MicroResultStatus } from './MicroResultStatus';
import { displayMode } from './prices';
import { useMicroRecovery } from './useMicroRecovery';
import { WeekOffer } from './WeekOffer';
import './paid.css';

export default function MicroResult() {
  const [, navigate] = useLocation();
  const { data } = useStatus();
  const { view, readingId, debugQuery, start, recheck } = useMicroRecovery();
  // The prices and the week offer shown under the result (a failed load shows no offer).
  const { data: upsell = null } = useApi(keys.weekUpsell, getWeekUpsell);
  const { data: pricing = null } = useApi(keys.pricing, getPricing);
  const { busy: weekBusy, message: weekMessage, buy: onWeek } = useWeekPurchase(pricing, 'upsell_on_result');

  // The debug overlay's micro status, every 2 s while loading (admins only; others get 403 and see nothing).
  const debugOn = debugQuery || debugEnabled();
  const { data: debug } = useApi(debugOn ? keys.debugMicro(readingId) : null, () => debugMicroStatus(readingId), {
    refreshInterval: view.kind === 'loading' ? 2000 : 0,
    revalidateOnMount: false,
  });

  const revealed = view.kind === 'revealed';
  const showWeek =
    revealed && !!upsell && upsell.upsell && !upsell.hasActiveWeek && (data?.userStatus.subscriptionType ?? 'free') === 'free';
  const weekTracked = useRef(false);
  useEffect(() => {
    if (!showWeek || weekTracked.current) return;
    weekTracked.current = true;
    track('saw_week_offer', { source: 'micro_result' });
    track('upsell_shown_week', { source: 'micro_result', priceWeek: upsell?.priceWeek });
  }, [showWeek]);

  return (
    <Page back={() => navigate('/interactive-daily-card')} testId="micro-result" className="micro-result" loading={view.kind === 'loading'}>
      <header className="screen-head">
        <span className="screen-icon">
          <Icon name="sparkle" size={30} />
        </span>
        <h1 className="title">Ваш персональный совет</h1>
        <p className="hint">Карта дня и две дополнительные карты</p>
      </header>

      <MicroResultStatus view={view} onRecheck={recheck} onRetry={() => void start()} />

      {view.kind === 'revealed' && (
        <>
          <p className="pay-message is-ok" role="status" data-testid="micro-success">
            Готово! Ваши карты открыты.
          </p>
          <MicroCards cards={view.cards} advice={view.advice} />
          <MicroSpreadButton spread={view.spread} />
        </>
      )}

      {showWeek && upsell && (
        <WeekOffer week={upsell.week} mode={displayMode(pricing)} busy={weekBusy} onBuy={onWeek} message={weekMessage} />
      )}

      {debugOn && debug && (
        <pre className="debug-panel" data-testid="micro-debug">
          {JSON.stringify(debug, null, 2)}
        </pre>
      )}
    </Page>
  );
}
