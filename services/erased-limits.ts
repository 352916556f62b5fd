// Deleting the account deletes the data, not the day's limits: the usage of the counting day and the rate
// limits still in their window are kept under the keyed hash of the Telegram id when the user is erased, and
// become the user's again when they come back (in the transaction that creates them), so create → 429 →
// delete → again is still 429. The erased-user marker of a returning user moves under the keyed hash too.
import type { Queryable } from '../db/connection';
import * as keptRepo from '../db/repositories/erased-limits';
import type { User } from '../db/schema';
import { erasedBefore, rekeyLegacyMarker } from '../db/user-data';
import { userDay } from '../domain/text/day';
import { aiRateLimit } from './ai-provider';
import type { ServiceDeps } from './deps';
import { legacyErasedMarker, userKey } from './user-key';
import { USER_LIMITS } from './user-limits';

const LONGEST_USER_WINDOW_S = Math.max(...Object.values(USER_LIMITS).map((l) => l.windowS));

/** The window of one of a user's rate limits, by its name ('ai:<budget>', 'user:<kind>'). */
function windowOf(deps: ServiceDeps, name: string): number {
  if (name.startsWith('ai:')) return aiRateLimit(deps.ai).windowS;
  return (USER_LIMITS as Record<string, { windowS: number }>)[name.slice('user:'.length)]?.windowS ?? LONGEST_USER_WINDOW_S;
}

/** Inside the erasure's transaction, before the user's rows go. */
export async function keepLimitsOf(deps: ServiceDeps, trx: Queryable, user: User): Promise<void> {
  const now = deps.clock();
  const { day, endsAt } = userDay(user, now);
  await keptRepo.keepLimits(trx, user.id, {
    subject: userKey(deps.serverSecret, user.id),
    now,
    day,
    dayEndsAt: endsAt,
    windowS: (name) => windowOf(deps, name),
  });
}

/** Inside the transaction that has just created the user's row. */
export async function restoreLimitsOf(deps: Pick<ServiceDeps, 'serverSecret' | 'clock'>, trx: Queryable, userId: number): Promise<void> {
  const subject = userKey(deps.serverSecret, userId);
  await keptRepo.restoreLimits(trx, userId, subject, deps.clock());
  await rekeyLegacyMarker(trx, subject, legacyErasedMarker(userId));
}

/** What a returning user had used before erasing their data (the trial, a purchase), by the keyed marker. */
export const erasedBeforeOf = (deps: Pick<ServiceDeps, 'db' | 'serverSecret'>, userId: number) =>
  erasedBefore(deps.db, userKey(deps.serverSecret, userId), legacyErasedMarker(userId));
