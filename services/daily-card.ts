// The daily card: dealt by the server, one per local day for free users (asking again returns the same
// card), drawn again on request for paid users.
import * as usageRepo from '../db/repositories/usage';
import * as ritualRepo from '../db/repositories/ritual';
import { milestoneMessage, streakView, type StreakView } from '../domain/tarot/ritual';
import { CARD_BY_ID, CARD_IDS } from '../domain/tarot/deck';
import { deal } from '../domain/tarot/deal';
import { canRedrawDailyCard, entitlementOf } from '../domain/commerce/entitlement';
import { userDay } from '../domain/text/day';
import { addDays } from '../domain/text/time';
import { dailyParagraph, reflectionQuestion } from '../domain/reading/daily-reflection';
import { NOTE_MAX } from '../domain/tarot/journal';
import { ServiceError } from './errors';
import type { DailyUsage } from '../db/schema';
import type { ServiceDeps } from './deps';
import { cardView, type DealtCardView } from './readings';
import type { UserService } from './users';

export interface DailyCardView {
  date: string;
  card: DealtCardView & { fullMeaning: string };
  /** True when this call dealt the card; false when it returned the one already dealt today. */
  drawn: boolean;
  canRedraw: boolean;
  resetsAt: string;
  /** The daily-card streak after this call, and the warm message of a milestone day (only when reached now). */
  streak?: StreakView;
  milestone?: string | null;
  /** The card's meaning for today as a paragraph, and one question to carry through the day. */
  today: { paragraph: string; question: string };
  /** The user's own note on the day's card (the journal shows it), or null. */
  note: string | null;
}

function view(u: DailyUsage, drawn: boolean, canRedraw: boolean, resetsAt: Date): DailyCardView {
  const c = CARD_BY_ID.get(u.daily_card_id!)!;
  const orientation = u.daily_card_orientation ?? 'upright';
  return {
    date: u.day,
    card: {
      ...cardView({ cardId: c.id, position: 0, orientation }, 'Карта дня'),
      fullMeaning: orientation === 'reversed' ? c.reversedMeaning : c.meaning,
    },
    drawn,
    canRedraw,
    resetsAt: resetsAt.toISOString(),
    today: { paragraph: dailyParagraph(c, orientation), question: reflectionQuestion(c, orientation) },
    note: u.daily_note ?? null,
  };
}

export function createDailyCardService(deps: ServiceDeps, users: UserService) {
  async function context(userId: number) {
    const user = await users.requireUser(userId);
    const now = deps.clock();
    const { day, endsAt } = userDay(user, now);
    return {
      day,
      reversals: user.reversals,
      canRedraw: canRedrawDailyCard(entitlementOf(user, now, deps.specialAccessUserIds)),
      resetsAt: endsAt,
    };
  }

  return {
    async availability(userId: number) {
      const ctx = await context(userId);
      const usage = await usageRepo.findUsage(deps.db, userId, ctx.day);
      const used = !!usage?.daily_card_id;
      return {
        available: ctx.canRedraw || !used,
        used,
        canRedraw: ctx.canRedraw,
        resetsAt: ctx.resetsAt.toISOString(),
        today: used ? view(usage!, false, ctx.canRedraw, ctx.resetsAt) : null,
      };
    },

    /** Sets the note on today's card (trimmed; empty clears it); the card must have been drawn today. */
    async setNote(userId: number, raw: string): Promise<{ note: string | null }> {
      const note = raw.trim();
      if (note.length > NOTE_MAX) throw new ServiceError('bad_input', `note: не больше ${NOTE_MAX} символов`);
      const ctx = await context(userId);
      const saved = await usageRepo.setDailyNote(deps.db, userId, ctx.day, note || null);
      if (!saved) throw new ServiceError('not_found', 'Сегодня карта дня ещё не вытянута');
      return { note: note || null };
    },

    /** Deals today's card; a second call returns the same card unless a paid user asks to redraw. */
    async draw(userId: number, redraw: boolean): Promise<DailyCardView> {
      const ctx = await context(userId);
      const [dealt] = deal(CARD_IDS, 1, deps.randomInt, { reversals: ctx.reversals });
      const { usage, drawn } = await usageRepo.claimDailyCard(deps.db, userId, ctx.day, dealt, redraw && ctx.canRedraw);
      const s = await ritualRepo.recordStreakDay(deps.db, userId, ctx.day, addDays(ctx.day, -1));
      const streak = streakView({ current: s.streak_current, best: s.streak_best, lastDay: s.streak_last_day }, ctx.day);
      return { ...view(usage, drawn, ctx.canRedraw, ctx.resetsAt), streak, milestone: s.counted ? milestoneMessage(streak.current) : null };
    },
  };
}
