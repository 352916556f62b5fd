// Per-day usage. Every change is one atomic statement: concurrent requests can never pass a limit.
import { sql } from 'kysely';
import type { DailyUsage } from '../schema';
import type { Orientation } from '../../domain/types';
import type { Queryable } from '../connection';

/**
 * Takes one spread of the day if fewer than `limit` (plus the day's bonus spreads) were used; returns the new count, or null when the
 * limit is reached. The upsert's WHERE is re-checked on the locked row, so 50 racing calls grant `limit`.
 */
export async function consumeSpread(
  db: Queryable,
  userId: number,
  day: string,
  limit: number,
  freeSpread: boolean,
): Promise<number | null> {
  if (limit < 1) return null;
  const row = await db
    .insertInto('daily_usage')
    .values({ user_id: userId, day, spreads_used: 1, free_spread_used: freeSpread, daily_card_id: null, daily_card_orientation: null })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'day'])
        .doUpdateSet({
          spreads_used: sql`daily_usage.spreads_used + 1`,
          free_spread_used: sql`daily_usage.free_spread_used or excluded.free_spread_used`,
        })
        .where(sql<boolean>`daily_usage.spreads_used < ${limit} + daily_usage.bonus_spreads`),
    )
    .returning('spreads_used')
    .executeTakeFirst();
  return row ? row.spreads_used : null;
}

/** One extra spread for the day (a referral's reward): one upsert, counted by consumeSpread's check. */
export async function grantBonusSpread(db: Queryable, userId: number, day: string): Promise<void> {
  await db
    .insertInto('daily_usage')
    .values({ user_id: userId, day, bonus_spreads: 1, daily_card_id: null, daily_card_orientation: null })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doUpdateSet({ bonus_spreads: sql`daily_usage.bonus_spreads + 1` }))
    .execute();
}

/** A plan bought today starts with its full allowance: the day's spread counter restarts. */
export async function restartSpreads(db: Queryable, userId: number, day: string): Promise<void> {
  await db
    .updateTable('daily_usage')
    .set({ spreads_used: 0, free_spread_used: false })
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .execute();
}

export async function findUsage(db: Queryable, userId: number, day: string): Promise<DailyUsage | undefined> {
  return db.selectFrom('daily_usage').selectAll().where('user_id', '=', userId).where('day', '=', day).executeTakeFirst();
}

/** Sets (or clears, with null) the note on the day's card; false when no card was drawn that day. */
export async function setDailyNote(db: Queryable, userId: number, day: string, note: string | null): Promise<boolean> {
  const r = await db
    .updateTable('daily_usage')
    .set({ daily_note: note })
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .where('daily_card_id', 'is not', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/**
 * Stores today's daily card. Without `redraw` an existing card is kept (the row is returned unchanged
 * with `drawn: false`); with `redraw` it is replaced. One statement, so racing draws agree on one card.
 */
export async function claimDailyCard(
  db: Queryable,
  userId: number,
  day: string,
  card: { cardId: string; orientation: Orientation },
  redraw: boolean,
): Promise<{ usage: DailyUsage; drawn: boolean }> {
  const inserted = await db
    .insertInto('daily_usage')
    .values({
      user_id: userId,
      day,
      daily_card_used: true,
      daily_card_id: card.cardId,
      daily_card_orientation: card.orientation,
      daily_cards_drawn: 1,
    })
    .onConflict((oc) => {
      const update = oc.columns(['user_id', 'day']).doUpdateSet({
        daily_card_used: true,
        daily_card_id: card.cardId,
        daily_card_orientation: card.orientation,
        daily_cards_drawn: sql`daily_usage.daily_cards_drawn + 1`,
      });
      return redraw ? update : update.where('daily_usage.daily_card_id', 'is', null);
    })
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { usage: inserted, drawn: true };
  const existing = await findUsage(db, userId, day);
  if (!existing) throw new Error('daily usage row vanished');
  return { usage: existing, drawn: false };
}
