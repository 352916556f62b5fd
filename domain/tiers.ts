// Tiers and what each allows (basic_299 has 5 spreads a day).
import type { SpreadDefinition, Tier } from './types';

export const DAILY_SPREAD_LIMITS: Record<Tier, number> = {
  free: 1,
  basic_299: 5,
  vip_499: 999,
  week_7d: 999,
};

/** "Unlimited" tiers are capped at this many spreads a day. */
export const UNLIMITED_CAP = 999;

export const isPaidTier = (tier: Tier) => tier !== 'free';

/** The level of interpretation a tier gets: basic asks for a 2-3 sentence conclusion, premium for 5-7. */
export const interpretationLevel = (tier: Tier): 'basic' | 'premium' => (isPaidTier(tier) ? 'premium' : 'basic');

export interface Entitlement {
  /** The tier in force now (an expired plan is free). */
  tier: Tier;
  /** From SPECIAL_ACCESS_USER_IDS: every spread, 999 a day. */
  special: boolean;
}

/** The tier in force at `now`: a paid plan whose expiry has passed counts as free. */
export function effectiveTier(type: Tier, expires: Date | null, now: Date): Tier {
  if (type === 'free') return 'free';
  if (expires && expires.getTime() <= now.getTime()) return 'free';
  return type;
}

export function dailySpreadLimit(e: Entitlement): number {
  return e.special ? UNLIMITED_CAP : DAILY_SPREAD_LIMITS[e.tier];
}

export type SpreadAccessVerdict = { ok: true } | { ok: false; reason: 'needs_paid' | 'needs_vip' };

/** Whether a tier may open a spread at all (quota aside). */
export function canUseSpread(e: Entitlement, spread: Pick<SpreadDefinition, 'access'>): SpreadAccessVerdict {
  if (e.special || spread.access === 'free') return { ok: true };
  if (spread.access === 'vip') return e.tier === 'vip_499' ? { ok: true } : { ok: false, reason: 'needs_vip' };
  return isPaidTier(e.tier) ? { ok: true } : { ok: false, reason: 'needs_paid' };
}

/** The refusal when the day's spreads are used up: the free spread, or the plan's daily limit (app and bot). */
export const spreadLimitText = (free: boolean): string =>
  free ? 'Бесплатный расклад на сегодня уже использован.' : 'Лимит раскладов на сегодня исчерпан.';

/** Free users get one daily card a day; paid and special users may draw again. */
export const canRedrawDailyCard = (e: Entitlement) => e.special || isPaidTier(e.tier);
