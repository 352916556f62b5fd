// The day's transit list per user (migration 0036): one computation a day, shared by every instance.
import type { Queryable } from '../connection';

export async function findTransits(db: Queryable, userId: number, day: string, chartKey: string): Promise<string | null> {
  const row = await db
    .selectFrom('transit_cache')
    .select('payload')
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .where('chart_key', '=', chartKey)
    .executeTakeFirst();
  return row?.payload ?? null;
}

/** Keeps the day's list (replacing one from older birth data) and drops the user's lists of earlier days. */
export async function saveTransits(db: Queryable, userId: number, day: string, chartKey: string, payload: string): Promise<void> {
  await db
    .insertInto('transit_cache')
    .values({ user_id: userId, day, chart_key: chartKey, payload })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doUpdateSet({ chart_key: chartKey, payload }))
    .execute();
  await db.deleteFrom('transit_cache').where('user_id', '=', userId).where('day', '<', day).execute();
}
