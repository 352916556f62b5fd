// Follow-up questions on a reading. Creating one locks the reading row, so the allowance is counted and the
// clarifying card dealt exactly once per follow-up even when requests race (on any instance).
import { sql, type Kysely } from 'kysely';
import type { Database, Reading, ReadingFollowUp } from '../schema';
import type { DealtCard } from '../../domain/types';

type Q = Kysely<Database>;

/** The reading, locked until the caller's transaction ends. */
export async function lockReading(trx: Q, id: number): Promise<Reading | undefined> {
  return trx.selectFrom('readings').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function listFollowUps(db: Q, readingId: number): Promise<ReadingFollowUp[]> {
  return db.selectFrom('reading_follow_ups').selectAll().where('reading_id', '=', readingId).orderBy('seq').execute();
}

export async function insertFollowUp(
  trx: Q,
  f: { readingId: number; userId: number; seq: number; question: string; card: DealtCard; leaseMs: number },
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
      ai_lease_until: sql<Date>`now() + ${f.leaseMs} * interval '1 millisecond'`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Claims an unanswered (lease expired) or card-based follow-up for one more AI attempt. */
export async function claimForRetry(db: Q, id: number, leaseMs: number): Promise<ReadingFollowUp | undefined> {
  return db
    .updateTable('reading_follow_ups')
    .set({ ai_lease_until: sql<Date>`now() + ${leaseMs} * interval '1 millisecond'` })
    .where('id', '=', id)
    .where('status', 'in', ['dealt', 'fallback'])
    .where((eb) => eb.or([eb('ai_lease_until', 'is', null), eb('ai_lease_until', '<', sql<Date>`now()`)]))
    .returningAll()
    .executeTakeFirst();
}

/** Stores an answer. An AI answer replaces anything; a card-based one never replaces an AI answer. */
export async function finishFollowUp(db: Q, id: number, r: { answer: string; status: 'done' | 'fallback'; error: string | null }): Promise<ReadingFollowUp> {
  let q = db
    .updateTable('reading_follow_ups')
    .set({ answer: r.answer, status: r.status, ai_error: r.error, ai_lease_until: null, updated_at: sql`now()` })
    .where('id', '=', id);
  if (r.status === 'fallback') q = q.where('status', '!=', 'done');
  const row = await q.returningAll().executeTakeFirst();
  return row ?? (await db.selectFrom('reading_follow_ups').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

export async function findFollowUp(db: Q, id: number): Promise<ReadingFollowUp | undefined> {
  return db.selectFrom('reading_follow_ups').selectAll().where('id', '=', id).executeTakeFirst();
}
