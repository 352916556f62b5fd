// Follow-up questions on a reading. Creating one locks the reading row, so the allowance is counted and the
// clarifying card dealt exactly once per follow-up even when requests race (on any instance). The answer is
// written under a claim (a lease id and a short lease renewed by a heartbeat), as a reading's interpretation
// is, so one instance writes it and a dead instance's claim runs out within seconds.
import { sql } from 'kysely';
import type { Reading, ReadingFollowUp } from '../schema';
import type { DealtCard } from '../../domain/types';
import type { Queryable } from '../connection';

/** The reading, locked until the caller's transaction ends. */
export async function lockReading(trx: Queryable, id: number): Promise<Reading | undefined> {
  return trx.selectFrom('readings').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function listFollowUps(db: Queryable, readingId: number): Promise<ReadingFollowUp[]> {
  return db.selectFrom('reading_follow_ups').selectAll().where('reading_id', '=', readingId).orderBy('seq').execute();
}

/** A new follow-up, claimed for its answer by `leaseId`. */
export async function insertFollowUp(
  trx: Queryable,
  f: { readingId: number; userId: number; seq: number; question: string; card: DealtCard; leaseId: string; leaseMs: number },
): Promise<ReadingFollowUp> {
  return trx
    .insertInto('reading_follow_ups')
    .values({
      reading_id: f.readingId,
      user_id: f.userId,
      seq: f.seq,
      question: f.question,
      card: JSON.stringify(f.card),
      status: 'dealt',
      ai_lease_id: f.leaseId,
      ai_lease_until: sql<Date>`now() + ${f.leaseMs} * interval '1 millisecond'`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Claims a follow-up for writing its answer: one still unanswered, or (`fallbackToo`, «ask the AI again») one
 * with the card-based text; only while nobody holds a live claim on it.
 */
export async function claimFollowUp(
  db: Queryable,
  id: number,
  leaseId: string,
  leaseMs: number,
  fallbackToo: boolean,
): Promise<ReadingFollowUp | undefined> {
  return db
    .updateTable('reading_follow_ups')
    .set({ ai_lease_id: leaseId, ai_lease_until: sql<Date>`now() + ${leaseMs} * interval '1 millisecond'` })
    .where('id', '=', id)
    .where('status', 'in', fallbackToo ? ['dealt', 'fallback'] : ['dealt'])
    .where((eb) => eb.or([eb('ai_lease_until', 'is', null), eb('ai_lease_until', '<', sql<Date>`now()`)]))
    .returningAll()
    .executeTakeFirst();
}

/** Keeps a live claim alive (the heartbeat of the instance writing the answer). */
export async function extendFollowUpClaim(db: Queryable, id: number, leaseId: string, leaseMs: number): Promise<void> {
  await db
    .updateTable('reading_follow_ups')
    .set({ ai_lease_until: sql<Date>`now() + ${leaseMs} * interval '1 millisecond'` })
    .where('id', '=', id)
    .where('ai_lease_id', '=', leaseId)
    .execute();
}

/** Gives a claim up (no call was made): the follow-up may be claimed again at once. */
export async function releaseFollowUpClaim(db: Queryable, id: number, leaseId: string): Promise<void> {
  await db
    .updateTable('reading_follow_ups')
    .set({ ai_lease_id: null, ai_lease_until: null })
    .where('id', '=', id)
    .where('ai_lease_id', '=', leaseId)
    .execute();
}

/** Stores an answer, only while this claim still holds the follow-up; undefined when the claim was lost. */
export async function finishFollowUp(
  db: Queryable,
  id: number,
  leaseId: string,
  r: { answer: string; status: 'done' | 'fallback'; error: string | null },
): Promise<ReadingFollowUp | undefined> {
  return db
    .updateTable('reading_follow_ups')
    .set({ answer: r.answer, status: r.status, ai_error: r.error, ai_lease_id: null, ai_lease_until: null, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('ai_lease_id', '=', leaseId)
    .where('status', '!=', 'done')
    .returningAll()
    .executeTakeFirst();
}

export async function findFollowUp(db: Queryable, id: number): Promise<ReadingFollowUp | undefined> {
  return db.selectFrom('reading_follow_ups').selectAll().where('id', '=', id).executeTakeFirst();
}
