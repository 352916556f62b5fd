// «Память толкователя»: the user's switch (users.memory_on) and the earlier readings memory may use — the
// user's own server-dealt readings (not a pair's, not a client-saved entry), not forgotten, newest first.
import type { Queryable } from '../connection';
import type { DealtCard } from '../../domain/types';

export interface RememberedRow {
  id: number;
  created_at: Date;
  question: string;
  spread_type: string;
  cards: DealtCard[];
}

/** How many earlier readings memory reads at most (a heavy user's 60 days; the newest are the ones that count). */
const REMEMBERED_MAX = 120;

/** The user's readings memory may use, made in [since, until], except `exceptId`; newest first. */
export async function rememberedReadings(
  db: Queryable,
  userId: number,
  o: { since: Date; until: Date; exceptId?: number },
): Promise<RememberedRow[]> {
  let q = db
    .selectFrom('readings')
    .select(['id', 'created_at', 'question', 'spread_type', 'cards'])
    .where('user_id', '=', userId)
    .where('pair_id', 'is', null)
    .where('status', '!=', 'saved')
    .where('memory_forgotten', '=', false)
    .where('created_at', '>=', o.since)
    .where('created_at', '<=', o.until);
  if (o.exceptId !== undefined) q = q.where('id', '!=', o.exceptId);
  const rows = await q.orderBy('id', 'desc').limit(REMEMBERED_MAX).execute();
  return rows as RememberedRow[];
}

export async function setMemoryOn(db: Queryable, userId: number, on: boolean): Promise<void> {
  await db.updateTable('users').set({ memory_on: on }).where('id', '=', userId).execute();
}

/** Memory forgets one of the user's readings (it stays in the archive). False when it is not the user's. */
export async function forgetReading(db: Queryable, userId: number, readingId: number): Promise<boolean> {
  const r = await db
    .updateTable('readings')
    .set({ memory_forgotten: true })
    .where('id', '=', readingId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Memory forgets every reading the user has made so far. */
export async function forgetAll(db: Queryable, userId: number): Promise<void> {
  await db
    .updateTable('readings')
    .set({ memory_forgotten: true })
    .where('user_id', '=', userId)
    .where('memory_forgotten', '=', false)
    .execute();
}
