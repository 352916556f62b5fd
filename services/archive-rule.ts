// The archive rule, in one place: free, week and basic users see the last 30 days of their readings, VIP (and
// special access) all of them. Every path that shows a reading's content — the reading, its interpretation in
// any form, follow-ups, the chat call, the owner's pictures and share kit, the bot — loads it through
// `readableReading`. A signed share link does not ask: the owner chose to share it, for the link's lifetime.
import { SECTION_NAMES } from '../domain/commerce/catalogue';
import * as pairsRepo from '../db/repositories/pairs';
import * as readingsRepo from '../db/repositories/readings';
import * as usersRepo from '../db/repositories/users';
import type { Reading, User } from '../db/schema';
import { DAY_MS } from '../domain/text/time';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import { entitlementOf, seesWholeArchive as planSeesWholeArchive } from '../domain/commerce/entitlement';
import { ARCHIVE_WINDOW_DAYS, PRODUCT_INFO } from '../domain/commerce/catalogue';

type RuleDeps = Pick<ServiceDeps, 'db' | 'clock' | 'specialAccessUserIds'>;

/** Where the visible part of a non-VIP archive starts now. */
export const archiveWindowStart = (deps: RuleDeps) => new Date(deps.clock().getTime() - ARCHIVE_WINDOW_DAYS * DAY_MS);

/** The whole archive is open to this user (VIP or special access). */
export function seesWholeArchive(deps: RuleDeps, user: User): boolean {
  return planSeesWholeArchive(entitlementOf(user, deps.clock(), deps.specialAccessUserIds));
}

export const needsVip = () =>
  new ServiceError(
    'payment_required',
    `Расклады в «${SECTION_NAMES.archive}» старше ${ARCHIVE_WINDOW_DAYS} дней открывает ${PRODUCT_INFO.vip.name}.`,
    {
      requiredPlan: 'vip',
      redirect: '/subscription',
    },
  );

/**
 * Who may see a reading at all: its asker, and while the pair lasts, the other member of the pair it was asked
 * for. Anyone else (and a missing reading) gets the same 404.
 */
async function visibleTo(deps: RuleDeps, userId: number, id: number): Promise<{ reading: Reading; viaPair: boolean }> {
  const r = await readingsRepo.findReading(deps.db, id);
  if (!r) throw new ServiceError('not_found', 'Расклад не найден');
  const viaPair = r.pair_id !== null && (await pairsRepo.isActiveMember(deps.db, r.pair_id, userId));
  if (r.user_id !== userId && !viaPair) throw new ServiceError('not_found', 'Расклад не найден');
  return { reading: r, viaPair };
}

/** The reading if the user may see it at all, whatever its age (a note is written on it). */
export async function visibleReading(deps: RuleDeps, userId: number, id: number): Promise<Reading> {
  return (await visibleTo(deps, userId, id)).reading;
}

/**
 * The caller's own reading (or their pair's), if the archive shows it to them: someone else's or a missing one is 404 (ids must
 * not tell what exists), one older than the window 402 unless the whole archive is open. The user row is read
 * only for an old reading, so a fresh one costs one query, as before.
 */
export async function readableReading(deps: RuleDeps, userId: number, id: number): Promise<Reading> {
  const { reading: r, viaPair } = await visibleTo(deps, userId, id);
  // A reading of a pair the user is in now stays open whatever the plan (what exists stays visible).
  if (!viaPair && r.created_at < archiveWindowStart(deps)) {
    const user = await usersRepo.findUser(deps.db, userId);
    if (!user || !seesWholeArchive(deps, user)) throw needsVip();
  }
  return r;
}
