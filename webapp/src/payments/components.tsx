// Pieces the paid screens share: the micro promo's mm:ss timer, the micro pack's cards and tip, and the week
// purchase (its offer box is WeekOffer.tsx).
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { formatMmSs } from '../../../domain/commerce/pricing';
import { ApiError, getStatus } from '../api';
import { CardImage } from '../components/CardImage';
import { useNow } from '../hooks/useNow';
import { afterPayment } from '../hooks/useStatus';
import { chooseSpread, startMicroSpread } from '../flow';
import type { MicroSpreadState } from './client';
import { createOneTime, track, type Pricing } from './client';
import { preferredProvider, returnUrlFor, runCheckout, waitFor } from './pay';

export const MICRO_ADVICE_DEFAULT = 'Ваш персональный совет готов!';

/** A countdown to `until` in mm:ss; `onEnd` once when it reaches zero. */
export function OfferTimer(props: { until: number; onEnd?: () => void; testId?: string }) {
  const now = useNow(1000);
  const left = props.until - now;
  const fired = useRef<number | null>(null);
  useEffect(() => {
    if (left <= 0 && fired.current !== props.until) {
      fired.current = props.until;
      props.onEnd?.();
    }
  });
  return (
    <span className="timer" role="timer" data-testid={props.testId ?? 'offer-timer'}>
      {formatMmSs(left)}
    </span>
  );
}

export interface ShownCard {
  name: string;
  image: string;
  orientation: 'upright' | 'reversed';
  label: string;
  meaning?: string;
}

export function MicroCards(props: { cards: ShownCard[]; advice: string; testId?: string }) {
  return (
    <section className="stack" data-testid={props.testId ?? 'micro-cards'}>
      <div className="micro-cards">
        {props.cards.map((c, i) => (
          <div className="micro-card flip-in" key={`${c.name}-${i}`} data-testid="micro-card">
            <CardImage image={c.image} name={c.name} reversed={c.orientation === 'reversed'} size="medium" position={c.label} />
            <strong>
              <span data-testid="micro-card-name">{c.name}</span>
              {c.orientation === 'reversed' && <span className="reversed-mark"> (перевёрнутая)</span>}
            </strong>
            <span className="hint" data-testid="micro-card-label">
              {c.label}
            </span>
          </div>
        ))}
      </div>
      <div className="advice" data-testid="micro-advice">
        <h2>Персональный совет</h2>
        <p>{props.advice || MICRO_ADVICE_DEFAULT}</p>
      </div>
    </section>
  );
}

export type WeekPurchase = 'active' | 'redirecting' | 'cancelled' | 'failed' | 'unconfirmed';

/**
 * Buys the week pass (plan week, redirect mode, a return address, optional context). Mock: the week is
 * active at once (paid_week_mock is tracked). Stars: after openInvoice the server is asked until the week
 * shows. YooKassa: the browser leaves for the payment page.
 */
export async function buyWeek(pricing: Pricing | null, returnPath: string, context?: string): Promise<WeekPurchase> {
  const answer = await createOneTime({
    product: 'week',
    mode: 'redirect',
    returnUrl: returnUrlFor(returnPath),
    provider: preferredProvider(pricing),
    ...(context ? { context } : {}),
  });
  const outcome = await runCheckout(answer);
  if (outcome.kind === 'redirecting') return 'redirecting';
  if (outcome.kind === 'cancelled') return 'cancelled';
  if (outcome.kind === 'failed') return 'failed';
  if (outcome.kind === 'embedded') {
    window.alert('Оплата откроется во встроенной форме. Обновите страницу, если она не появилась.');
    return 'cancelled';
  }
  if (answer.mock) {
    track('paid_week_mock', { source: context ?? 'week_offer' });
    return 'active';
  }
  const ok = await waitFor(async () => (await getStatus()).userStatus.subscriptionType === 'week');
  return ok ? 'active' : 'unconfirmed';
}

/**
 * The week purchase as the paid screens run it (`context` is tracked): `busy` while it runs, a `message`
 * when it did not go through; once the week is active the status is reloaded and the week's screen confirms it.
 */
export function useWeekPurchase(pricing: Pricing | null, context: string) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const buy = async () => {
    setBusy(true);
    setMessage(null);
    try {
      // Paid: the week's own screen confirms it (its end, nothing renews) and offers the way on and up.
      const r = await buyWeek(pricing, '/subscription?week=paid', context);
      if (r === 'active') {
        afterPayment();
        return navigate('/subscription?week=paid');
      }
      if (r === 'redirecting') return;
      if (r === 'unconfirmed') setMessage('Оплата ещё не подтверждена. Если проблема сохраняется, обратитесь в поддержку.');
      if (r === 'failed') setMessage('Не удалось завершить оплату. Попробуйте ещё раз.');
    } catch (e) {
      setMessage(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : 'Произошла ошибка. Попробуйте ещё раз.');
    }
    setBusy(false);
  };
  return { busy, message, buy };
}

/**
 * «Расклад на 3 карты» after a micro pack: a paid pack includes one such reading (the server checks it and
 * takes nothing from the day's quota); once made, the button opens it. Without a pack of its own (a week
 * pass) the plan opens the spread as usual.
 */
export function MicroSpreadButton(props: { spread: MicroSpreadState | null | undefined }) {
  const [, navigate] = useLocation();
  const s = props.spread;
  if (s?.readingId) {
    return (
      <button
        type="button"
        className="btn btn-secondary btn-block"
        onClick={() => navigate(`/history/${s.readingId}`)}
        data-testid="three-card-spread-open"
      >
        Открыть ваш расклад на 3 карты
      </button>
    );
  }
  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-block"
        onClick={() => {
          if (s) startMicroSpread('past_present_future', s.purchaseId);
          else chooseSpread('past_present_future');
          navigate('/question');
        }}
        data-testid="three-card-spread"
      >
        Расклад на 3 карты
      </button>
      {s && (
        <p className="hint center" data-testid="three-card-included">
          Входит в микро-пакет — без доплаты
        </p>
      )}
    </>
  );
}
