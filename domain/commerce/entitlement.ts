// The one entitlement function: what a user may do now, from their stored plan, its expiry and special access.
// Every check of what a plan opens (spreads and their daily number, follow-ups, the archive, the daily card's
// redraw, the interpretation's length) reads the access it returns; the catalogue says what each plan opens.
import { PLAN_ACCESS, SPECIAL_ACCESS, TRIAL_SECOND_OPINIONS_PER_DAY, type PlanAccess } from './catalogue';
import type { SpreadDefinition, Tier } from '../types';

export interface Entitlement {
  /** The plan in force now (an expired plan is free). */
  tier: Tier;
  /** From SPECIAL_ACCESS_USER_IDS: everything VIP opens, whatever the stored plan. */
  special: boolean;
  /** What the user may do: the plan's access, or VIP's for special access. */
  access: PlanAccess;
}

/** The plan in force at `now`: a paid plan whose expiry has passed counts as free. */
export function effectiveTier(type: Tier, expires: Date | null, now: Date): Tier {
  if (type === 'free') return 'free';
  if (expires && expires.getTime() <= now.getTime()) return 'free';
  return type;
}

/** The user's entitlement at `now` (the micro pack is per reading and decided where it is spent). */
export function entitlementOf(
  user: { id: number; subscription_type: Tier; subscription_expires: Date | null },
  now: Date,
  specialIds: readonly number[],
): Entitlement {
  return entitlementFor(effectiveTier(user.subscription_type, user.subscription_expires, now), specialIds.includes(user.id));
}

/** The entitlement of a plan in force (the status the server sent names both). */
export const entitlementFor = (tier: Tier, special: boolean): Entitlement => ({
  tier,
  special,
  access: special ? SPECIAL_ACCESS : PLAN_ACCESS[tier],
});

export const isPaidTier = (tier: Tier) => tier !== 'free';

/** The level of interpretation: a 2-3 sentence conclusion, or the full 5-7 (paid plans). */
export const interpretationLevel = (e: Entitlement): 'basic' | 'premium' => (e.access.fullInterpretation ? 'premium' : 'basic');

export const dailySpreadLimit = (e: Entitlement): number => e.access.spreadsPerDay;

export type SpreadAccessVerdict = { ok: true } | { ok: false; reason: 'needs_paid' | 'needs_vip' };

/** Whether the user may open a spread at all (quota aside). */
export function canUseSpread(e: Entitlement, spread: Pick<SpreadDefinition, 'access'>): SpreadAccessVerdict {
  if (e.access.spreadLevels.includes(spread.access)) return { ok: true };
  return { ok: false, reason: spread.access === 'vip' ? 'needs_vip' : 'needs_paid' };
}

/** Follow-up questions per reading. */
export const followUpAllowance = (e: Entitlement): number => e.access.followUpsPerReading;

/** «Второе мнение» a day: the plan's number; a VIP period that is the trial gives the trial's (special access never). */
export const secondOpinionAllowance = (e: Entitlement, onTrial = false): number =>
  onTrial && !e.special && e.tier === 'vip'
    ? Math.min(TRIAL_SECOND_OPINIONS_PER_DAY, e.access.secondOpinionsPerDay)
    : e.access.secondOpinionsPerDay;

/** The whole archive is open (VIP and special access); others see ARCHIVE_WINDOW_DAYS. */
export const seesWholeArchive = (e: Entitlement): boolean => e.access.archiveDays === null;

/** Paid and special users may draw the daily card again. */
export const canRedrawDailyCard = (e: Entitlement) => e.access.dailyRedraw;

/** The refusal when the day's spreads are used up: the free spread, or the plan's daily limit (app and bot). */
export const spreadLimitText = (free: boolean): string =>
  free ? 'Бесплатный расклад на сегодня уже использован.' : 'Лимит раскладов на сегодня исчерпан.';
