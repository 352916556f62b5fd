// Analytics events: appended, never updated.
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

type Q = Kysely<Database>;

export async function insertEvent(db: Q, userId: number, event: string, payload: Record<string, unknown>): Promise<void> {
  await db.insertInto('analytics_events').values({ user_id: userId, event, payload: JSON.stringify(payload) }).execute();
}
