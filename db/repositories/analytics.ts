// Analytics events: appended, never updated; one per user, event and minute (the unique index decides).
import type { Queryable } from '../connection';

/** Stores the event unless the user already has it in this minute; whether it was stored. */
export async function insertEventOncePerMinute(
  db: Queryable,
  userId: number,
  event: string,
  payload: Record<string, unknown>,
  minute: number,
): Promise<boolean> {
  const row = await db
    .insertInto('analytics_events')
    .values({ user_id: userId, event, payload: JSON.stringify(payload), minute })
    .onConflict((oc) => oc.columns(['user_id', 'event', 'minute']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores an event the server itself records (no once-a-minute rule: without a minute, every one is kept). */
export async function insertServerEvent(db: Queryable, userId: number, event: string, payload: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('analytics_events')
    .values({ user_id: userId, event, payload: JSON.stringify(payload), minute: null })
    .execute();
}
