// The daily-card streak and the once-only home-screen offer, kept on the user row. One statement each.
import { sql } from 'kysely';
import type { Queryable } from '../connection';

/**
 * Counts `day` into the streak once: the day after the last one extends the run, a later day starts a new run
 * of 1, the same (or an earlier) day changes nothing. Returns the row as it is afterwards.
 */
export async function recordStreakDay(db: Queryable, userId: number, day: string, yesterday: string) {
  const updated = await db
    .updateTable('users')
    .set({
      streak_current: sql`case when streak_last_day = ${yesterday}::date then streak_current + 1 else 1 end`,
      streak_best: sql`greatest(streak_best, case when streak_last_day = ${yesterday}::date then streak_current + 1 else 1 end)`,
      streak_last_day: day,
    })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('streak_last_day', 'is', null), eb('streak_last_day', '<', day)]))
    .returning(['streak_current', 'streak_best', 'streak_last_day'])
    .executeTakeFirst();
  if (updated) return { ...updated, counted: true };
  const row = await db
    .selectFrom('users')
    .select(['streak_current', 'streak_best', 'streak_last_day'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { ...row, counted: false };
}

/** Marks the home-screen offer as made; true only for the call that made it. */
export async function markHomeScreenOffered(db: Queryable, userId: number, at: Date): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ home_screen_offered_at: at })
    .where('id', '=', userId)
    .where('home_screen_offered_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
