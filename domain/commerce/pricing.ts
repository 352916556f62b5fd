// The product catalogue and its prices, pure: the server charges from it and the web app
// shows it. Prices are whole roubles; configuration may override them (config.ts PRICES_RUB and friends).
import {
  PLAN_ACCESS,
  PRODUCTS,
  PRODUCT_INFO,
  planInfo,
  tierName,
  type PaidTier,
  type PlanId,
  type ProductId,
  type StarsProductId,
} from './catalogue';
import { variantFromBits } from '../text/variant';
import { effectiveTier } from './entitlement';
import { DAY_MS } from '../text/time';
import type { Tier } from '../types';

export const CURRENCIES = ['RUB', 'UAH', 'KZT', 'BYN'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_SYMBOLS: Record<Currency, string> = { RUB: '₽', UAH: '₴', KZT: '₸', BYN: 'Br' };

export const DEFAULT_PRICES_RUB = Object.fromEntries(PRODUCTS.map((p) => [p, PRODUCT_INFO[p].price.rub])) as Record<ProductId, number>;
/** The micro pack's promotional price per A/B variant; A is the control (the regular price). */
export const DEFAULT_MICRO_PRICE_VARIANTS: Record<AbVariant, number> = { A: 99, B: 79 };
/** Telegram Stars (XTR) prices; a Star is worth about 1.3 ₽ to the seller. */
export const DEFAULT_STARS_PRICES = Object.fromEntries(
  PRODUCTS.flatMap((p) => (PRODUCT_INFO[p].price.stars === null ? [] : [[p, PRODUCT_INFO[p].price.stars]])),
) as Record<StarsProductId, number>;
/** Units of the currency per rouble, for showing prices to users whose app speaks uk, kk or be. */
export const DEFAULT_CURRENCY_RATES: Record<Exclude<Currency, 'RUB'>, number> = { UAH: 0.45, KZT: 5.6, BYN: 0.035 };

/** Telegram allows exactly 30 days for a Stars subscription. */
export const STARS_SUBSCRIPTION_PERIOD_S = 2_592_000;
/** The micro promo and the week offer count down 15 minutes (mm:ss). */
/** No upsell (offers, promo timers) in this long after a purchase. */
export const UPSELL_QUIET_MS = 60 * 60 * 1000;
/** Whether offers may be shown at `now`: not within the hour after the last granted payment. */
export const upsellAllowed = (lastPaidAt: Date | null, now: Date): boolean =>
  !lastPaidAt || now.getTime() - lastPaidAt.getTime() >= UPSELL_QUIET_MS;
export const OFFER_COUNTDOWN_MS = 15 * 60 * 1000;
/** A new micro promo may start this long after the last one ended. */
export const MICRO_PROMO_COOLDOWN_MS = DAY_MS;
/** A pending micro payment is worth waiting for this long (the micro-result access guard). */
export const PENDING_MICRO_VALID_MS = 30 * 60 * 1000;
export const ENTITLEMENT_POLL_ATTEMPTS = 25;

export const TONES = ['romance', 'mystic'] as const;
export type Tone = (typeof TONES)[number];
export const AB_VARIANTS = ['A', 'B'] as const;
export type AbVariant = (typeof AB_VARIANTS)[number];

export interface PricingTable {
  pricesRub: Record<ProductId, number>;
  microPriceVariants: Record<AbVariant, number>;
  starsPrices: Record<StarsProductId, number>;
  currencyRates: Record<Exclude<Currency, 'RUB'>, number>;
}

/** The defaults with configuration overrides laid over them. */
export function resolvePricing(overrides: Partial<{ [K in keyof PricingTable]: Partial<Record<string, number>> }> = {}): PricingTable {
  return {
    pricesRub: { ...DEFAULT_PRICES_RUB, ...(overrides.pricesRub as object) },
    microPriceVariants: { ...DEFAULT_MICRO_PRICE_VARIANTS, ...(overrides.microPriceVariants as object) },
    starsPrices: { ...DEFAULT_STARS_PRICES, ...(overrides.starsPrices as object) },
    currencyRates: { ...DEFAULT_CURRENCY_RATES, ...(overrides.currencyRates as object) },
  };
}

/** Copy tone and micro-price variant: stable per user — bit 0 and bit 1 of the 32-bit FNV-1a of the id. */
export const chooseTone = (userId: number | string | null | undefined): Tone => variantFromBits(userId, TONES, 0);
export const chooseMicroVariant = (userId: number | string | null | undefined): AbVariant => variantFromBits(userId, AB_VARIANTS, 1);

/** The currency a user sees, from the app's language (uk, kk, be); everyone else sees roubles. */
export function currencyForLanguage(languageCode: string | null | undefined): Currency {
  const lang = (languageCode ?? '').toLowerCase().slice(0, 2);
  return lang === 'uk' ? 'UAH' : lang === 'kk' ? 'KZT' : lang === 'be' ? 'BYN' : 'RUB';
}

/** A rouble price in another currency: whole units, except BYN (kopecks matter at its rate). */
export function convertRub(rub: number, currency: Currency, rates: PricingTable['currencyRates']): number {
  if (currency === 'RUB') return rub;
  const v = rub * rates[currency];
  return currency === 'BYN' ? Math.max(0.01, Math.round(v * 100) / 100) : Math.max(1, Math.round(v));
}

/** «1 234 ₽», «5,2 Br»: ru-RU numbers with the currency's symbol. */
export function formatPrice(amount: number, currency: Currency = 'RUB'): string {
  const n = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(amount);
  return `${n}\u00a0${CURRENCY_SYMBOLS[currency] ?? currency}`;
}

/**
 * How prices are shown: inside Telegram every payment is in Stars, so every price is in Stars; in a browser
 * it is the roubles YooKassa charges. `provider` is the one the app would pay with (undefined: mock payments,
 * which follow where the app runs).
 */
export type PriceMode = 'stars' | 'rub';
export function priceMode(insideTelegram: boolean, provider: 'stars' | 'yookassa' | undefined): PriceMode {
  if (provider) return provider === 'stars' ? 'stars' : 'rub';
  return insideTelegram ? 'stars' : 'rub';
}

/** One price as the server decided it: roubles, Stars (null: not sold for Stars) and the local estimate. */
export interface PriceTag {
  rub: number;
  stars: number | null;
  /** The price in the user's currency (uk, kk, be), shown in small type in a browser; null for roubles. */
  local: { amount: number; currency: Currency } | null;
}

export function priceTag(t: PricingTable, rub: number, stars: number | null, currency: Currency): PriceTag {
  return { rub, stars, local: currency === 'RUB' ? null : { amount: convertRub(rub, currency, t.currencyRates), currency } };
}

/** «385 ⭐». */
export const formatStars = (stars: number) => `${new Intl.NumberFormat('ru-RU').format(stars)}\u00a0⭐`;

/** The price as the user pays it: Stars in Telegram, roubles in a browser. */
export function formatTag(tag: PriceTag, mode: PriceMode): string {
  return mode === 'stars' && tag.stars !== null ? formatStars(tag.stars) : formatPrice(tag.rub, 'RUB');
}

/** The small-type note after a price: a local-currency estimate in a browser («≈ 225 ₴»), else nothing. */
export function tagNote(tag: PriceTag, mode: PriceMode): string | null {
  return mode === 'rub' && tag.local ? `≈ ${formatPrice(tag.local.amount, tag.local.currency)}` : null;
}

/** Delay before entitlement poll `attempt` (0-based) on the micro-result screen. */
export const pollDelayMs = (attempt: number) => Math.min(1000 + 100 * attempt, 2000);

/** mm:ss for the offer countdowns. */
export function formatMmSs(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The micro pack's price in force: the variant's promo price while the promo runs, else the regular one. */
export function microPriceRub(t: PricingTable, variant: AbVariant, promoActive: boolean): number {
  return promoActive ? t.microPriceVariants[variant] : t.pricesRub.micro;
}

/** Stars for a product; the micro promo scales the micro Stars price by the same ratio as roubles. */
export function starsPrice(t: PricingTable, product: StarsProductId, microRub?: number): number {
  if (product === 'micro' && microRub !== undefined && microRub !== t.pricesRub.micro)
    return Math.max(1, Math.round((t.starsPrices.micro * microRub) / t.pricesRub.micro));
  return t.starsPrices[product];
}

/** YooKassa's amount: a string with two decimals. */
export const rubAmountString = (rub: number) => rub.toFixed(2);

/** What a product grants: a tier for some days (micro grants a reveal instead); the trial grants its plan's tier. */
export function productGrant(product: ProductId, planId?: PlanId): { tier: PaidTier; days: number } | null {
  const p = PRODUCT_INFO[product];
  switch (p.kind) {
    case 'micro':
      return null;
    case 'pass':
    case 'plan':
      return { tier: p.tier!, days: p.days! };
    case 'trial':
      return { tier: planId ? planInfo(planId).tier : p.tier!, days: p.days! };
    default:
      return p.kind satisfies never;
  }
}

/** The rouble value of one day of a paid tier (its plan's price over its period), for converting leftover days when the tier changes. */
export function dailyValueRub(t: PricingTable, tier: PaidTier): number {
  const product = PRODUCTS.find((p) => PRODUCT_INFO[p].tier === tier && PRODUCT_INFO[p].kind !== 'trial')!;
  return t.pricesRub[product] / PRODUCT_INFO[product].days!;
}

export interface PlanState {
  type: Tier;
  expires: Date | null;
}

/**
 * The plan after a purchase of `grant`: the same tier extends from the later of now and the current
 * expiry; a different tier starts now. The unused days of a week pass are added to the new plan's end as
 * days; those of another plan are converted at their rouble value (a basic user who upgrades loses
 * nothing). A plan without an end date is not shortened.
 */
export function extendPlan(
  current: PlanState,
  grant: { tier: Exclude<Tier, 'free'>; days: number },
  now: Date,
  t: PricingTable,
): { type: Exclude<Tier, 'free'>; expires: Date | null } {
  const tier = effectiveTier(current.type, current.expires, now);
  const periodMs = grant.days * DAY_MS;
  if (tier === 'free') return { type: grant.tier, expires: new Date(now.getTime() + periodMs) };
  if (current.expires === null)
    return tier === grant.tier || tierRank(tier) >= tierRank(grant.tier)
      ? { type: tier, expires: null }
      : { type: grant.tier, expires: new Date(now.getTime() + periodMs) };
  if (tier === grant.tier) return { type: tier, expires: new Date(Math.max(now.getTime(), current.expires.getTime()) + periodMs) };
  const leftoverMs = Math.max(0, current.expires.getTime() - now.getTime());
  const creditMs = tier === 'week' ? leftoverMs : Math.floor((leftoverMs * dailyValueRub(t, tier)) / dailyValueRub(t, grant.tier));
  return { type: grant.tier, expires: new Date(now.getTime() + periodMs + creditMs) };
}

/** Why a plan that includes the micro pack's extra cards is not sold them: they open without paying. */
const microIncluded = (tier: Tier) => `С ${tier === 'week' ? 'неделей безлимита' : 'VIP'} дополнительные карты открываются без оплаты`;

const RANK: Record<Tier, number> = { free: 0, basic: 1, week: 2, vip: 3 };
export const tierRank = (t: Tier) => RANK[t];

/**
 * Whether a user on `tier` may buy `product` now (the screens offer only these): the week pass is for
 * free users and week holders, a plan may be extended or upgraded but not bought under a better one, the
 * trial (once per user, checked by the service) leads up to VIP. The micro pack is open to everyone.
 */
export function purchaseVerdict(tier: Tier, product: ProductId): { ok: true } | { ok: false; message: string } {
  const p = PRODUCT_INFO[product];
  switch (p.kind) {
    case 'micro':
      // Plans whose access opens the extra cards without paying (the week pass, VIP) are never sold them.
      return PLAN_ACCESS[tier].microWithoutPaying ? { ok: false, message: microIncluded(tier) } : { ok: true };
    case 'pass':
      return tier === 'free' || tier === p.tier
        ? { ok: true }
        : { ok: false, message: 'У вас уже есть подписка: безлимит на неделю не нужен' };
    case 'plan':
      // Not under a better plan (a pass is not a plan: a week holder may buy any plan).
      return tier !== 'free' && tier !== 'week' && tierRank(tier) > tierRank(p.tier!)
        ? { ok: false, message: `У вас уже активен ${tierName(tier)}: ${p.name} не нужен` }
        : { ok: true };
    case 'trial':
      return tier === 'vip' ? { ok: false, message: 'Пробный период недоступен при активном VIP' } : { ok: true };
    default:
      return p.kind satisfies never;
  }
}

/**
 * Whether the trial of `plan` may be sold to a user on `tier` (the trial once per user is the service's
 * check): it leads up, to a plan above the one in force, and never under VIP.
 */
export const trialAllowed = (tier: Tier, plan: PlanId): boolean =>
  purchaseVerdict(tier, 'trial').ok && tierRank(planInfo(plan).tier) > tierRank(tier);
