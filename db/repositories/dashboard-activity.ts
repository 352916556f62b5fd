// The owner's dashboard, continued: the funnel of new users by entry point, weekly retention cohorts, the
// daily-card streaks, the AI's readings and pushes. Aggregates over `db | trx`. The funnel and the cohorts read
// user_facts (one row per user, kept by triggers: migration 0027), the pushes' follow-ups a mark on each push:
// a 30-day view over a million users reads a row per new user instead of joining their readings.
import { sql } from 'kysely';
import type { Period } from './dashboard';
import type { Queryable } from '../connection';

/** The entry point a start parameter names (t.me/<bot>?start=… or ?startapp=…). */
const ENTRY = sql`case
  when f.start_param is null or f.start_param = '' then 'direct'
  when f.start_param like 'ref\\_%' then 'share'
  when f.start_param like 'inv%' then 'invite'
  when f.start_param like 'push%' or f.start_param like 'daily%' then 'push'
  when f.start_param like 'card\\_%' then 'card'
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
 * offer, started a real payment and paid (all from the server's own records, never client events; mock money
 * never counts, a refunded payment is taken back out).
 */
export async function funnel(db: Queryable, p: Period): Promise<FunnelRow[]> {
  const { rows } = await sql<FunnelRow>`
    select ${ENTRY} as entry, count(*)::int as opened, count(f.first_reading_at)::int as first_reading, count(f.first_offer_at)::int as offered,
      count(f.first_order_at)::int as started_payment, count(f.first_paid_at)::int as paid
    from user_facts f where f.created_at >= ${p.from} and f.created_at < ${p.to}
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

/**
 * Weekly cohorts of the users who came in the period, by their first local day: who came back (a reading or
 * the daily card) on their local day 1, 7 and 30.
 */
export async function cohorts(db: Queryable, p: Period, today: string): Promise<CohortRow[]> {
  const { rows } = await sql<CohortRow>`
    select to_char(date_trunc('week', f.first_day), 'YYYY-MM-DD') as week, count(*)::int as users,
      count(*) filter (where f.back_d1)::int as d1,
      count(*) filter (where f.back_d7)::int as d7,
      count(*) filter (where f.back_d30)::int as d30,
      count(*) filter (where f.first_day + 1 <= ${today}::date)::int as e1,
      count(*) filter (where f.first_day + 7 <= ${today}::date)::int as e7,
      count(*) filter (where f.first_day + 30 <= ${today}::date)::int as e30
    from user_facts f where f.created_at >= ${p.from} and f.created_at < ${p.to}
    group by 1 order by 1`.execute(db);
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
  /** The timings as histograms (value, readings), for exact percentiles without sorting them all. */
  first_ms: [number, number][];
  total_ms: [number, number][];
  /** Tokens the provider reported, and the characters of the readings it reported none for. */
  input_tokens: number;
  output_tokens: number;
  measured: number;
  estimated: number;
  prompt_chars: number;
  output_chars: number;
}

/**
 * Readings interpreted in the period: by the AI or by the cards, the AI's timings (counted by value) and tokens.
 * Two statements side by side, each over the index alone.
 */
export async function aiTotals(db: Queryable, p: Period): Promise<AiRow> {
  const where = sql`created_at >= ${p.from} and created_at < ${p.to} and status in ('done', 'fallback')`;
  const [totals, timings] = await Promise.all([
    sql<Omit<AiRow, 'first_ms' | 'total_ms'>>`
      select count(*) filter (where status = 'done')::int as ai, count(*) filter (where status = 'fallback')::int as cards,
        coalesce(sum(ai_input_tokens), 0)::float8 as input_tokens, coalesce(sum(ai_output_tokens), 0)::float8 as output_tokens,
        count(ai_input_tokens)::int as measured, count(ai_prompt_chars) filter (where ai_input_tokens is null)::int as estimated,
        coalesce(sum(ai_prompt_chars) filter (where ai_input_tokens is null), 0)::float8 as prompt_chars,
        coalesce(sum(ai_output_chars) filter (where ai_input_tokens is null), 0)::float8 as output_chars
      from readings where ${where}`.execute(db),
    // grouping(): 1 for a first-text value, 2 for an end value (null: not measured).
    sql<{ g: number; first_ms: number | null; total_ms: number | null; n: number }>`
      select grouping(ai_first_ms, ai_total_ms) as g, ai_first_ms as first_ms, ai_total_ms as total_ms, count(*)::int as n
      from readings where ${where}
      group by grouping sets ((ai_first_ms), (ai_total_ms))`.execute(db),
  ]);
  const rows = timings.rows;
  return {
    ...totals.rows[0],
    first_ms: rows.filter((r) => r.g === 1 && r.first_ms !== null).map((r) => [r.first_ms!, r.n]),
    total_ms: rows.filter((r) => r.g === 2 && r.total_ms !== null).map((r) => [r.total_ms!, r.n]),
  };
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
    select n.queued, n.delivered, n.failed, n.skipped,
      (select count(*) from users where not bot_reachable)::int as blocked,
      (select count(*) from users where not notify_daily)::int as reminders_off,
      (select count(*) from notifications where followed_at is not null and sent_at >= ${p.from} and sent_at < ${p.to} and status = 'sent')::int as followed
    from (
      select count(*)::int as queued, count(*) filter (where status = 'sent')::int as delivered,
        count(*) filter (where status = 'failed')::int as failed, count(*) filter (where status = 'skipped')::int as skipped
      from notifications where created_at >= ${p.from} and created_at < ${p.to}
    ) n`.execute(db);
  return rows[0];
}

/** How many times the server recorded `event` in the period (analytics_events; the server's own events). */
export async function serverEvents(db: Queryable, p: Period, event: string): Promise<number> {
  const row = await db
    .selectFrom('analytics_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('event', '=', event)
    .where('created_at', '>=', p.from)
    .where('created_at', '<', p.to)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
