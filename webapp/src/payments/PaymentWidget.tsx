// The payment widget: the plan's price, the choice between its trial and the plan without it (when the trial is
// sold: two explicit choices, each saying what is charged now and later), the autopay consent (unticked until
// the user ticks it; the trial needs it, the plan renews only with it), what will be charged and when, and the
// pay button. idle → processing → Stars invoice, YooKassa redirect or embedded widget (falling back to redirect
// when its script cannot load), or mock → the server is asked until it confirms. Access is never granted here:
// success is shown only when the status says so.
import { useState } from 'react';
import type { PlanId } from '../../../domain/commerce/catalogue';
import type { UserStatus } from '../api';
import type { Pricing } from './client';
import { type Choice, offerTerms } from './offer-terms';
import { PayConsent } from './PayConsent';
import { PayState, WIDGET_TEXT } from './PayState';
import { PlanChoice } from './PlanChoice';
import { preferredProvider } from './pay';
import { PriceNote, pricesFor } from './prices';
import { usePayment } from './usePayment';

interface PaymentWidgetProps {
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
}

export function PaymentWidget(props: PaymentWidgetProps) {
  const { planId, pricing } = props;
  const [consent, setConsent] = useState(false);
  const [choice, setChoice] = useState<Choice>('plan');
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
  const { state, confirm, pay } = usePayment({
    planId,
    pricing,
    userId: props.userId,
    title: props.title,
    trialOn,
    consent,
    containerId,
    onConfirmed: props.onConfirmed,
  });

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
      {renewable && <PayConsent id={id} label={terms.consentLabel} checked={consent} onChange={setConsent} disabled={busy} />}
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
