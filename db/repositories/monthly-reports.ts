// The monthly report's offered / opened / dismissed / pushed state, one row per user and month (migration 0036).
import { sql } from 'kysely';
import type { Queryable } from '../connection';
import type { MonthlyReportsTable } from '../schema';
import type { Selectable } from 'kysely';

export type MonthlyReportRow = Selectable<MonthlyReportsTable>;

export async function findReport(db: Queryable, userId: number, month: string): Promise<MonthlyReportRow | undefined> {
  return db.selectFrom('monthly_reports').selectAll().where('user_id', '=', userId).where('month', '=', month).executeTakeFirst();
}

/** Records the offer once (a second call keeps the first row) and returns the row. */
export async function offerReport(db: Queryable, userId: number, month: string): Promise<MonthlyReportRow> {
  await db
    .insertInto('monthly_reports')
    .values({ user_id: userId, month })
    .onConflict((oc) => oc.columns(['user_id', 'month']).doNothing())
    .execute();
  return (await findReport(db, userId, month))!;
}

export async function markOpened(db: Queryable, userId: number, month: string): Promise<void> {
  await db
    .updateTable('monthly_reports')
    .set({ opened_at: sql<Date>`coalesce(opened_at, now())` })
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .execute();
}

export async function markDismissed(db: Queryable, userId: number, month: string): Promise<void> {
  await db
    .updateTable('monthly_reports')
    .set({ dismissed_at: sql<Date>`coalesce(dismissed_at, now())` })
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .execute();
}

/**
 * Claims the month's one push: true for exactly one caller (the row is created if the app never offered it),
 * so two instances or two runs never send it twice.
 */
export async function claimPush(db: Queryable, userId: number, month: string): Promise<boolean> {
  await db
    .insertInto('monthly_reports')
    .values({ user_id: userId, month })
    .onConflict((oc) => oc.columns(['user_id', 'month']).doNothing())
    .execute();
  const claimed = await db
    .updateTable('monthly_reports')
    .set({ pushed_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .where('pushed_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** The local day a reading counts on: the day it was charged, else its creation's local date. */
const readingDay = (tz: string) => sql<string>`coalesce(r.charged_day, (r.created_at at time zone ${tz})::date)`;

/** How many readings the user made in the local days [fromDay, toDay). */
export async function countReadings(
  db: Queryable,
  userId: number,
  o: { fromDay: string; toDay: string; timeZone: string },
): Promise<number> {
  const row = await db
    .selectFrom('readings as r')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.user_id', '=', userId)
    .where(readingDay(o.timeZone), '>=', sql<string>`${o.fromDay}::date`)
    .where(readingDay(o.timeZone), '<', sql<string>`${o.toDay}::date`)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Users of one time zone due the month's push: reminders on, reachable, at least `min` readings in the local
 * days [fromDay, toDay), and no push of this month yet.
 */
export async function pushCandidates(
  db: Queryable,
  o: { timeZone: string; month: string; fromDay: string; toDay: string; min: number },
): Promise<number[]> {
  const rows = await db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.time_zone', '=', o.timeZone)
    .where('u.notify_daily', '=', true)
    .where('u.bot_reachable', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('monthly_reports as m')
            .select('m.user_id')
            .whereRef('m.user_id', '=', 'u.id')
            .where('m.month', '=', o.month)
            .where('m.pushed_at', 'is not', null),
        ),
      ),
    )
    .where(
      (eb) =>
        eb
          .selectFrom('readings as r')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('r.user_id', '=', 'u.id')
          .where(readingDay(o.timeZone), '>=', sql<string>`${o.fromDay}::date`)
          .where(readingDay(o.timeZone), '<', sql<string>`${o.toDay}::date`),
      '>=',
      o.min,
    )
    .execute();
  return rows.map((r) => Number(r.id));
}
