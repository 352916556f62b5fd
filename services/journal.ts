// The journal: notes on readings, and the month's figures from the user's own readings and daily cards.
import * as journalRepo from '../db/repositories/journal';
import { journalStats, monthLabel, NOTE_MAX, shiftMonth, type JournalStats } from '../domain/tarot/journal';
import { localDate } from '../domain/text/time';
import { CARD_BY_ID } from '../domain/tarot/deck';
import { readingPatterns, type ReadingPatterns } from '../domain/reading/patterns';
import { PRODUCT_INFO } from '../domain/commerce/catalogue';
import { seesWholeArchive, visibleReading } from './archive-rule';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import type { UserService } from './users';

export interface JournalView extends JournalStats {
  month: string;
  monthLabel: string;
  /** The months before and after, for the month switcher (null past the current month). */
  prevMonth: string;
  nextMonth: string | null;
  /** Whether the figures count the readings of the user's own deck («своя колода»). */
  ownDeck: 'include' | 'exclude';
  /** The month's own-deck readings, counted or not (the toggle says how many it leaves out). */
  ownDeckReadings: number;
  /** The user's notes on the month's daily cards, the latest day first. */
  dailyNotes: { day: string; cardName: string; reversed: boolean; note: string }[];
  /** The topics asked about and the ratings given, over the same readings as the figures. */
  patterns: ReadingPatterns;
  /** 'month', or 'all': every reading and daily card so far (VIP). */
  scope: 'month' | 'all';
}

type Row = Awaited<ReturnType<typeof journalRepo.readingsWithRatings>>[number];

/** The figures and patterns of some readings and daily cards, with or without the user's own deck. */
function figures(all: Row[], dailyCards: Parameters<typeof journalStats>[0]['dailyCards'], ownDeck: 'include' | 'exclude') {
  const counted = all.filter((r) => ownDeck === 'include' || !r.ownDeck);
  return {
    ownDeck,
    ownDeckReadings: all.filter((r) => r.ownDeck).length,
    patterns: readingPatterns(counted),
    ...journalStats({ readings: counted.map((r) => r.cards), dailyCards }),
  };
}

export function createJournalService(deps: ServiceDeps, users: UserService) {
  return {
    /** Sets the note of the caller's reading (trimmed; empty clears it). */
    async setNote(userId: number, readingId: number, raw: string): Promise<{ note: string | null; noteUpdatedAt: string | null }> {
      const note = raw.trim();
      if (note.length > NOTE_MAX) throw new ServiceError('bad_input', `note: не больше ${NOTE_MAX} символов`);
      // Someone else's reading answers exactly as a missing one; a pair's reading takes each member's own note.
      await visibleReading(deps, userId, readingId);
      const updated = await journalRepo.setNote(deps.db, userId, readingId, note || null);
      return { note: updated.note, noteUpdatedAt: updated.updatedAt ? updated.updatedAt.toISOString() : null };
    },

    /**
     * The figures of a local month ('YYYY-MM'; default the current one) in the user's time zone, with or
     * without the readings of the user's own deck (default with).
     */
    async month(userId: number, month?: string, ownDeck: 'include' | 'exclude' = 'include'): Promise<JournalView> {
      const user = await users.requireUser(userId);
      const tz = user.time_zone;
      const current = localDate(deps.clock(), tz).slice(0, 7);
      const m = month ?? current;
      if (m > current) throw new ServiceError('bad_input', 'month: этот месяц ещё не наступил');
      const next = shiftMonth(m, 1);
      const [all, dailyCards, notes] = await Promise.all([
        journalRepo.readingsWithRatings(deps.db, userId, { fromDay: `${m}-01`, toDay: `${next}-01`, timeZone: tz }),
        journalRepo.dailyCardsBetween(deps.db, userId, `${m}-01`, `${next}-01`),
        journalRepo.dailyNotesBetween(deps.db, userId, `${m}-01`, `${next}-01`),
      ]);
      return {
        month: m,
        monthLabel: monthLabel(m),
        prevMonth: shiftMonth(m, -1),
        nextMonth: next <= current ? next : null,
        scope: 'month',
        dailyNotes: notes.flatMap((n) => {
          const card = CARD_BY_ID.get(n.cardId);
          return card ? [{ day: n.day, cardName: card.name, reversed: n.orientation === 'reversed', note: n.note }] : [];
        }),
        ...figures(all, dailyCards, ownDeck),
      };
    },

    /** Every reading and daily card so far: VIP's view (402 with the plan's offer for others). */
    async allTime(userId: number, ownDeck: 'include' | 'exclude' = 'include'): Promise<JournalView> {
      const user = await users.requireUser(userId);
      if (!seesWholeArchive(deps, user))
        throw new ServiceError('payment_required', `Дневник за всё время открывает ${PRODUCT_INFO.vip.name}; без него — последний месяц.`, {
          requiredPlan: 'vip',
          redirect: '/subscription',
        });
      const current = localDate(deps.clock(), user.time_zone).slice(0, 7);
      const [all, dailyCards] = await Promise.all([
        journalRepo.readingsWithRatings(deps.db, userId, null),
        journalRepo.dailyCardsBetween(deps.db, userId, '1900-01-01', '9999-12-31'),
      ]);
      return {
        month: current,
        monthLabel: 'за всё время',
        prevMonth: shiftMonth(current, -1),
        nextMonth: null,
        scope: 'all',
        dailyNotes: [],
        ...figures(all, dailyCards, ownDeck),
      };
    },
  };
}
