// The payment widget: the plan's price, the choice between its trial and the plan without it (when the trial is
// sold: two explicit choices, each saying what is charged now and later), the autopay consent (unticked until
// the user ticks it; the trial needs it, the plan renews only with it), what will be charged and when, and the
// pay button. idle → processing → Stars invoice, YooKassa redirect or embedded widget (falling back to redirect
// when its script cannot load), or mock → the server is asked until it confirms. Access is never granted here:
// success is shown only when the status says so.
import { useEffect, useRef, useState } from 'react';
import { planInfo, type PlanId } from '../../../domain/commerce/catalogue';
import { pluralRu } from '../../../domain/text/plural';
import { ApiError, getStatus, type UserStatus } from '../api';
import { createInitial, type Pricing } from './client';
import { offerTerms, type Choice } from './offer-terms';
import { preferredProvider, renderYooWidget, returnUrlFor, runCheckout, waitFor, loadYooWidget } from './pay';
import { PlanChoice } from './PlanChoice';
import { PayState, WIDGET_TEXT, type State } from './PayState';
import { PriceNote, pricesFor } from './prices';

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
  const [choice, setChoice] = useState<Choice>('plan');
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
  const terms = offerTerms({
    pricing,
    planId,
    title: props.title,
    choice,
    consent,
    stars: mode === 'stars',
    show,
    timeZone: props.timeZone,
  });
  const trialOn = terms.trialOffered && choice === 'trial';
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
          ? `Пробный период ${props.title}`
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
  // The trial is charged only with the user's consent to what follows it.
  const blocked = trialOn && !consent;

  return (
    <div className="pay-widget" data-testid={id}>
      <div className="price-row">
        <span className="price-main" data-testid={`${id}-price`}>
          {terms.priceText}
        </span>
        <PriceNote text={note(plan.tag)} testId={`${id}-price-note`} />
      </div>
      <PlanChoice terms={terms} choice={choice} onChoose={setChoice} disabled={busy} id={id} />
      {renewable && (
        <label className="consent">
          <input
            type="checkbox"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
            disabled={busy}
            data-testid={`${id}-consent`}
          />
          <span data-testid={`${id}-consent-label`}>{terms.consentLabel}</span>
        </label>
      )}
      <p className="hint" data-testid={`${id}-renewal`}>
        {terms.renewalLine}
      </p>

      {props.loadingUser && !props.userId ? (
        <p className="hint">{WIDGET_TEXT.loadingUser}</p>
      ) : (
        <button
          type="button"
          className="btn btn-gold btn-block"
          onClick={pay}
          disabled={busy || blocked || state.kind === 'success'}
          data-testid={`${id}-button`}
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {state.kind === 'processing' ? WIDGET_TEXT.processing : state.kind === 'confirming' ? 'Проверяем оплату…' : terms.button}
        </button>
      )}

      <PayState state={state} id={id} containerId={containerId} onRecheck={() => void confirm()} />
    </div>
  );
}
