// The push queue: plain functions over `db | trx`. Jobs are claimed with FOR UPDATE SKIP LOCKED, so
// several senders (instances) never take the same job.
import { sql } from 'kysely';
import type { NotificationPayload, NotificationStatus } from '../schema';
import type { Db, Queryable } from '../connection';

export interface NewNotification {
  userId: number;
  kind: string;
  dedupKey: string;
  payload: NotificationPayload;
  priority?: number;
  notBefore: Date;
}

/** Inserts a job unless (user, kind, key) exists; true when it was inserted. */
export async function insertNotification(db: Queryable, n: NewNotification): Promise<boolean> {
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: n.userId,
      kind: n.kind,
      dedup_key: n.dedupKey,
      payload: JSON.stringify(n.payload),
      priority: n.priority ?? 0,
      not_before: n.notBefore,
    })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'dedup_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

/**
 * Enqueues the daily-card reminder for every user of one time zone whose local day is `day`: reachable,
 * reminders on, today's card not drawn. One statement; the unique key makes repeats no-ops.
 *
 * With `spreadS` the reminders are spread over that many seconds from `notBefore` (each user's place in it
 * fixed by a hash of the id, so it is the same every day), which the sender's rate then meets evenly
 * instead of a burst at the reminder time.
 */
export async function enqueueDailyReminders(
  db: Queryable,
  o: { timeZone: string; day: string; kind: string; payload: NotificationPayload; notBefore: Date; spreadS?: number },
): Promise<number> {
  const spread = Math.max(0, o.spreadS ?? 0);
  const result = await sql`
    insert into notifications (user_id, kind, dedup_key, payload, priority, not_before)
    select u.id, ${o.kind}, ${o.day}, ${JSON.stringify(o.payload)}::jsonb, 0,
      ${o.notBefore}::timestamptz + make_interval(secs => ${spread}::float8 * ((hashint8(u.id)::float8 + 2147483648) / 4294967296))
    from users u
    where u.time_zone = ${o.timeZone} and u.notify_daily and u.bot_reachable
      and not exists (
        select 1 from daily_usage d where d.user_id = u.id and d.day = ${o.day}::date and d.daily_card_used
      )
    on conflict (user_id, kind, dedup_key) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Users of one time zone who may get the daily reminder (sizes the spread). */
export async function countReminderCandidates(db: Queryable, timeZone: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('time_zone', '=', timeZone)
    .where('notify_daily', '=', true)
    .where('bot_reachable', '=', true)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Time zones of users who may get a daily reminder (one scheduling pass per zone). */
export async function reminderTimeZones(db: Queryable): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('time_zone')
    .distinct()
    .where('notify_daily', '=', true)
    .where('bot_reachable', '=', true)
    .execute();
  return rows.map((r) => r.time_zone);
}

/** Reachable users of a plan whose expiry falls in [from, to) and who have no `kind` job for that expiry yet. */
export async function usersWithExpiryBetween(db: Queryable, o: { plan: string; from: Date; to: Date; kind: string }) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.time_zone', 'u.subscription_expires'])
    .where('u.subscription_type', '=', o.plan as any)
    .where('u.bot_reachable', '=', true)
    .where('u.subscription_expires', '>=', o.from)
    .where('u.subscription_expires', '<', o.to)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notifications as n')
            .select(sql`1`.as('one'))
            .whereRef('n.user_id', '=', 'u.id')
            .where('n.kind', '=', o.kind)
            .where(sql<boolean>`n.dedup_key = to_char(u.subscription_expires at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`),
        ),
      ),
    )
    .limit(10_000)
    .execute();
}

/** The key of an expiry notice: the expiry instant, so a renewed pass gets notices of its own. */
export const expiryKey = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export interface ClaimedJob {
  id: number;
  user_id: number;
  kind: string;
  dedup_key: string;
  payload: NotificationPayload;
  attempts: number;
  bot_reachable: boolean;
  notify_daily: boolean;
  subscription_type: string;
  subscription_expires: Date | null;
  subscription_auto_renew: boolean;
  time_zone: string;
  card_drawn: boolean;
}

/**
 * Takes up to `limit` due jobs for this sender until `leaseUntil`, with the user's current state for a
 * last check before sending. Only `pending` rows are looked at, through the partial index.
 */
export async function claimDue(db: Queryable, o: { now: Date; limit: number; leaseUntil: Date }): Promise<ClaimedJob[]> {
  const { rows: jobs } = await sql<Pick<ClaimedJob, 'id' | 'user_id' | 'kind' | 'dedup_key' | 'payload' | 'attempts'>>`
    update notifications n
    set status = 'sending', attempts = n.attempts + 1, locked_until = ${o.leaseUntil}
    where n.id in (
      select id from notifications
      where status = 'pending' and not_before <= ${o.now}
      order by priority desc, not_before, id
      limit ${o.limit}
      for update skip locked
    )
    returning n.id, n.user_id, n.kind, n.dedup_key, n.payload, n.attempts`.execute(db);
  if (jobs.length === 0) return [];
  // The users' state in a second statement: primary-key lookups (a join here plans a scan of all users).
  const userIds = [...new Set(jobs.map((j) => j.user_id))];
  const days = [...new Set(jobs.filter((j) => /^\d{4}-\d{2}-\d{2}$/.test(j.dedup_key)).map((j) => j.dedup_key))];
  const [users, drawn] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'bot_reachable', 'notify_daily', 'subscription_type', 'subscription_expires', 'subscription_auto_renew', 'time_zone'])
      .where('id', 'in', userIds)
      .execute(),
    days.length
      ? db
          .selectFrom('daily_usage')
          .select(['user_id', 'day'])
          .where('user_id', 'in', userIds)
          .where('day', 'in', days)
          .where('daily_card_used', '=', true)
          .execute()
      : Promise.resolve([]),
  ]);
  const byId = new Map(users.map((u) => [u.id, u]));
  const drew = new Set(drawn.map((d) => `${d.user_id}:${d.day}`));
  return jobs.flatMap((j) => {
    const u = byId.get(j.user_id);
    if (!u) return [];
    return [
      {
        ...j,
        bot_reachable: u.bot_reachable,
        notify_daily: u.notify_daily,
        subscription_type: u.subscription_type,
        subscription_expires: u.subscription_expires,
        subscription_auto_renew: u.subscription_auto_renew,
        time_zone: u.time_zone,
        card_drawn: drew.has(`${j.user_id}:${j.dedup_key}`),
      },
    ];
  });
}

/**
 * Refreshes the planner's statistics of the columns the claim reads. After a large enqueue the old ones count
 * few due jobs, and PostgreSQL then claims by collecting and sorting every due job (a bitmap scan) instead of
 * reading the pending index in order up to the claim's limit: a claim of 256 among 20,000 due jobs took
 * 13–17 ms instead of 3, and the sort grows with the backlog. Autoanalyze comes late on a table that keeps two
 * weeks of history (it waits for a tenth of the table to change).
 */
export async function analyzeQueue(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // A tenth of the usual sample (3,000 rows): the claim's plan needs the due jobs' number roughly, and on a
    // table of two weeks' history the full sample is as many random page reads.
    await sql`set local default_statistics_target = 10`.execute(trx);
    await sql`analyze notifications (status, priority, not_before)`.execute(trx);
  });
}

/** Jobs of a sender that died mid-send (lease expired) go back to the queue. */
export async function releaseExpiredLeases(db: Queryable, now: Date): Promise<number> {
  const r = await db
    .updateTable('notifications')
    .set({ status: 'pending', locked_until: null })
    .where('status', '=', 'sending')
    .where('locked_until', '<', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function markSent(db: Queryable, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('notifications')
    .set({ status: 'sent', sent_at: now, locked_until: null, last_error: null })
    .where('id', 'in', ids)
    .execute();
}

/** Claimed jobs a stopping sender never started go back to the queue as they were (the claim's attempt undone). */
export async function releaseClaimed(db: Queryable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('notifications')
    .set((eb) => ({ status: 'pending', locked_until: null, attempts: eb('attempts', '-', 1) }))
    .where('id', 'in', ids)
    .where('status', '=', 'sending')
    .execute();
}

/** Ends a job without sending (skipped) or for good (failed), or puts it back for `retryAt`. */
export async function markDone(
  db: Queryable,
  id: number,
  o: { status: Exclude<NotificationStatus, 'pending' | 'sending' | 'sent'>; error?: string } | { retryAt: Date; error: string },
) {
  const set =
    'retryAt' in o
      ? { status: 'pending' as const, not_before: o.retryAt, locked_until: null, last_error: o.error.slice(0, 500) }
      : { status: o.status, locked_until: null, last_error: o.error?.slice(0, 500) ?? null };
  await db.updateTable('notifications').set(set).where('id', '=', id).execute();
}

/** A user who blocked the bot: no more pushes until they come back. */
export async function setBotReachable(db: Queryable, userId: number, reachable: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ bot_reachable: reachable, updated_at: sql`now()` })
    .where('id', '=', userId)
    .where('bot_reachable', '=', !reachable)
    .execute();
}

/** Drops what is still queued for a user (after a 403). */
export async function skipPendingForUser(db: Queryable, userId: number, reason: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ status: 'skipped', last_error: reason, locked_until: null })
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .execute();
}

/** Finished jobs older than `before` are forgotten (the unique key only matters for a few days). */
export async function pruneNotifications(db: Queryable, before: Date): Promise<void> {
  await db.deleteFrom('notifications').where('status', 'in', ['sent', 'skipped', 'failed']).where('created_at', '<', before).execute();
}
