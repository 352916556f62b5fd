// The week offer on the daily card: shown to a free user while the server allows an upsell (in the hour after a
// purchase it does not: no offer box, no timer) and to a week holder; seen once, tracked once.
import { useEffect, useRef } from 'react';
import type { Pricing } from '../payments/client';
import { track } from '../payments/client';
import { useWeekPurchase } from '../payments/components';

export function useDailyWeekOffer(pricing: Pricing | null, hasEntitlements: boolean, tier: string) {
  const { busy, message, buy } = useWeekPurchase(pricing, 'interactive_daily_card');
  const weekTracked = useRef(false);
  const showWeek = hasEntitlements && !!pricing && (tier === 'week' || (tier === 'free' && pricing.upsell));
  useEffect(() => {
    if (!showWeek || weekTracked.current) return;
    weekTracked.current = true;
    track('saw_week_offer', { source: 'interactive_daily_card' });
    track('upsell_shown_week', { source: 'interactive_daily_card', priceWeek: pricing?.week.price });
  }, [showWeek]);
  return { showWeek, busy, message, buy };
}
