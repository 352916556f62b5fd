// Guest mode's state: the caller's slot in a chat (a hashed key, kept only for its window) and the owner's
// per-day counts of answers by kind. Each take is one upsert, so racing instances never both answer.
import { sql } from 'kysely';
import type { Queryable } from '../connection';

/**
 * Counts one summons (`queryId`) under `key` in a fixed window of `windowS` seconds: returns how many different
 * summonses the window has seen and which one won it (the first). One statement, so two summonses racing on two
 * instances never both win; the winner delivered again still wins (its answer may have failed the first time).
 */
export async function takeGuestSlot(
  db: Queryable,
  key: string,
  queryId: string,
  now: Date,
  windowS: number,
): Promise<{ count: number; winner: string }> {
  const ended = sql<boolean>`guest_rate_slots.window_start <= ${new Date(now.getTime() - windowS * 1000)}`;
  const row = await db
    .insertInto('guest_rate_slots')
    .values({ key, window_start: now, count: 1, query_id: queryId })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        window_start: sql`case when ${ended} then excluded.window_start else guest_rate_slots.window_start end`,
        query_id: sql`case when ${ended} then excluded.query_id else guest_rate_slots.query_id end`,
        count: sql`case when ${ended} then 1 when guest_rate_slots.query_id = excluded.query_id then guest_rate_slots.count else guest_rate_slots.count + 1 end`,
      }),
    )
    .returning(['count', 'query_id'])
    .executeTakeFirstOrThrow();
  return { count: row.count, winner: row.query_id };
}

/** Drops the slots whose window ended: nothing about who called where outlives its minute. */
export async function deleteEndedGuestSlots(db: Queryable, now: Date, windowS: number): Promise<void> {
  await db
    .deleteFrom('guest_rate_slots')
    .where('window_start', '<=', new Date(now.getTime() - windowS * 1000))
    .execute();
}

/** One more guest answer of `kind` on `day`. */
export async function countGuestAnswer(db: Queryable, day: string, kind: string): Promise<void> {
  await db
    .insertInto('guest_answer_days')
    .values({ day, kind, count: 1 })
    .onConflict((oc) => oc.columns(['day', 'kind']).doUpdateSet({ count: sql`guest_answer_days.count + 1`, updated_at: sql`now()` }))
    .execute();
}

/** The day's guest answers by kind. */
export async function guestAnswersOn(db: Queryable, day: string): Promise<Record<string, number>> {
  const rows = await db.selectFrom('guest_answer_days').select(['kind', 'count']).where('day', '=', day).execute();
  return Object.fromEntries(rows.map((r) => [r.kind, r.count]));
}
