// The catalogue: what we sell (plans, the week pass, the micro pack, the trial) and what each opens. Every
// screen, bot message, invoice, the terms and the pitches render their claims from here, so a plan is
// changed in one place. Prices live in pricing.ts (defaults with configuration overrides laid over them);
// nothing here names a price.
import { SPREAD_TYPES, type SpreadAccess, type SpreadType, type Tier } from './types';

export const PRODUCTS = ['micro', 'week', 'basic', 'vip', 'trial'] as const;
export type ProductId = (typeof PRODUCTS)[number];
/** The monthly plans. */
export type PlanId = 'basic' | 'vip';
export const PLAN_IDS: readonly PlanId[] = ['basic', 'vip'];
/** Products bought for a period that set the user's plan (the micro pack grants a reveal instead). */
export type PaidTier = Exclude<Tier, 'free'>;

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

export const PLAN_DAYS = 30;
export const WEEK_DAYS = 7;
export const TRIAL_DAYS = 7;
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
  /** The micro pack's extra cards open without paying (the week pass). */
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
    microWithoutPaying: false,
  },
};

/** The trial sets VIP, but its second opinions are Basic's: one a day until the first full month is paid. */
export const TRIAL_SECOND_OPINIONS_PER_DAY = 1;

/** Special access (SPECIAL_ACCESS_USER_IDS) opens what VIP opens, whatever the stored plan. */
export const SPECIAL_ACCESS: PlanAccess = PLAN_ACCESS.vip;

export interface ProductInfo {
  id: ProductId;
  /** The Russian name shown on every screen, message and invoice. */
  name: string;
  /** Days it lasts (the micro pack: null, it is spent on one reading). */
  days: number | null;
  /** The plan it sets while it lasts. */
  tier: PaidTier | null;
}

export const PRODUCT_INFO: Record<ProductId, ProductInfo> = {
  micro: { id: 'micro', name: 'Микро-пакет', days: null, tier: null },
  week: { id: 'week', name: 'Неделя безлимита', days: WEEK_DAYS, tier: 'week' },
  basic: { id: 'basic', name: 'Basic', days: PLAN_DAYS, tier: 'basic' },
  vip: { id: 'vip', name: 'VIP', days: PLAN_DAYS, tier: 'vip' },
  trial: { id: 'trial', name: 'Пробный период VIP', days: TRIAL_DAYS, tier: 'vip' },
};

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
