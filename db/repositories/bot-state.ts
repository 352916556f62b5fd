// The bot's own state: handled update ids (redeliveries are skipped) and conversation state.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

type Q = Kysely<Database>;

/** Whether an update id was handled to the end before (a redelivery). */
export async function isUpdateHandled(db: Q, updateId: number): Promise<boolean> {
  const row = await db.selectFrom('bot_updates').select('update_id').where('update_id', '=', updateId).executeTakeFirst();
  return !!row;
}

/** Records an update id as handled; written only after its handler succeeded, so a crash before leaves none. */
export async function markUpdateHandled(db: Q, updateId: number): Promise<void> {
  await db
    .insertInto('bot_updates')
    .values({ update_id: updateId })
    .onConflict((oc) => oc.column('update_id').doNothing())
    .execute();
}

export async function pruneUpdates(db: Q, before: Date): Promise<void> {
  await db.deleteFrom('bot_updates').where('received_at', '<', before).execute();
}

export async function readConversation(db: Q, key: string): Promise<{ version: string; state: unknown } | undefined> {
  return db.selectFrom('bot_conversations').select(['version', 'state']).where('key', '=', key).executeTakeFirst();
}

export async function writeConversation(db: Q, key: string, version: string, state: unknown): Promise<void> {
  const json = JSON.stringify(state);
  await db
    .insertInto('bot_conversations')
    .values({ key, version, state: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ version, state: json, updated_at: sql`now()` }))
    .execute();
}

export async function deleteConversation(db: Q, key: string): Promise<void> {
  await db.deleteFrom('bot_conversations').where('key', '=', key).execute();
}

/** Conversations left untouched since `before` are dropped (the user walked away). */
export async function pruneConversations(db: Q, before: Date): Promise<void> {
  await db.deleteFrom('bot_conversations').where('updated_at', '<', before).execute();
}
