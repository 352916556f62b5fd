// The journal: a note on a reading, and the cards a user drew in a period (readings and daily cards).
import { sql, type Kysely } from 'kysely';
import type { Database, Reading } from '../schema';
import type { DealtCard, Orientation } from '../../domain/types';

type Q = Kysely<Database>;

/** Sets (or clears, with null) the note of the user's own reading; undefined when it is not theirs. */
export async function setNote(db: Q, userId: number, readingId: number, note: string | null): Promise<Reading | undefined> {
  return db
    .updateTable('readings')
    .set({ note, note_updated_at: note === null ? null : sql`now()` })
    .where('id', '=', readingId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The cards of the user's readings of the local days [fromDay, toDay): the day whose quota a reading took, or
 * (for one that took none) its creation day in `timeZone`; each with whether it was read from the user's own
 * deck («своя колода»).
 */
export async function readingCardsBetween(db: Q, userId: number, fromDay: string, toDay: string, timeZone: string): Promise<{ cards: DealtCard[]; ownDeck: boolean }[]> {
  const day = sql<string>`coalesce(charged_day, (created_at at time zone ${timeZone})::date)`;
  const rows = await db
    .selectFrom('readings')
    .select(['cards', 'own_deck'])
    .where('user_id', '=', userId)
    .where(day, '>=', sql<string>`${fromDay}::date`)
    .where(day, '<', sql<string>`${toDay}::date`)
    .execute();
  return rows.map((r) => ({ cards: r.cards, ownDeck: r.own_deck }));
}

/** The daily cards of the user's local days in [fromDay, toDay). */
export async function dailyCardsBetween(db: Q, userId: number, fromDay: string, toDay: string): Promise<{ cardId: string; orientation: Orientation }[]> {
  const rows = await db
    .selectFrom('daily_usage')
    .select(['daily_card_id', 'daily_card_orientation'])
    .where('user_id', '=', userId)
    .where('day', '>=', fromDay)
    .where('day', '<', toDay)
    .where('daily_card_id', 'is not', null)
    .execute();
  return rows.map((r) => ({ cardId: r.daily_card_id!, orientation: r.daily_card_orientation ?? 'upright' }));
}
