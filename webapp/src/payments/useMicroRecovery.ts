// The micro-result's recovery: ask the server which pack was bought and for which reading, poll while its
// payment is not recorded yet, and turn its answer into what the screen shows (the cards, a timeout with a
// manual recheck, or the server's own words for a pack it does not have).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ENTITLEMENT_POLL_ATTEMPTS } from '../../../domain/commerce/pricing';
import { ApiError } from '../api';
import { invalidate, keys } from '../data';
import { type MicroReveal, getPricing, openMicroResult, recoverMicro, syncMethod, track } from './client';
import { MICRO_ADVICE_DEFAULT, type ShownCard } from './components';
import { waitFor } from './pay';
import { clearMicroPending, microPaymentPending, pendingReadingId, toReadingId } from './storage';

export const MICRO_ERRORS = {
  other:
    'Временная проблема с загрузкой результата. Попробуйте обновить через несколько секунд. Ваша покупка сохранена и будет восстановлена.',
  notConfirmed: 'Оплата ещё не подтверждена. Если проблема сохраняется, обратитесь в поддержку.',
  checkFailed: 'Ошибка проверки статуса оплаты. Проверьте подключение к интернету и попробуйте снова.',
  /** No reading named by the return, this device or the server: nothing to look the pack up by. */
  noReadingId: 'Не удаётся найти ID расклада. Откройте карту дня и результат мини-расклада оттуда.',
} as const;

export type MicroView =
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

/** The revealed pack as the screen shows it. */
const revealedView = (r: MicroReveal): MicroView => ({
  kind: 'revealed',
  cards: r.cards.map((c) => ({ name: c.name, image: c.imgUrl, orientation: c.orientation, meaning: c.meaning, label: c.label })),
  advice: r.advice?.text || MICRO_ADVICE_DEFAULT,
  readingId: r.readingId,
  spread: r.spread ?? null,
});

/** The server's own Russian words for a pack it does not have (its own text when no reading was named at all); anything else is a passing problem. */
const recoverError = (err: unknown, readingId: number | null) =>
  err instanceof ApiError && err.status === 404 ? (readingId === null ? MICRO_ERRORS.noReadingId : err.message) : MICRO_ERRORS.other;

/** A manual recheck that failed: the server's words for a pack it does not have, else a passing problem. */
const recheckFailure = (err: unknown): MicroView =>
  err instanceof ApiError && err.status === 404
    ? { kind: 'error', message: err.message }
    : { kind: 'timeout', message: MICRO_ERRORS.checkFailed, checking: false };

/** The reveal, tracked with the prices' currency and variants. */
function trackReveal(readingId: number) {
  void getPricing()
    .catch(() => null)
    .then((p) =>
      track('micro_reveal_shown', {
        readingId,
        currency: p?.currency ?? 'RUB',
        abMicroVariant: p?.abMicroVariant ?? 'A',
        abTone: p?.abTone ?? 'romance',
      }),
    );
}

export function useMicroRecovery() {
  const [, navigate] = useLocation();
  const [view, setView] = useState<MicroView>({ kind: 'loading', attempt: 0 });
  const [readingId, setReadingId] = useState<number | null>(null);
  const run = useRef({ cancelled: false });
  const query = useRef(readQuery());

  const show = useCallback((r: MicroReveal) => {
    setReadingId(r.readingId);
    clearMicroPending();
    // The daily card's screen shows the pack as bought, not the offer.
    invalidate(keys.dailyEntitlementsPrefix, keys.microOffer);
    setView(revealedView(r));
    trackReveal(r.readingId);
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
      track('micro_reveal_failed', { readingId: q.readingId, error: (err as Error)?.message ?? String(err) });
      setView({ kind: 'error', message: recoverError(err, q.readingId) });
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
    return () => void (run.current.cancelled = true);
  }, [start]);

  // The manual 'Refresh status' once polling gave up.
  const recheck = async () => {
    setView({ kind: 'timeout', message: null, checking: true });
    try {
      const r = await recoverMicro({ orderId: query.current.orderId, readingId: query.current.readingId ?? undefined });
      if (r.state === 'revealed') return show(r.reveal);
      setView({ kind: 'timeout', message: MICRO_ERRORS.notConfirmed, checking: false });
    } catch (err) {
      setView(recheckFailure(err));
    }
  };

  return { view, readingId, debugQuery: query.current.debug, start, recheck };
}
