// The plan screen's state: the user's status (read fresh), the prices and social proof, the return from a card
// payment (re-checked with the server), the paywall's analytics, and what a payment made here leaves behind.
import { useEffect, useRef, useState } from 'react';
import type { UserStatus } from '../api';
import { keys, useApi } from '../data';
import { afterPayment, useStatus } from '../hooks/useStatus';
import { getPricing, getSocialProof, syncMethod, track } from './client';

export function useSubscription() {
  const { data, error, loading, reload } = useStatus({ fresh: true });
  const prices = useApi(keys.pricing, getPricing);
  const { data: proof } = useApi(keys.socialProof, getSocialProof);
  const pricing = prices.data ?? null;
  // The screen that paid (the daily card's week offer) drops its outdated prices as it closes, after this
  // screen read them: asked again then, rather than a spinner that waits for nothing.
  useEffect(() => {
    if (!prices.data && !prices.error && !prices.isValidating) prices.reload();
  }, [prices.data, prices.error, prices.isValidating]);
  // A retry shows the spinner again, not the old error.
  const pricingError = prices.error && !prices.isValidating ? prices.error.message : null;
  const tracked = useRef(false);
  const [justPaid, setJustPaid] = useState(false);
  // Back from paying for the week pass (?week=paid): its confirmation leads the week's screen.
  const [weekPaid] = useState(() => new URLSearchParams(window.location.search).get('week') === 'paid');

  useEffect(() => {
    // Back from a card payment: ask the server to re-check it (POST /api/payments/sync-method).
    const q = new URLSearchParams(window.location.search);
    const paymentId = q.get('paymentId') ?? q.get('payment_id') ?? undefined;
    const orderId = q.get('orderId') ?? undefined;
    if (paymentId || orderId)
      syncMethod({ paymentId, orderId })
        .then(({ userStatus }) => afterPayment(userStatus))
        .catch(() => {})
        .finally(() => {
          void reload();
          // The pricing was loaded before the payment was confirmed (a trial used up changes it).
          prices.reload();
        });
  }, []);

  useEffect(() => {
    if (!pricing || tracked.current) return;
    tracked.current = true;
    track('subscription_page_view', { subscriptionType: data?.userStatus.subscriptionType ?? null });
    track('paywall_shown', {
      abMicroVariant: pricing.abMicroVariant,
      abTone: pricing.abTone,
      currency: pricing.currency,
      source: 'subscription_screen',
    });
  }, [pricing, data]);

  const status = data?.userStatus ?? null;
  const onPaid = (s: UserStatus) => {
    setJustPaid(true);
    afterPayment(s);
    // A trial used up changes the prices shown here.
    prices.reload();
  };
  // One retry for whatever failed to load (the status, the prices or both).
  const retry = () => {
    if (!status) void reload();
    if (!pricing) prices.reload();
  };

  return {
    status,
    userId: data?.user.id ?? null,
    error,
    loading,
    pricing,
    pricingError,
    proof: proof ?? null,
    justPaid,
    setJustPaid,
    weekPaid,
    onPaid,
    retry,
  };
}
