// The micro-result screen: after paying, ask the server which pack was bought and for which reading
// (POST /api/readings/micro/recover: by the order or reading the return names, else the latest paid pack), poll
// while its payment is not recorded yet (25 attempts, min(1000 + 100 × attempt, 2000) ms apart), and show the
// cards the server dealt, then offer the week. Nothing here picks a reading or a card: a pack the server does
// not find is an error with «Попробовать снова», never an invented reading.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ENTITLEMENT_POLL_ATTEMPTS } from '../../../domain/commerce/pricing';
import { ApiError } from '../api';
import { Icon } from '../components/Icon';
import { Page } from '../components/Page';
import { invalidate, keys, useApi } from '../data';
import { useStatus } from '../hooks/useStatus';
import { debugMicroStatus, getPricing, getWeekUpsell, openMicroResult, recoverMicro, syncMethod, track, type MicroReveal } from './client';
import { MICRO_ADVICE_DEFAULT, MicroCards, MicroSpreadButton, useWeekPurchase, type ShownCard } from './components';
import { clearMicroPending, microPaymentPending, pendingReadingId, toReadingId } from './storage';
import { waitFor } from './pay';
import { displayMode } from './prices';
import { WeekOffer } from './WeekOffer';
import './paid.css';
import { debugEnabled } from '../debug/boot';

export const MICRO_ERRORS = {
  other:
    'Временная проблема с загрузкой результата. Попробуйте обновить через несколько секунд. Ваша покупка сохранена и будет восстановлена.',
  notConfirmed: 'Оплата ещё не подтверждена. Если проблема сохраняется, обратитесь в поддержку.',
  checkFailed: 'Ошибка проверки статуса оплаты. Проверьте подключение к интернету и попробуйте снова.',
  /** No reading named by the return, this device or the server: nothing to look the pack up by. */
  noReadingId: 'Не удаётся найти ID расклада. Откройте карту дня и результат мини-расклада оттуда.',
} as const;

type View =
  | { kind: 'loading'; attempt: number }
  | { kind: 'timeout'; message: string | null; checking: boolean }
  | { kind: 'revealed'; cards: ShownCard[]; advice: string; readingId: number; spread: MicroReveal['spread'] }
  | { kind: 'error'; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the return names: the reading (the URL, user_data, or the id this device kept before paying) and the order. */
function readQuery() {
  const q = new URLSearchParams(window.location.search);
  let userData: Record<string, unknown> = {};
  try {
    const raw = q.get('user_data');
    if (raw) userData = JSON.parse(raw) ?? {};
  } catch {
    userData = {};
  }
  const orderId = q.get('orderId');
  return {
    readingId: toReadingId(q.get('readingId')) ?? toReadingId(userData.readingId) ?? (microPaymentPending() ? pendingReadingId() : null),
    orderId: orderId && UUID.test(orderId) ? orderId : undefined,
    paymentId: q.get('paymentId') ?? q.get('payment_id') ?? undefined,
    debug: q.get('debug') === '1',
  };
}

export default function MicroResult() {
  const [, navigate] = useLocation();
  const { data } = useStatus();
  const [view, setView] = useState<View>({ kind: 'loading', attempt: 0 });
  const [readingId, setReadingId] = useState<number | null>(null);
  // The prices and the week offer shown under the result (a failed load shows no offer).
  const { data: upsell = null } = useApi(keys.weekUpsell, getWeekUpsell);
  const { data: pricing = null } = useApi(keys.pricing, getPricing);
  const { busy: weekBusy, message: weekMessage, buy: onWeek } = useWeekPurchase(pricing, 'upsell_on_result');
  const run = useRef({ cancelled: false });
  const query = useRef(readQuery());

  const show = useCallback((r: MicroReveal) => {
    setReadingId(r.readingId);
    clearMicroPending();
    // The daily card's screen shows the pack as bought, not the offer.
    invalidate(keys.dailyEntitlementsPrefix, keys.microOffer);
    setView({
      kind: 'revealed',
      cards: r.cards.map((c) => ({ name: c.name, image: c.imgUrl, orientation: c.orientation, meaning: c.meaning, label: c.label })),
      advice: r.advice?.text || MICRO_ADVICE_DEFAULT,
      readingId: r.readingId,
      spread: r.spread ?? null,
    });
    void getPricing()
      .catch(() => null)
      .then((p) =>
        track('micro_reveal_shown', {
          readingId: r.readingId,
          currency: p?.currency ?? 'RUB',
          abMicroVariant: p?.abMicroVariant ?? 'A',
          abTone: p?.abTone ?? 'romance',
        }),
      );
  }, []);

  /** One question to the server: true once it answered for good (revealed, or an error shown). */
  const ask = useCallback(async (): Promise<boolean> => {
    const q = query.current;
    try {
      const r = await recoverMicro({ orderId: q.orderId, readingId: q.readingId ?? undefined });
      if (r.state === 'revealed') {
        show(r.reveal);
        return true;
      }
      if (r.readingId) setReadingId(r.readingId);
      return false;
    } catch (err) {
      // The server's own Russian words for a pack it does not have (its own text when no reading was named at
      // all); anything else is a passing problem.
      const message =
        err instanceof ApiError && err.status === 404
          ? q.readingId === null
            ? MICRO_ERRORS.noReadingId
            : err.message
          : MICRO_ERRORS.other;
      track('micro_reveal_failed', { readingId: q.readingId, error: (err as Error)?.message ?? String(err) });
      setView({ kind: 'error', message });
      return true;
    }
  }, [show]);

  const start = useCallback(async () => {
    const token = { cancelled: false };
    run.current.cancelled = true;
    run.current = token;
    setView({ kind: 'loading', attempt: 0 });
    const q = query.current;
    // The guard: without a micro payment pending or under 30 minutes old (here, or known to the server),
    // there is nothing to wait for: the interactive daily card instead (the server records why).
    const pending = microPaymentPending() || !!q.orderId || !!q.paymentId;
    const guard = await openMicroResult(pending).catch(() => ({ stay: true }));
    if (token.cancelled) return;
    if (!guard.stay) return navigate('/interactive-daily-card', { replace: true });
    // Back from a card payment: the server re-reads that payment from the provider first.
    if (q.orderId || q.paymentId) await syncMethod({ orderId: q.orderId, paymentId: q.paymentId }).catch(() => null);
    let attempt = 0;
    const settled = await waitFor(
      async () => {
        setView({ kind: 'loading', attempt: attempt++ });
        return ask();
      },
      ENTITLEMENT_POLL_ATTEMPTS,
      token,
    );
    if (!settled && !token.cancelled) setView({ kind: 'timeout', message: null, checking: false });
  }, [ask, navigate]);

  useEffect(() => {
    void start();
    return () => {
      run.current.cancelled = true;
    };
  }, [start]);

  // The manual 'Refresh status' once polling gave up.
  const recheck = async () => {
    setView({ kind: 'timeout', message: null, checking: true });
    try {
      const r = await recoverMicro({ orderId: query.current.orderId, readingId: query.current.readingId ?? undefined });
      if (r.state === 'revealed') return show(r.reveal);
      setView({ kind: 'timeout', message: MICRO_ERRORS.notConfirmed, checking: false });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return setView({ kind: 'error', message: err.message });
      setView({ kind: 'timeout', message: MICRO_ERRORS.checkFailed, checking: false });
    }
  };

  // The debug overlay's micro status, every 2 s while loading (admins only; others get 403 and see nothing).
  const debugOn = query.current.debug || debugEnabled();
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
            onClick={recheck}
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
            <button type="button" className="btn btn-primary" onClick={() => void start()} data-testid="micro-retry">
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
