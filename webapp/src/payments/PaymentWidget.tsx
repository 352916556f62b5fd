// The payment widget: the price line, the autopay consent (unticked until the user ticks it: only then
// does the plan renew, and the first week costs the trial price), what will be charged and when, and the
// pay button. idle → processing → Stars invoice, YooKassa redirect or
// embedded widget (falling back to redirect when its script cannot load), or mock → the server is asked
// until it confirms. Access is never granted here: success is shown only when the status says so.
import { useEffect, useRef, useState } from 'react';
import { planInfo, type PlanId } from '../../../domain/commerce/catalogue';
import { everyPeriod, periodNoun } from '../../../domain/commerce/claims';
import { pluralRu } from '../../../domain/text/plural';
import { DAY_MS, formatRuDate } from '../../../domain/text/time';
import { ApiError, getStatus, type UserStatus } from '../api';
import { createInitial, type Pricing } from './client';
import { preferredProvider, renderYooWidget, returnUrlFor, runCheckout, waitFor, loadYooWidget } from './pay';
import { PriceNote, pricesFor } from './prices';

type State =
  | { kind: 'idle' }
  | { kind: 'processing' }
  | { kind: 'embedded'; token: string }
  | { kind: 'confirming' }
  | { kind: 'success' }
  | { kind: 'unconfirmed' }
  | { kind: 'error'; message: string };

export const WIDGET_TEXT = {
  noUser: 'Не удалось определить пользователя. Перезапустите приложение или откройте его через Telegram.',
  loadingUser: 'Загрузка данных пользователя...',
  error: 'Произошла ошибка. Попробуйте ещё раз.',
  failed: 'Не удалось завершить оплату. Попробуйте ещё раз.',
  success: 'Подписка успешно активирована!',
  unconfirmed: 'Оплата ещё не подтверждена. Если вы уже оплатили, проверьте статус через несколько секунд.',
  processing: 'Переходим к оплате…',
} as const;

export function PaymentWidget(props: {
  planId: PlanId;
  pricing: Pricing;
  userId: number | null;
  loadingUser?: boolean;
  /** The plan's name for the button and the payment description. */
  title: string;
  /** The user's time zone, for the dates (the plan screen shows the end of access in it). */
  timeZone?: string;
  onConfirmed?: (status: UserStatus) => void;
  testId?: string;
}) {
  const { planId, pricing } = props;
  const [consent, setConsent] = useState(false);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const alive = useRef({ cancelled: false });
  useEffect(() => {
    const a = { cancelled: false };
    alive.current = a;
    return () => {
      a.cancelled = true;
    };
  }, []);

  const provider = preferredProvider(pricing);
  // Prices as the user pays them: Stars inside Telegram, roubles in a browser (the trial is sold for roubles only).
  const { mode, show, note } = pricesFor(pricing);
  const plan = pricing.plansById[planId];
  // Whether this plan renews when paid this way: in Stars only a Stars subscription does (else a one-off invoice).
  const renewable = provider === 'stars' ? plan.starsSubscription : plan.renewal !== 'none';
  const trialOn = consent && pricing.trial.available && mode !== 'stars';
  const every = everyPeriod(plan.days);
  const id = props.testId ?? `pay-${planId}`;
  const containerId = `yoo-widget-${planId}`;

  const confirm = async () => {
    setState({ kind: 'confirming' });
    let latest: UserStatus | null = null;
    const ok = await waitFor(
      async () => {
        latest = (await getStatus()).userStatus;
        return latest.subscriptionType === planInfo(planId).tier;
      },
      25,
      alive.current,
    );
    if (alive.current.cancelled) return;
    if (ok && latest) {
      setState({ kind: 'success' });
      props.onConfirmed?.(latest);
    } else setState({ kind: 'unconfirmed' });
  };

  const pay = async () => {
    if (!props.userId) {
      setState({ kind: 'error', message: WIDGET_TEXT.noUser });
      return;
    }
    setState({ kind: 'processing' });
    try {
      // The embedded widget when its script loads; otherwise (and always for Stars or mock) redirect mode.
      let mode: 'redirect' | 'embedded' = 'redirect';
      if (provider === 'yookassa')
        mode = await loadYooWidget().then(
          () => 'embedded' as const,
          () => 'redirect' as const,
        );
      const answer = await createInitial({
        userId: props.userId,
        amount: trialOn ? pricing.trial.priceRub : plan.priceRub,
        currency: 'RUB',
        description: trialOn
          ? `${props.title}: пробная неделя`
          : `${props.title}: ${plan.days} ${pluralRu(plan.days, 'день', 'дня', 'дней')}`,
        mode,
        returnUrl: mode === 'redirect' ? returnUrlFor('/subscription') : undefined,
        planId,
        autopayConsent: consent,
        trialDays: trialOn ? pricing.trial.days : 0,
        provider,
      });
      const outcome = await runCheckout(answer);
      if (outcome.kind === 'paid' || outcome.kind === 'already') return void (await confirm());
      if (outcome.kind === 'embedded') return setState({ kind: 'embedded', token: outcome.token });
      if (outcome.kind === 'redirecting') return; // the browser is leaving for the payment page
      if (outcome.kind === 'cancelled') return setState({ kind: 'idle' });
      if (outcome.kind === 'pending') return void (await confirm());
      setState({ kind: 'error', message: WIDGET_TEXT.failed });
    } catch (err) {
      const message =
        err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 ? err.message : WIDGET_TEXT.error;
      setState({ kind: 'error', message });
    }
  };

  // The embedded widget lives in a container rendered for it; its outcome is for the UI only.
  useEffect(() => {
    if (state.kind !== 'embedded') return;
    let gone = false;
    renderYooWidget(containerId, state.token, returnUrlFor('/subscription'))
      .then((r) => {
        if (gone) return;
        if (r === 'success') void confirm();
        else setState({ kind: 'error', message: WIDGET_TEXT.failed });
      })
      .catch(() => !gone && setState({ kind: 'error', message: WIDGET_TEXT.failed }));
    return () => {
      gone = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.kind === 'embedded' ? state.token : null]);

  const busy = state.kind === 'processing' || state.kind === 'confirming';
  const shown = trialOn ? pricing.trial.tag : plan.tag;
  // Before paying: whether it renews, and the next charge's amount and date. Access ends where the server
  // says the purchase would end it (the unused days of a week or a plan carried over); a saved card is
  // charged then, a Stars subscription on Telegram's own schedule, one period after paying.
  const accessUntil = trialOn ? pricing.trial.accessUntil[planId] : plan.accessUntil;
  const endDate = accessUntil ? formatRuDate(accessUntil, props.timeZone) : null;
  const starsChargeAt = Date.now() + plan.days * DAY_MS;
  const chargeDate = provider === 'stars' ? formatRuDate(new Date(starsChargeAt), props.timeZone) : endDate;
  // Days carried over (a day or more) outlast Telegram's schedule: each renewal adds its period after them.
  const carried =
    provider === 'stars' && accessUntil && new Date(accessUntil).getTime() - starsChargeAt > DAY_MS
      ? ` Оставшиеся дни сохранятся: доступ до ${endDate}, каждое продление добавит ${plan.days} ${pluralRu(plan.days, 'день', 'дня', 'дней')}.`
      : '';
  const renewalLine = consent
    ? `Продлится автоматически ${chargeDate}: спишется ${show(plan.tag)}, затем ${every}.${carried}`
    : `Разовая оплата на ${plan.days} ${pluralRu(plan.days, 'день', 'дня', 'дней')}: не продлевается${endDate ? `, доступ до ${endDate}` : ''}.`;
  const priceText = trialOn ? `${show(pricing.trial.tag)} неделя` : `${show(plan.tag)} / ${periodNoun(plan.days)}`;

  return (
    <div className="pay-widget" data-testid={id}>
      <div className="price-row">
        <span className="price-main" data-testid={`${id}-price`}>
          {priceText}
        </span>
        <PriceNote text={note(shown)} testId={`${id}-price-note`} />
        {trialOn && (
          <span className="price-then">
            затем {show(plan.tag)} {every}
          </span>
        )}
      </div>
      {renewable && (
        <label className="consent">
          <input
            type="checkbox"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
            disabled={busy}
            data-testid={`${id}-consent`}
          />
          <span>
            {provider === 'stars'
              ? `Согласен на автопродление: подписка Telegram Stars, ${show(plan.tag)} ${every}. Отменить можно в любой момент.`
              : pricing.trial.available
                ? `Согласен на автопродление: после ${pricing.trial.days} дней — ${show(plan.tag)} ${every}. Отменить можно в любой момент.`
                : `Согласен на автопродление: ${show(plan.tag)} ${every}. Отменить можно в любой момент.`}
          </span>
        </label>
      )}
      <p className="hint" data-testid={`${id}-renewal`}>
        {renewalLine}
      </p>

      {props.loadingUser && !props.userId ? (
        <p className="hint">{WIDGET_TEXT.loadingUser}</p>
      ) : (
        <button
          type="button"
          className="btn btn-gold btn-block"
          onClick={pay}
          disabled={busy || state.kind === 'success'}
          data-testid={`${id}-button`}
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {state.kind === 'processing'
            ? WIDGET_TEXT.processing
            : state.kind === 'confirming'
              ? 'Проверяем оплату…'
              : `Оформить ${props.title}`}
        </button>
      )}

      {state.kind === 'embedded' && <div id={containerId} className="yoo-widget" data-testid={`${id}-embedded`} />}
      {state.kind === 'success' && (
        <p className="pay-message is-ok" role="status" data-testid={`${id}-success`}>
          {WIDGET_TEXT.success}
        </p>
      )}
      {state.kind === 'unconfirmed' && (
        <div className="pay-message is-wait" role="status" data-testid={`${id}-unconfirmed`}>
          <p>{WIDGET_TEXT.unconfirmed}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void confirm()}>
            Проверить ещё раз
          </button>
        </div>
      )}
      {state.kind === 'error' && (
        <p className="pay-message" role="alert" data-testid={`${id}-error`}>
          {state.message}
        </p>
      )}
    </div>
  );
}
