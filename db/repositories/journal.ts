// The journal: a note on a reading, and the cards a user drew in a period (readings and daily cards).
import { sql } from 'kysely';
import type { DealtCard, Orientation } from '../../domain/types';
import type { Queryable } from '../connection';

/** Sets (or clears, with null) the author's note on a reading the caller has checked they may see. */
export async function setNote(
  db: Queryable,
  userId: number,
  readingId: number,
  note: string | null,
): Promise<{ note: string | null; updatedAt: Date | null }> {
  if (note === null) {
    await db.deleteFrom('reading_notes').where('reading_id', '=', readingId).where('user_id', '=', userId).execute();
    return { note: null, updatedAt: null };
  }
  const row = await db
    .insertInto('reading_notes')
    .values({ reading_id: readingId, user_id: userId, note })
    .onConflict((oc) => oc.columns(['reading_id', 'user_id']).doUpdateSet({ note, updated_at: sql`now()` }))
    .returning(['note', 'updated_at'])
    .executeTakeFirstOrThrow();
  return { note: row.note, updatedAt: row.updated_at };
}

/** The author's own note on a reading, or null: a note is seen by its author only. */
export async function noteOf(db: Queryable, userId: number, readingId: number): Promise<string | null> {
  const row = await db
    .selectFrom('reading_notes')
    .select('note')
    .where('reading_id', '=', readingId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.note ?? null;
}

/** The author's note as a column of a `readings` query (selected beside the reading's own columns). */
export const ownNoteColumn = (userId: number) =>
  sql<string | null>`(select n.note from reading_notes n where n.reading_id = readings.id and n.user_id = ${userId})`.as('note');

/**
 * The user's own readings for the journal's patterns: their questions, cards and the user's rating of each
 * (null when not rated); within the local days [fromDay, toDay), or all of them with no range.
 */
export async function readingsWithRatings(
  db: Queryable,
  userId: number,
  range: { fromDay: string; toDay: string; timeZone: string } | null,
): Promise<{ question: string; spreadType: string; cards: DealtCard[]; ownDeck: boolean; rating: number | null }[]> {
  let q = db
    .selectFrom('readings')
    .select(['question', 'spread_type', 'cards', 'own_deck'])
    .select(
      sql<
        number | null
      >`(select v.rating from reviews v where v.reading_id = readings.id and v.user_id = ${userId} order by v.id desc limit 1)`.as(
        'rating',
      ),
    )
    .where('user_id', '=', userId);
  if (range) {
    const day = sql<string>`coalesce(charged_day, (created_at at time zone ${range.timeZone})::date)`;
    q = q.where(day, '>=', sql<string>`${range.fromDay}::date`).where(day, '<', sql<string>`${range.toDay}::date`);
  }
  const rows = await q.execute();
  return rows.map((r) => ({ question: r.question, spreadType: r.spread_type, cards: r.cards, ownDeck: r.own_deck, rating: r.rating }));
}

/** The daily cards of the user's local days in [fromDay, toDay). */
export async function dailyCardsBetween(
  db: Queryable,
  userId: number,
  fromDay: string,
  toDay: string,
): Promise<{ cardId: string; orientation: Orientation }[]> {
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

/** The notes on the daily cards of the user's local days in [fromDay, toDay), the latest day first. */
export async function dailyNotesBetween(
  db: Queryable,
  userId: number,
  fromDay: string,
  toDay: string,
): Promise<{ day: string; cardId: string; orientation: Orientation; note: string }[]> {
  const rows = await db
    .selectFrom('daily_usage')
    .select(['day', 'daily_card_id', 'daily_card_orientation', 'daily_note'])
    .where('user_id', '=', userId)
    .where('day', '>=', fromDay)
    .where('day', '<', toDay)
    .where('daily_card_id', 'is not', null)
    .where('daily_note', 'is not', null)
    .orderBy('day', 'desc')
    .execute();
  return rows.map((r) => ({
    day: r.day,
    cardId: r.daily_card_id!,
    orientation: r.daily_card_orientation ?? 'upright',
    note: r.daily_note!,
  }));
}
