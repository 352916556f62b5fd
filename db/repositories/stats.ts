// The operator's numbers for the bot's /stats: a handful of aggregate statements over `db | trx`.
import { sql } from 'kysely';
import type { Queryable } from '../connection';

export interface StatsWindow {
  /** The start of "today" (local midnight in the operator's zone). */
  since: Date;
  /** Today's date in that zone, 'YYYY-MM-DD' (the daily card is stored per local day). */
  today: string;
  now: Date;
}

/** Users in total, new since `since`, and active: new, or with a reading, the daily card or a payment today. */
export async function userCounts(db: Queryable, w: StatsWindow): Promise<{ total: number; newToday: number; activeToday: number }> {
  const { rows } = await sql<{ total: number; new_today: number; active_today: number }>`
    select
      (select count(*) from users)::int as total,
      (select count(*) from users where created_at >= ${w.since})::int as new_today,
      (select count(*) from (
        select id as user_id from users where created_at >= ${w.since}
        union select user_id from readings where created_at >= ${w.since}
        union select user_id from daily_usage where day = ${w.today}::date and daily_card_used
        union select user_id from payments where created_at >= ${w.since}
      ) active)::int as active_today`.execute(db);
  const r = rows[0];
  return { total: r.total, newToday: r.new_today, activeToday: r.active_today };
}

export async function readingCounts(db: Queryable, w: StatsWindow): Promise<{ total: number; today: number }> {
  const r = await db
    .selectFrom('readings')
    .select([sql<number>`count(*)::int`.as('total'), sql<number>`(count(*) filter (where created_at >= ${w.since}))::int`.as('today')])
    .executeTakeFirstOrThrow();
  return { total: r.total, today: r.today };
}

/** Users whose paid plan is in force now, per plan. */
export async function payingUsers(db: Queryable, now: Date): Promise<{ plan: string; users: number }[]> {
  return db
    .selectFrom('users')
    .select(['subscription_type as plan', sql<number>`count(*)::int`.as('users')])
    .where('subscription_type', '<>', 'free')
    .where((eb) => eb.or([eb('subscription_expires', 'is', null), eb('subscription_expires', '>', now)]))
    .groupBy('subscription_type')
    .orderBy('subscription_type')
    .execute();
}

/** Money received and kept (succeeded, not refunded), per provider, product and currency; amounts in minor units. */
export async function revenue(db: Queryable, w: StatsWindow) {
  return db
    .selectFrom('payments')
    .select([
      'provider',
      'product',
      'currency',
      sql<number>`count(*)::int`.as('count'),
      sql<number>`sum(amount_minor)::bigint`.as('amount'),
      sql<number>`(count(*) filter (where created_at >= ${w.since}))::int`.as('countToday'),
      sql<number>`coalesce(sum(amount_minor) filter (where created_at >= ${w.since}), 0)::bigint`.as('amountToday'),
    ])
    .where('status', '=', 'succeeded')
    .where('product', '<>', 'unknown')
    .groupBy(['provider', 'product', 'currency'])
    .orderBy('product')
    .orderBy('currency')
    .execute();
}

export async function refundedPayments(db: Queryable): Promise<number> {
  const r = await db
    .selectFrom('payments')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('status', '=', 'refunded')
    .executeTakeFirstOrThrow();
  return r.n;
}

/** The push queue by status, over all time and for jobs created today. */
export async function pushByStatus(db: Queryable, w: StatsWindow): Promise<{ status: string; total: number; today: number }[]> {
  return db
    .selectFrom('notifications')
    .select([
      'status',
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where created_at >= ${w.since}))::int`.as('today'),
    ])
    .groupBy('status')
    .execute();
}
