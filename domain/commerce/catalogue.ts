// domain/commerce/: what is sold and how it is said — the catalogue, prices, entitlements, claims, renewal,
// offers and their copy, marketing and social proof, the agreement and legal texts, experiments and their
// statistics. It sits on top: it may read every other folder, none reads it.
//
// The catalogue: what we sell (plans, the week pass, the micro pack, the trial) and what each opens. Every
// screen, bot message, invoice, the terms and the pitches render their claims from here, so a plan is
// changed in one place. Prices live in pricing.ts (defaults with configuration overrides laid over them);
// nothing here names a price.
import { SPREAD_TYPES, type SpreadAccess, type SpreadType, type Tier } from '../types';

/** Products bought for a period that set the user's plan (the micro pack grants a reveal instead). */
export type PaidTier = Exclude<Tier, 'free'>;

/**
 * How a product renews: not at all; as a Telegram Stars subscription when paid in Stars (and from the kept
 * card when paid by card); or from the kept card only (in Stars it is then a one-off invoice).
 */
export const RENEWAL_KINDS = ['none', 'stars_subscription', 'card'] as const;
export type RenewalKind = (typeof RENEWAL_KINDS)[number];
/** What a product is: the micro pack (a reveal), a one-off pass, a plan (sold on the tariffs screen), the trial of a plan. */
export const PRODUCT_KINDS = ['micro', 'pass', 'plan', 'trial'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Telegram's only Stars subscription period, in days (subscription_period 2592000 s). */
const STARS_PERIOD_DAYS = 30;

/**
 * One product of the catalogue. Its period and renewal kind are required, and a Stars subscription can only
 * be declared for Telegram's 30 days (the type says so; a test checks the catalogue at run time too).
 */
export type ProductSpec = {
  /** The Russian name shown on every screen, message and invoice. */
  name: string;
  kind: ProductKind;
  /** The plan it sets while it lasts (the trial: the plan it is the trial of, VIP unless the order names one). */
  tier: PaidTier | null;
  /** The default prices (configuration may override them): roubles and Stars (null: not sold for Stars). */
  price: { rub: number; stars: number | null };
} & (
  | { renewal: 'stars_subscription'; days: typeof STARS_PERIOD_DAYS }
  | {
      renewal: Exclude<RenewalKind, 'stars_subscription'>;
      /** Days it lasts (the micro pack: null, it is spent on one reading). */
      days: number | null;
    }
);

/** The catalogue: every product, in the order the screens list them (plans cheapest first). */
const CATALOGUE = {
  micro: { name: 'Микро-пакет', kind: 'micro', tier: null, days: null, renewal: 'none', price: { rub: 99, stars: 75 } },
  week: { name: 'Неделя безлимита', kind: 'pass', tier: 'week', days: 7, renewal: 'none', price: { rub: 149, stars: 115 } },
  basic: { name: 'Basic', kind: 'plan', tier: 'basic', days: 30, renewal: 'stars_subscription', price: { rub: 299, stars: 230 } },
  vip: { name: 'VIP', kind: 'plan', tier: 'vip', days: 30, renewal: 'stars_subscription', price: { rub: 499, stars: 385 } },
  // Sold for roubles only; the kept card then renews the plan it is the trial of (the order names it; its
  // invoice says «Пробный период Basic» or «… VIP», claims.ts trialName).
  trial: { name: 'Пробный период', kind: 'trial', tier: 'vip', days: 7, renewal: 'card', price: { rub: 10, stars: null } },
} as const satisfies Record<string, ProductSpec>;

type Catalogue = typeof CATALOGUE;
export type ProductId = keyof Catalogue;
export const PRODUCTS = Object.keys(CATALOGUE) as ProductId[];
/** The plans: the products of kind 'plan'. */
export type PlanId = { [K in ProductId]: Catalogue[K]['kind'] extends 'plan' ? K : never }[ProductId];
/** The products sold for Stars (a Stars price in the catalogue). */
export type StarsProductId = { [K in ProductId]: Catalogue[K]['price']['stars'] extends number ? K : never }[ProductId];
export const isProductId = (id: unknown): id is ProductId => typeof id === 'string' && Object.hasOwn(CATALOGUE, id);
export const isPlanId = (id: unknown): id is PlanId =>
  typeof id === 'string' && Object.hasOwn(CATALOGUE, id) && CATALOGUE[id as ProductId].kind === 'plan';
export const PLAN_IDS: readonly PlanId[] = PRODUCTS.filter(isPlanId);
/**
 * Ids that carried a price until the catalogue (vip_499, basic_299, week_7d). Requests, bot buttons already
 * sent into chats and price overrides that use them are accepted for one release.
 */
export const LEGACY_PLAN_IDS = { vip_499: 'vip', basic_299: 'basic', week_7d: 'week' } as const satisfies Record<string, ProductId>;

export function legacyPlanId(id: string): ProductId | undefined {
  return Object.hasOwn(LEGACY_PLAN_IDS, id) ? LEGACY_PLAN_IDS[id as keyof typeof LEGACY_PLAN_IDS] : undefined;
}

/** A product id as the catalogue names it: an old id becomes its new one, anything else stays as it is. */
export const currentProductId = (id: unknown): unknown => (typeof id === 'string' ? (legacyPlanId(id) ?? id) : id);

export const WEEK_DAYS: number = CATALOGUE.week.days;
export const TRIAL_DAYS: number = CATALOGUE.trial.days;
/** Non-VIP users see this many days of their archive; VIP sees all of it. */
export const ARCHIVE_WINDOW_DAYS = 30;
/** "Unlimited" plans are capped at this many spreads a day. */
export const UNLIMITED_CAP = 999;

/** What a plan opens: the one list every claim about a plan is rendered from. */
export interface PlanAccess {
  /** Spreads a day (UNLIMITED_CAP means «без ограничений»). */
  spreadsPerDay: number;
  /** The spread access levels this plan opens (see SpreadDefinition.access). */
  spreadLevels: readonly SpreadAccess[];
  /** Follow-up questions («Уточнить») per reading. */
  followUpsPerReading: number;
  /** «Второе мнение»: the same cards read again in another voice, this many a day (0: locked). */
  secondOpinionsPerDay: number;
  /** Days of the archive shown; null: all of it. */
  archiveDays: number | null;
  /** The daily card may be drawn again the same day. */
  dailyRedraw: boolean;
  /** The full (premium) interpretation rather than the short one. */
  fullInterpretation: boolean;
  /** The detailed analysis of the daily card (a micro pack opens it for 24 hours too). */
  detailedDay: boolean;
  /** The micro pack's extra cards open without paying (the week pass, and VIP, which includes it). */
  microWithoutPaying: boolean;
}

export const PLAN_ACCESS: Record<Tier, PlanAccess> = {
  free: {
    spreadsPerDay: 1,
    spreadLevels: ['free'],
    followUpsPerReading: 0,
    secondOpinionsPerDay: 0,
    archiveDays: ARCHIVE_WINDOW_DAYS,
    dailyRedraw: false,
    fullInterpretation: false,
    detailedDay: false,
    microWithoutPaying: false,
  },
  basic: {
    spreadsPerDay: 5,
    spreadLevels: ['free', 'paid'],
    followUpsPerReading: 1,
    secondOpinionsPerDay: 1,
    archiveDays: ARCHIVE_WINDOW_DAYS,
    dailyRedraw: true,
    fullInterpretation: true,
    detailedDay: true,
    microWithoutPaying: false,
  },
  week: {
    spreadsPerDay: UNLIMITED_CAP,
    spreadLevels: ['free', 'paid'],
    followUpsPerReading: 1,
    secondOpinionsPerDay: 1,
    archiveDays: ARCHIVE_WINDOW_DAYS,
    dailyRedraw: true,
    fullInterpretation: true,
    detailedDay: true,
    microWithoutPaying: true,
  },
  vip: {
    spreadsPerDay: UNLIMITED_CAP,
    spreadLevels: ['free', 'paid', 'vip'],
    followUpsPerReading: 3,
    secondOpinionsPerDay: 3,
    archiveDays: null,
    dailyRedraw: true,
    fullInterpretation: true,
    detailedDay: true,
    // VIP includes everything the week pass does (docs/decisions.md).
    microWithoutPaying: true,
  },
};

/**
 * Readings read aloud per 24 hours, by plan (special access counts as VIP): the voice service counts against
 * it, and the terms and the tariffs page state it, only when an AI provider is configured (no voice without one).
 */
export const READ_ALOUD_PER_DAY: Readonly<Record<Tier, number>> = { free: 1, week: 5, basic: 5, vip: 20 };

/** The trial sets VIP, but its second opinions are Basic's: one a day until the first full month is paid. */
export const TRIAL_SECOND_OPINIONS_PER_DAY = 1;

/** Special access (SPECIAL_ACCESS_USER_IDS) opens what VIP opens, whatever the stored plan. */
export const SPECIAL_ACCESS: PlanAccess = PLAN_ACCESS.vip;

export interface ProductInfo {
  id: ProductId;
  name: string;
  kind: ProductKind;
  /** Days it lasts (the micro pack: null, it is spent on one reading). */
  days: number | null;
  /** The plan it sets while it lasts. */
  tier: PaidTier | null;
  renewal: RenewalKind;
  price: { rub: number; stars: number | null };
}

export const PRODUCT_INFO = Object.fromEntries(PRODUCTS.map((id) => [id, { id, ...CATALOGUE[id] }])) as Record<ProductId, ProductInfo>;

/** A plan's catalogue entry, typed as a plan (its tier and days are set). */
export const planInfo = (plan: PlanId) => PRODUCT_INFO[plan] as ProductInfo & { tier: PaidTier; days: number };

/**
 * The plan a stored tier is sold as when nothing else names it (a stored `plan` column from before, a renewal
 * without its product): the first plan of that tier in the catalogue.
 */
export function planOfTier(tier: PaidTier): PlanId | undefined {
  return PLAN_IDS.find((p) => PRODUCT_INFO[p].tier === tier);
}

/** The plan a stored `plan` column names: itself when it is a plan, else the plan of `tier` (VIP's when none). */
export function storedPlan(stored: string | null | undefined, tier?: Tier): PlanId {
  if (isPlanId(stored)) return stored;
  return (tier && tier !== 'free' ? planOfTier(tier) : undefined) ?? planOfTier('vip')!;
}

/** Whether a product is sold in Stars as a Telegram subscription: it renews so, for Telegram's 30 days. */
export const isStarsSubscription = (product: ProductId): boolean =>
  PRODUCT_INFO[product].renewal === 'stars_subscription' && PRODUCT_INFO[product].days === STARS_PERIOD_DAYS;

/** The name of a stored plan («Бесплатный» for free). */
export const tierName = (tier: Tier): string => (tier === 'free' ? 'Бесплатный' : PRODUCT_INFO[tier].name);

/** What a micro pack gives besides its extra cards: one reading of this spread, and the detailed day analysis for a while. */
export const MICRO_PACK = { extraCards: 2, spread: 'past_present_future', detailedDayHours: 24 } as const satisfies {
  extraCards: number;
  spread: SpreadType;
  detailedDayHours: number;
};

/** The number of spreads the app offers (every claim of «N видов раскладов» uses it). */
// The pair's spread (readings for two) is asked on a pair's screen, not counted among the plans' spreads.
export const SPREAD_COUNT = SPREAD_TYPES.filter((id) => id !== 'pair_reading').length;

/** What the app calls its sections; every screen, pitch and message uses these names. */
export const SECTION_NAMES = {
  /** The saved readings with their notes (/history); the whole of it is what VIP sells. */
  archive: 'Мои расклады',
  /** The month in cards (/journal): figures only; notes live on a saved reading in the archive. */
  journal: 'Дневник',
} as const;

/** What the archive and the journal hold, said the same way on home and in the pitches. */
export const SECTION_PROMISES = {
  archive: 'Ваши расклады, толкования и заметки к ним',
  journal: 'Карты месяца, масти и стихии',
} as const;
