// Referral rewards: one row per invited friend's first reading (by the friend's keyed hash), granted or refused.
import { sql } from 'kysely';
import type { Queryable } from '../connection';

/** Locks the inviter's row for the rest of the transaction: rewards to one inviter are decided one at a time. */
export async function lockInviter(db: Queryable, inviterId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'created_at', 'time_zone', 'day_guard', 'day_guard_until'])
    .where('id', '=', inviterId)
    .forUpdate()
    .executeTakeFirst();
}

export async function grantedInMonth(db: Queryable, inviterId: number, month: string): Promise<number> {
  const r = await db
    .selectFrom('referral_rewards')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('inviter_id', '=', inviterId)
    .where('month', '=', month)
    .where('granted', '=', true)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Whether another friend of this inviter had an account created within `windowS` seconds of `createdAt`. */
export async function friendCreatedNear(db: Queryable, inviterId: number, createdAt: Date, windowS: number): Promise<boolean> {
  const r = await db
    .selectFrom('referral_rewards as r')
    .innerJoin('users as u', 'u.id', 'r.invitee_id')
    .select('r.invitee_key')
    .where('r.inviter_id', '=', inviterId)
    .where(sql<boolean>`abs(extract(epoch from (u.created_at - ${createdAt}::timestamptz))) < ${windowS}`)
    .executeTakeFirst();
  return !!r;
}

/** Records the outcome; false when this friend (by key) was already counted once. */
export async function insertOutcome(
  db: Queryable,
  row: { inviteeKey: string; inviterId: number; inviteeId: number; month: string; granted: boolean; refused: string | null; at: Date },
): Promise<boolean> {
  const r = await db
    .insertInto('referral_rewards')
    .values({
      invitee_key: row.inviteeKey,
      inviter_id: row.inviterId,
      invitee_id: row.inviteeId,
      month: row.month,
      granted: row.granted,
      refused: row.refused,
      created_at: row.at,
    })
    .onConflict((oc) => oc.column('invitee_key').doNothing())
    .returning('invitee_key')
    .executeTakeFirst();
  return !!r;
}

/** Whether this friend's first reading was already counted (before deciding anything). */
export async function counted(db: Queryable, inviteeKey: string): Promise<boolean> {
  return !!(await db.selectFrom('referral_rewards').select('invitee_key').where('invitee_key', '=', inviteeKey).executeTakeFirst());
}

/** The invite screen's figures: friends who came by the link, friends rewarded, rewards this month. */
export async function inviterCounts(db: Queryable, inviterId: number, startParam: string, month: string) {
  const joined = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('start_param', '=', startParam)
    .where('id', '<>', inviterId)
    .executeTakeFirstOrThrow();
  const rewards = await db
    .selectFrom('referral_rewards')
    .select([
      (eb) => eb.fn.countAll<string>().filterWhere('granted', '=', true).as('granted'),
      (eb) => eb.fn.countAll<string>().filterWhere('granted', '=', true).filterWhere('month', '=', month).as('month'),
    ])
    .where('inviter_id', '=', inviterId)
    .executeTakeFirstOrThrow();
  return { joined: Number(joined.n), rewarded: Number(rewards.granted), rewardedThisMonth: Number(rewards.month) };
}

/** A span of time [from, to) the dashboard asks about. */
export interface Span {
  from: Date;
  to: Date;
}

/** The dashboard's table: inviters by friends rewarded in the span, with refusals by reason. */
export async function topInviters(db: Queryable, span: Span, limit: number) {
  return db
    .selectFrom('referral_rewards as r')
    .innerJoin('users as u', 'u.id', 'r.inviter_id')
    .where('r.created_at', '>=', span.from)
    .where('r.created_at', '<', span.to)
    .select([
      'r.inviter_id',
      'u.first_name',
      'u.username',
      (eb) => eb.fn.countAll<string>().filterWhere('r.granted', '=', true).as('granted'),
      (eb) => eb.fn.countAll<string>().filterWhere('r.refused', '=', 'same_minute').as('same_minute'),
      (eb) => eb.fn.countAll<string>().filterWhere('r.refused', '=', 'monthly_cap').as('monthly_cap'),
    ])
    .groupBy(['r.inviter_id', 'u.first_name', 'u.username'])
    .orderBy('granted', 'desc')
    .limit(limit)
    .execute();
}

/** Totals for the dashboard: users who came by a personal link in the span, and rewards by outcome. */
export async function referralTotals(db: Queryable, span: Span) {
  const joined = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(sql<boolean>`start_param ~ '^ref_[0-9]+$'`)
    .where('created_at', '>=', span.from)
    .where('created_at', '<', span.to)
    .executeTakeFirstOrThrow();
  const r = await db
    .selectFrom('referral_rewards')
    .where('created_at', '>=', span.from)
    .where('created_at', '<', span.to)
    .select([
      (eb) => eb.fn.countAll<string>().filterWhere('granted', '=', true).as('granted'),
      (eb) => eb.fn.countAll<string>().filterWhere('granted', '=', false).as('refused'),
    ])
    .executeTakeFirstOrThrow();
  return { joined: Number(joined.n), granted: Number(r.granted), refused: Number(r.refused) };
}
