// Every fixed-window limit, in one table: a row per limit name and key, its window's start and count. A user's
// limits ('ai:<budget>': provider calls; 'user:<kind>': invoice links, saved readings, pictures …) are keyed by
// the user's id and carry it in `user_id` (they go with the user; services/erased-limits.ts keeps them under
// the keyed hash meanwhile); the sign-ins' ('sign_in:<kind>') are keyed by a keyed hash and carry no user.
// One upsert per take, so racing requests on any instance never pass a limit, and inside the caller's
// transaction a take is undone with it.
import { sql } from 'kysely';
import type { Queryable } from '../connection';

/** Which limit, and whose: `userId` for a user's own limits (the key is then the id), else a keyed hash. */
type LimitKey = { name: string; userId: number } | { name: string; key: string };

const keyOf = (k: LimitKey) => ('userId' in k ? { key: String(k.userId), user_id: k.userId } : { key: k.key, user_id: null });

/** Seconds until a window that started at `start` ends (at least 1). */
const waitUntilEnd = (start: Date, now: Date, windowS: number) =>
  Math.max(1, Math.ceil((start.getTime() + windowS * 1000 - now.getTime()) / 1000));

/** Takes one of `limit` per `windowS` seconds: null when allowed, else the seconds until the window ends. */
export async function takeLimitSlot(db: Queryable, k: LimitKey, now: Date, limit: number, windowS: number): Promise<number | null> {
  const { key, user_id } = keyOf(k);
  const ended = sql<boolean>`rate_limits.window_start <= ${new Date(now.getTime() - windowS * 1000)}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ name: k.name, key, user_id, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['name', 'key'])
        .doUpdateSet({
          window_start: sql`case when ${ended} then excluded.window_start else rate_limits.window_start end`,
          count: sql`case when ${ended} then 1 else rate_limits.count + 1 end`,
        })
        .where((eb) => eb.or([ended, eb('rate_limits.count', '<', limit)])),
    )
    .returning('count')
    .executeTakeFirst();
  if (row) return null;
  const current = await findLimit(db, k.name, key);
  return waitUntilEnd(current?.window_start ?? now, now, windowS);
}

/** Seconds until the limit has room again, or null when it has room now (read only). */
export async function limitWait(db: Queryable, k: LimitKey, now: Date, limit: number, windowS: number): Promise<number | null> {
  const row = await findLimit(db, k.name, keyOf(k).key);
  if (!row || row.count < limit || row.window_start.getTime() + windowS * 1000 <= now.getTime()) return null;
  return waitUntilEnd(row.window_start, now, windowS);
}

const findLimit = (db: Queryable, name: string, key: string) =>
  db.selectFrom('rate_limits').select(['window_start', 'count']).where('name', '=', name).where('key', '=', key).executeTakeFirst();

/** Forgets the windows of `names` (a prefix such as 'sign_in:') that ended: nothing of them outlives the window. */
export async function deleteEndedLimits(db: Queryable, namePrefix: string, now: Date, windowS: number): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('name', 'like', `${namePrefix}%`)
    .where('window_start', '<=', new Date(now.getTime() - windowS * 1000))
    .execute();
}

/** The user's own limits, as they stand (kept under the keyed hash when the user is erased). */
export async function userLimits(db: Queryable, userId: number) {
  return db.selectFrom('rate_limits').select(['name', 'window_start', 'count']).where('user_id', '=', userId).execute();
}

/** A user's limit put back (a returning user's, from erased_limits); one already there stays. */
export async function restoreUserLimit(db: Queryable, userId: number, name: string, windowStart: Date, count: number): Promise<void> {
  await db
    .insertInto('rate_limits')
    .values({ name, key: String(userId), user_id: userId, window_start: windowStart, count })
    .onConflict((oc) => oc.columns(['name', 'key']).doNothing())
    .execute();
}

/** Gives back a slot taken for something that then did not happen (a provider that failed): never below zero. */
export async function giveBackLimitSlot(db: Queryable, k: LimitKey): Promise<void> {
  const { key } = keyOf(k);
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('name', '=', k.name)
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}
