// What a deleted account's limits leave behind until their window ends, filed under the keyed hash of the
// Telegram id (`subject`): kept inside the erasure's transaction, put back inside the transaction that creates
// the user again. Plain functions over `db | trx`.
import { sql } from 'kysely';
import type { Queryable } from '../connection';
import { restoreUserLimit, userLimits } from './rate-limits';

export interface KeepLimits {
  subject: string;
  now: Date;
  /** The user's counting day and when it ends (domain/text/day.ts). */
  day: string;
  dayEndsAt: Date;
  /** The window of one of the user's rate limits (by its name: 'ai:<budget>', 'user:<kind>'), in seconds. */
  windowS: (name: string) => number;
}

type Kept = { kind: string; day?: string | null; free_spread_used?: boolean; window_start?: Date | null; count: number; until: Date };

/** Copies the user's limits still in their window under `subject` (forgetting every other subject's ended ones). */
export async function keepLimits(db: Queryable, userId: number, o: KeepLimits): Promise<void> {
  await db.deleteFrom('erased_limits').where('until', '<=', o.now).execute();
  const kept: Kept[] = [];
  const usage = await db
    .selectFrom('daily_usage')
    .select(['spreads_used', 'free_spread_used'])
    .where('user_id', '=', userId)
    .where('day', '=', o.day)
    .executeTakeFirst();
  if (usage && (usage.spreads_used > 0 || usage.free_spread_used))
    kept.push({ kind: 'daily_usage', day: o.day, free_spread_used: usage.free_spread_used, count: usage.spreads_used, until: o.dayEndsAt });
  // A rate limit is kept under its own name (db/repositories/rate-limits.ts).
  for (const r of await userLimits(db, userId))
    kept.push({
      kind: r.name,
      window_start: r.window_start,
      count: r.count,
      until: new Date(r.window_start.getTime() + o.windowS(r.name) * 1000),
    });
  const live = kept.filter((k) => k.until.getTime() > o.now.getTime());
  if (live.length === 0) return;
  await db
    .insertInto('erased_limits')
    .values(live.map((k) => ({ subject: o.subject, ...k })))
    .onConflict((oc) =>
      oc.columns(['subject', 'kind']).doUpdateSet({
        day: sql`excluded.day`,
        free_spread_used: sql`excluded.free_spread_used`,
        window_start: sql`excluded.window_start`,
        count: sql`excluded.count`,
        until: sql`excluded.until`,
      }),
    )
    .execute();
}

/**
 * A user created again: the limits kept under `subject` that are still in their window become theirs (the day's
 * usage keeps counting the day it was opened in, as after a change of time zone), and the kept rows go.
 */
export async function restoreLimits(db: Queryable, userId: number, subject: string, now: Date): Promise<void> {
  const rows = await db.selectFrom('erased_limits').selectAll().where('subject', '=', subject).execute();
  if (rows.length === 0) return;
  for (const r of rows) {
    if (r.until.getTime() <= now.getTime()) continue;
    if (r.kind === 'daily_usage' && r.day) {
      await db
        .insertInto('daily_usage')
        .values({ user_id: userId, day: r.day, spreads_used: r.count, free_spread_used: r.free_spread_used })
        .onConflict((oc) =>
          oc.columns(['user_id', 'day']).doUpdateSet({
            spreads_used: sql`greatest(daily_usage.spreads_used, excluded.spreads_used)`,
            free_spread_used: sql`daily_usage.free_spread_used or excluded.free_spread_used`,
          }),
        )
        .execute();
      await db.updateTable('users').set({ day_guard: r.day, day_guard_until: r.until }).where('id', '=', userId).execute();
    } else if (r.window_start) await restoreUserLimit(db, userId, r.kind, r.window_start, r.count);
  }
  await db.deleteFrom('erased_limits').where('subject', '=', subject).execute();
}
