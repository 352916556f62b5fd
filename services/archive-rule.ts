// The archive rule, in one place: free, week and basic users see the last 30 days of their readings, VIP (and
// special access) all of them. Every path that shows a reading's content — the reading, its interpretation in
// any form, follow-ups, the chat call, the owner's pictures and share kit, the bot — loads it through
// `readableReading`. A signed share link does not ask: the owner chose to share it, for the link's lifetime.
import { SECTION_NAMES } from '../domain/catalogue';
import * as readingsRepo from '../db/repositories/readings';
import * as usersRepo from '../db/repositories/users';
import type { Reading, User } from '../db/schema';
import { DAY_MS } from '../domain/time';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import { entitlementOf, seesWholeArchive as planSeesWholeArchive } from '../domain/entitlement';
import { ARCHIVE_WINDOW_DAYS, PRODUCT_INFO } from '../domain/catalogue';

type RuleDeps = Pick<ServiceDeps, 'db' | 'clock' | 'specialAccessUserIds'>;

/** Where the visible part of a non-VIP archive starts now. */
export const archiveWindowStart = (deps: RuleDeps) => new Date(deps.clock().getTime() - ARCHIVE_WINDOW_DAYS * DAY_MS);

/** The whole archive is open to this user (VIP or special access). */
export function seesWholeArchive(deps: RuleDeps, user: User): boolean {
  return planSeesWholeArchive(entitlementOf(user, deps.clock(), deps.specialAccessUserIds));
}

export const needsVip = () =>
  new ServiceError('payment_required', `Расклады в «${SECTION_NAMES.archive}» старше ${ARCHIVE_WINDOW_DAYS} дней открывает ${PRODUCT_INFO.vip.name}.`, {
    requiredPlan: 'vip',
    redirect: '/subscription',
  });

/**
 * The caller's own reading, if the archive shows it to them: someone else's or a missing one is 404 (ids must
 * not tell what exists), one older than the window 402 unless the whole archive is open. The user row is read
 * only for an old reading, so a fresh one costs one query, as before.
 */
export async function readableReading(deps: RuleDeps, userId: number, id: number): Promise<Reading> {
  const r = await readingsRepo.findReading(deps.db, id);
  if (!r || r.user_id !== userId) throw new ServiceError('not_found', 'Расклад не найден');
  if (r.created_at < archiveWindowStart(deps)) {
    const user = await usersRepo.findUser(deps.db, userId);
    if (!user || !seesWholeArchive(deps, user)) throw needsVip();
  }
  return r;
}
