// Per-user counters in fixed windows for what costs us or others (invoice links, saved readings, YooKassa
// read-backs). One upsert per take, so racing requests never pass a limit.
import { sql } from 'kysely';
import type { Queryable } from '../connection';

/** Takes one of `limit` per `windowS` seconds: null when allowed, else the seconds until the window ends. */
export async function takeUserSlot(
  db: Queryable,
  userId: number,
  kind: string,
  now: Date,
  limit: number,
  windowS: number,
): Promise<number | null> {
  const windowStartAfter = new Date(now.getTime() - windowS * 1000);
  const row = await db
    .insertInto('user_rate_limits')
    .values({ user_id: userId, kind, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind'])
        .doUpdateSet({
          window_start: sql`case when user_rate_limits.window_start <= ${windowStartAfter} then excluded.window_start else user_rate_limits.window_start end`,
          count: sql`case when user_rate_limits.window_start <= ${windowStartAfter} then 1 else user_rate_limits.count + 1 end`,
          updated_at: sql`now()`,
        })
        .where((eb) => eb.or([eb('user_rate_limits.window_start', '<=', windowStartAfter), eb('user_rate_limits.count', '<', limit)])),
    )
    .returning('count')
    .executeTakeFirst();
  if (row) return null;
  const current = await db
    .selectFrom('user_rate_limits')
    .select('window_start')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  const ends = (current ? current.window_start.getTime() : now.getTime()) + windowS * 1000;
  return Math.max(1, Math.ceil((ends - now.getTime()) / 1000));
}
