// «Архив гаданий»: every reading is kept for every user; free, week and basic users see the last 30 days,
// VIP users (and special access) all of it. Search by question text and by card. Nothing is ever deleted.
import * as archiveRepo from '../db/repositories/archive';
import type { User } from '../db/schema';
import { DECK } from '../domain/deck';
import { DAY_MS } from '../domain/time';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import { readingView, type ReadingView } from './readings';
import { entitlementOf, type UserService } from './users';

export const ARCHIVE_WINDOW_DAYS = 30;

export interface ArchivePage {
  readings: ReadingView[];
  total: number;
  limit: number;
  offset: number;
  /** The whole archive is open (VIP). */
  fullArchive: boolean;
  /** Days of history a non-VIP user sees (null for VIP). */
  windowDays: number | null;
  /** Readings older than the window that VIP would open (0 for VIP). */
  olderHidden: number;
}

const needsVip = () =>
  new ServiceError('payment_required', `Архив гаданий старше ${ARCHIVE_WINDOW_DAYS} дней доступен с VIP-подпиской.`, {
    requiredPlan: 'vip_499',
    redirect: '/subscription',
  });

/** Card ids whose Russian name (or id) contains `query`: «туз» finds the four aces. */
export function cardsMatching(query: string): string[] {
  const q = query.trim().toLowerCase().replace(/ё/g, 'е');
  if (!q) return [];
  return DECK.filter((c) => c.id === q || c.name.toLowerCase().replace(/ё/g, 'е').includes(q)).map((c) => c.id);
}

export function createArchiveService(deps: ServiceDeps, users: UserService) {
  const windowStart = () => new Date(deps.clock().getTime() - ARCHIVE_WINDOW_DAYS * DAY_MS);
  const isVip = (user: User) => {
    const e = entitlementOf(user, deps.clock(), deps.specialAccessUserIds);
    return e.special || e.tier === 'vip_499';
  };

  return {
    /** GET /api/user/readings: the visible part of the archive, newest first, with search. */
    async list(userId: number, o: { limit: number; offset: number; q?: string; card?: string; scope?: 'all' }): Promise<ArchivePage> {
      const user = await users.requireUser(userId);
      const vip = isVip(user);
      if (o.scope === 'all' && !vip) throw needsVip();
      const since = vip ? undefined : windowStart();
      const filter: archiveRepo.ArchiveFilter = {
        userId,
        since,
        text: o.q?.trim() || undefined,
        cardIds: o.card?.trim() ? cardsMatching(o.card) : undefined,
      };
      const [rows, total, olderHidden] = await Promise.all([
        archiveRepo.searchReadings(deps.db, filter, o.limit, o.offset),
        archiveRepo.countMatching(deps.db, filter),
        since ? archiveRepo.countOlder(deps.db, userId, since) : Promise.resolve(0),
      ]);
      return {
        readings: rows.map(readingView),
        total,
        limit: o.limit,
        offset: o.offset,
        fullArchive: vip,
        windowDays: vip ? null : ARCHIVE_WINDOW_DAYS,
        olderHidden,
      };
    },

    /** Whether the user may open a reading of theirs made at `createdAt` (older than the window: VIP only, else 402). */
    async assertVisible(userId: number, createdAt: Date): Promise<void> {
      if (createdAt >= windowStart()) return;
      if (!isVip(await users.requireUser(userId))) throw needsVip();
    },
  };
}
