// The payment widget's flow: idle → processing → Stars invoice, YooKassa redirect or embedded widget (falling
// back to redirect when its script cannot load), or mock → the server is asked until it confirms. Access is
// never granted here: success is shown only when the status says so.
import { useEffect, useRef, useState } from 'react';
import { type PlanId, planInfo } from '../../../domain/commerce/catalogue';
import { pluralRu } from '../../../domain/text/plural';
import { ApiError, getStatus, type UserStatus } from '../api';
import { createInitial, type Pricing } from './client';
import { WIDGET_TEXT, type State } from './PayState';
import { loadYooWidget, preferredProvider, renderYooWidget, returnUrlFor, runCheckout, waitFor } from './pay';

interface PaymentInput {
  planId: PlanId;
  pricing: Pricing;
  userId: number | null;
  title: string;
  trialOn: boolean;
  consent: boolean;
  containerId: string;
  onConfirmed?: (status: UserStatus) => void;
}

/** The embedded widget when its script loads; otherwise (and always for Stars or mock) redirect mode. */
async function checkoutMode(provider: ReturnType<typeof preferredProvider>): Promise<'redirect' | 'embedded'> {
  if (provider !== 'yookassa') return 'redirect';
  return loadYooWidget().then(
    () => 'embedded' as const,
    () => 'redirect' as const,
  );
}

/** The first payment's order: the trial or the plan, for what it costs and how long it lasts. */
async function order({ planId, pricing, title, trialOn, consent }: PaymentInput, userId: number) {
  const provider = preferredProvider(pricing);
  const plan = pricing.plansById[planId];
  const mode = await checkoutMode(provider);
  return createInitial({
    userId,
    amount: trialOn ? pricing.trial.priceRub : plan.priceRub,
    currency: 'RUB',
    description: trialOn ? `Пробный период ${title}` : `${title}: ${plan.days} ${pluralRu(plan.days, 'день', 'дня', 'дней')}`,
    mode,
    returnUrl: mode === 'redirect' ? returnUrlFor('/subscription') : undefined,
    planId,
    autopayConsent: consent,
    trialDays: trialOn ? pricing.trial.days : 0,
    provider,
  });
}

export function usePayment(input: PaymentInput) {
  const { planId, containerId } = input;
  const [state, setState] = useState<State>({ kind: 'idle' });
  const alive = useRef({ cancelled: false });
  useEffect(() => {
    const a = { cancelled: false };
    alive.current = a;
    return () => {
      a.cancelled = true;
    };
  }, []);

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
      input.onConfirmed?.(latest);
    } else setState({ kind: 'unconfirmed' });
  };

  const pay = async () => {
    if (!input.userId) {
      setState({ kind: 'error', message: WIDGET_TEXT.noUser });
      return;
    }
    setState({ kind: 'processing' });
    try {
      const outcome = await runCheckout(await order(input, input.userId));
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

  return { state, setState, confirm, pay };
}
