// The owner's dashboard, continued: the funnel of new users by entry point, weekly retention cohorts, the
// daily-card streaks, the AI's readings and pushes. Aggregates over `db | trx`; days are local days in the
// project's zone. The daily_usage days are the users' own local days (close enough for returning users).
import { sql } from 'kysely';
import type { Period } from './dashboard';
import type { Queryable } from '../connection';

/** The entry point a start parameter names (t.me/<bot>?start=… or ?startapp=…). */
const ENTRY = sql`case
  when u.start_param is null or u.start_param = '' then 'direct'
  when u.start_param like 'ref\\_%' then 'share'
  when u.start_param like 'inv%' then 'invite'
  when u.start_param like 'push%' or u.start_param like 'daily%' then 'push'
  when u.start_param like 'card\\_%' then 'card'
  else 'other' end`;

export interface FunnelRow {
  entry: string;
  opened: number;
  first_reading: number;
  offered: number;
  started_payment: number;
  paid: number;
}

/**
 * Users who first opened the app in the period, by entry point, and how many of them then read, were served an
 * offer, started a real payment and paid (all from the server's own records, never client events). Each step
 * is the distinct users of the rows since the period began (nothing of theirs is older), joined by hash.
 */
export async function funnel(db: Queryable, p: Period): Promise<FunnelRow[]> {
  const { rows } = await sql<FunnelRow>`
    with u as (
      select u.id, ${ENTRY} as entry from users u where u.created_at >= ${p.from} and u.created_at < ${p.to}
    ),
    r as (select distinct user_id from readings where created_at >= ${p.from}),
    o as (select distinct user_id from micro_offers where started_at >= ${p.from}),
    po as (select distinct user_id from payment_orders where created_at >= ${p.from} and provider <> 'mock'),
    py as (select distinct user_id from payments where created_at >= ${p.from} and provider <> 'mock' and status = 'succeeded')
    select u.entry, count(*)::int as opened, count(r.user_id)::int as first_reading, count(o.user_id)::int as offered,
      count(po.user_id)::int as started_payment, count(py.user_id)::int as paid
    from u left join r on r.user_id = u.id left join o on o.user_id = u.id left join po on po.user_id = u.id left join py on py.user_id = u.id
    group by 1 order by 2 desc`.execute(db);
  return rows;
}

export interface CohortRow {
  week: string;
  users: number;
  d1: number;
  d7: number;
  d30: number;
  /** Users whose day 1, 7, 30 has come (today included): the shares' denominators. */
  e1: number;
  e7: number;
  e30: number;
}

/** Weekly cohorts by first local day: who came back (a reading or the daily card) on day 1, 7 and 30. */
export async function cohorts(db: Queryable, p: Period, today: string): Promise<CohortRow[]> {
  const { rows } = await sql<CohortRow>`
    with u as (
      select id, (created_at at time zone ${p.timeZone})::date as d0 from users where created_at >= ${p.from} and created_at < ${p.to}
    ), act as (
      select r.user_id, (r.created_at at time zone ${p.timeZone})::date as d from readings r join u on u.id = r.user_id
        where r.created_at >= ${p.from} and r.created_at < ${p.to}::timestamptz + interval '32 days'
      union
      select du.user_id, du.day as d from daily_usage du join u on u.id = du.user_id
        where du.daily_card_used and du.day >= (${p.from}::timestamptz at time zone ${p.timeZone})::date
    ), back as (
      select u.id, u.d0, bool_or(a.d = u.d0 + 1) as b1, bool_or(a.d = u.d0 + 7) as b7, bool_or(a.d = u.d0 + 30) as b30
      from u left join act a on a.user_id = u.id group by u.id, u.d0
    )
    select to_char(date_trunc('week', u.d0), 'YYYY-MM-DD') as week, count(*)::int as users,
      count(*) filter (where u.b1)::int as d1,
      count(*) filter (where u.b7)::int as d7,
      count(*) filter (where u.b30)::int as d30,
      count(*) filter (where u.d0 + 1 <= ${today}::date)::int as e1,
      count(*) filter (where u.d0 + 7 <= ${today}::date)::int as e7,
      count(*) filter (where u.d0 + 30 <= ${today}::date)::int as e30
    from back u group by 1 order by 1`.execute(db);
  return rows;
}

/** The daily-card streaks still running (the last card today or yesterday), in buckets of length. */
export async function streaks(db: Queryable, today: string): Promise<{ bucket: string; users: number }[]> {
  const { rows } = await sql<{ bucket: string; users: number }>`
    select case when streak_current <= 1 then '1' when streak_current <= 3 then '2–3' when streak_current <= 7 then '4–7'
      when streak_current <= 14 then '8–14' when streak_current <= 30 then '15–30' else '31+' end as bucket,
      count(*)::int as users, min(streak_current) as low
    from users where streak_current > 0 and streak_last_day >= ${today}::date - 1
    group by 1 order by low`.execute(db);
  return rows.map((r) => ({ bucket: r.bucket, users: r.users }));
}

export interface AiRow {
  ai: number;
  cards: number;
  first_p50: number | null;
  first_p95: number | null;
  total_p50: number | null;
  total_p95: number | null;
  prompt_chars: number;
  output_chars: number;
}

/** Readings interpreted in the period: by the AI or by the cards, the AI's timings and sizes. */
export async function aiTotals(db: Queryable, p: Period): Promise<AiRow> {
  const { rows } = await sql<AiRow>`
    select count(*) filter (where status = 'done')::int as ai, count(*) filter (where status = 'fallback')::int as cards,
      percentile_cont(0.5) within group (order by ai_first_ms) as first_p50,
      percentile_cont(0.95) within group (order by ai_first_ms) as first_p95,
      percentile_cont(0.5) within group (order by ai_total_ms) as total_p50,
      percentile_cont(0.95) within group (order by ai_total_ms) as total_p95,
      coalesce(sum(ai_prompt_chars), 0)::float8 as prompt_chars, coalesce(sum(ai_output_chars), 0)::float8 as output_chars
    from readings where created_at >= ${p.from} and created_at < ${p.to} and status in ('done', 'fallback')`.execute(db);
  return rows[0];
}

/** The AI's failures in the period by kind (the stored error text). */
export async function aiFailures(db: Queryable, p: Period): Promise<{ kind: string; readings: number }[]> {
  const { rows } = await sql<{ kind: string; readings: number }>`
    select ai_error as kind, count(*)::int as readings from readings
    where created_at >= ${p.from} and created_at < ${p.to} and ai_error is not null
    group by 1 order by 2 desc`.execute(db);
  return rows;
}

export interface PushRow {
  queued: number;
  delivered: number;
  failed: number;
  skipped: number;
  blocked: number;
  reminders_off: number;
  followed: number;
}

/** Pushes made in the period: delivered, failed, skipped; blocked bots and reminders off now; readings within an hour. */
export async function pushes(db: Queryable, p: Period): Promise<PushRow> {
  const { rows } = await sql<PushRow>`
    select
      (select count(*) from notifications where created_at >= ${p.from} and created_at < ${p.to})::int as queued,
      (select count(*) from notifications where created_at >= ${p.from} and created_at < ${p.to} and status = 'sent')::int as delivered,
      (select count(*) from notifications where created_at >= ${p.from} and created_at < ${p.to} and status = 'failed')::int as failed,
      (select count(*) from notifications where created_at >= ${p.from} and created_at < ${p.to} and status = 'skipped')::int as skipped,
      (select count(*) from users where not bot_reachable)::int as blocked,
      (select count(*) from users where not notify_daily)::int as reminders_off,
      (select count(distinct n.id) from notifications n
        join (select user_id, created_at from readings where created_at >= ${p.from} and created_at < ${p.to}::timestamptz + interval '1 hour') r
          on r.user_id = n.user_id and r.created_at >= n.sent_at and r.created_at < n.sent_at + interval '1 hour'
        where n.sent_at >= ${p.from} and n.sent_at < ${p.to} and n.status = 'sent')::int as followed`.execute(db);
  return rows[0];
}
