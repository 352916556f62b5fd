// AI interpretation state: the claim (lease) on a reading, its final text, the per-user window counters of
// provider calls (one per budget), and daily-card messages. Every change is one atomic statement, so
// instances on one PostgreSQL agree on who calls the provider and nobody stores or refunds twice.
import { sql } from 'kysely';
import type { Reading } from '../schema';
import type { Queryable } from '../connection';

/**
 * Claims a dealt reading for one provider call: succeeds only while it is still 'dealt' and nobody else holds
 * a live lease. The lease expires on its own, so a crashed instance cannot block the reading for good.
 */
export async function claimReading(db: Queryable, id: number, leaseId: string, leaseMs: number): Promise<Reading | undefined> {
  return db
    .updateTable('readings')
    .set({ ai_lease_id: leaseId, ai_lease_until: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where('id', '=', id)
    .where('status', '=', 'dealt')
    .where((eb) => eb.or([eb('ai_lease_until', 'is', null), eb('ai_lease_until', '<', sql<Date>`now()`)]))
    .returningAll()
    .executeTakeFirst();
}

/** Keeps a live claim alive (the heartbeat of the instance writing it); false when the claim was lost. */
export async function extendClaim(db: Queryable, id: number, leaseId: string, leaseMs: number): Promise<boolean> {
  const r = await db
    .updateTable('readings')
    .set({ ai_lease_until: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where('id', '=', id)
    .where('ai_lease_id', '=', leaseId)
    .where('status', '=', 'dealt')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Gives a claim up (the caller went away): the next request may claim the reading again. */
export async function releaseClaim(db: Queryable, id: number, leaseId: string): Promise<void> {
  await db
    .updateTable('readings')
    .set({ ai_lease_id: null, ai_lease_until: null })
    .where('id', '=', id)
    .where('ai_lease_id', '=', leaseId)
    .where('status', '=', 'dealt')
    .execute();
}

/** The AI call's measurements stored with its reading (the owner's dashboard reads them). */
export interface AiTiming {
  firstMs: number | null;
  totalMs: number;
  promptChars: number;
  outputChars: number;
  /** The tokens the provider reported, or null when it did not (the dashboard estimates from the characters). */
  usage: { input: number; output: number } | null;
}

/**
 * Stores the final text, only while this claim still holds the reading and it is still 'dealt': the status
 * change is the guard, so the text is stored (and a fallback refunded) exactly once. Undefined when lost.
 */
export async function finishReading(
  db: Queryable,
  id: number,
  leaseId: string,
  result: { interpretation: string; status: 'done' | 'fallback'; error: string | null; timing?: AiTiming },
): Promise<Reading | undefined> {
  return db
    .updateTable('readings')
    .set({
      interpretation: result.interpretation,
      status: result.status,
      ai_error: result.error,
      ...(result.timing && {
        ai_first_ms: result.timing.firstMs,
        ai_total_ms: result.timing.totalMs,
        ai_prompt_chars: result.timing.promptChars,
        ai_output_chars: result.timing.outputChars,
        ai_input_tokens: result.timing.usage?.input ?? null,
        ai_output_tokens: result.timing.usage?.output ?? null,
      }),
      ai_lease_id: null,
      ai_lease_until: null,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'dealt')
    .where('ai_lease_id', '=', leaseId)
    .returningAll()
    .executeTakeFirst();
}

export async function findDailyCardNote(db: Queryable, userId: number, day: string, cardKey: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('daily_card_notes')
    .select('note')
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .where('card_key', '=', cardKey)
    .executeTakeFirst();
  return row?.note;
}

/** Keeps the first message written for a card of a day (a racing second one is dropped). */
export async function saveDailyCardNote(db: Queryable, userId: number, day: string, cardKey: string, note: string): Promise<void> {
  await db
    .insertInto('daily_card_notes')
    .values({ user_id: userId, day, card_key: cardKey, note })
    .onConflict((oc) => oc.columns(['user_id', 'day', 'card_key']).doNothing())
    .execute();
}
