// Prices as the user pays them: every price on every screen comes from the server's pricing answer (defaults
// with the configuration's overrides), shown in Stars inside Telegram and in roubles in a browser. The mode is
// decided here once (priceMode in domain/commerce/pricing.ts, from where the app runs and the provider it pays with).
import type { PlanId } from '../../../domain/commerce/catalogue';
import { perPeriod } from '../../../domain/commerce/claims';
import { formatTag, priceMode, tagNote, type PriceMode, type PriceTag } from '../../../domain/commerce/pricing';
import { keys, useApi } from '../data';
import { insideTelegram } from '../telegram/launch';
import { getPricing, type Pricing } from './client';
import { preferredProvider } from './pay';

/** Stars inside Telegram, roubles in a browser (the provider the payment would use decides when known). */
export const displayMode = (p: Pick<Pricing, 'providers'> | null): PriceMode => priceMode(insideTelegram(), preferredProvider(p));

export interface Prices {
  /** The pricing answer (null until it loads: screens show no price until then). */
  pricing: Pricing | null;
  mode: PriceMode;
  /** «385 ⭐» or «499 ₽». */
  show: (tag: PriceTag) => string;
  /** The small-type estimate in the user's currency (a browser only), or null. */
  note: (tag: PriceTag) => string | null;
  /** A plan's price for its period («385 ⭐ в месяц», «990 ⭐ на 3 месяца»), or null until the pricing loads. */
  monthly: (plan: PlanId) => string | null;
}

export function pricesFor(pricing: Pricing | null): Prices {
  const mode = displayMode(pricing);
  const monthly = (plan: PlanId) =>
    pricing ? `${formatTag(tagOf(pricing, plan), mode)} ${perPeriod(pricing.plansById[plan].days)}` : null;
  return { pricing, mode, show: (tag) => formatTag(tag, mode), note: (tag) => tagNote(tag, mode), monthly };
}

/**
 * The pricing answer (one cache entry for every screen) with its formatters; `enabled` false loads nothing.
 * `failed`: the Russian message when it could not load (not while a retry runs); `reload` asks again.
 */
export function usePrices(enabled = true): Prices & { failed: string | null; reload: () => void } {
  const { data, error, isValidating, reload } = useApi(enabled ? keys.pricing : null, getPricing);
  return { ...pricesFor(data ?? null), failed: error && !isValidating && !data ? error.message : null, reload };
}

/** A product's price tag in the pricing answer. */
export function tagOf(pricing: Pricing, product: 'week' | 'micro' | 'trial' | PlanId): PriceTag {
  return product === 'week' || product === 'micro' || product === 'trial' ? pricing[product].tag : pricing.plansById[product].tag;
}

/** The small-type note after a price (a local-currency estimate in a browser); nothing when there is none. */
export function PriceNote({ text, testId }: { text: string | null; testId?: string }) {
  return text ? (
    <small className="price-note" data-testid={testId}>
      {' '}
      {text}
    </small>
  ) : null;
}
