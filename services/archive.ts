// «Мои расклады» (the archive): every reading is kept for every user; free, week and basic users see the last 30 days,
// VIP users (and special access) all of it (the rule itself, for every path, is in archive-rule.ts). Search
// by question text and by card. Nothing is ever deleted.
import * as archiveRepo from '../db/repositories/archive';
import { DECK } from '../domain/tarot/deck';
import { ARCHIVE_WINDOW_DAYS } from '../domain/commerce/catalogue';
import { archiveWindowStart, needsVip, seesWholeArchive } from './archive-rule';
import type { ServiceDeps } from './deps';
import { readingView, type ReadingView } from './readings';
import type { UserService } from './users';

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

/** Card ids whose Russian name (or id) contains `query`: «туз» finds the four aces. */
export function cardsMatching(query: string): string[] {
  const q = query.trim().toLowerCase().replace(/ё/g, 'е');
  if (!q) return [];
  return DECK.filter((c) => c.id === q || c.name.toLowerCase().replace(/ё/g, 'е').includes(q)).map((c) => c.id);
}

export function createArchiveService(deps: ServiceDeps, users: UserService) {
  return {
    /** GET /api/user/readings: the visible part of the archive, newest first, with search. */
    async list(userId: number, o: { limit: number; offset: number; q?: string; card?: string; scope?: 'all' }): Promise<ArchivePage> {
      const user = await users.requireUser(userId);
      const vip = seesWholeArchive(deps, user);
      if (o.scope === 'all' && !vip) throw needsVip();
      const since = vip ? undefined : archiveWindowStart(deps);
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
  };
}
