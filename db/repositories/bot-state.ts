// The bot's own state: handled update ids (redeliveries are skipped) and conversation state.
import { sql } from 'kysely';
import type { Queryable } from '../connection';

/** Whether an update id was handled to the end before (a redelivery). */
export async function isUpdateHandled(db: Queryable, updateId: number): Promise<boolean> {
  const row = await db.selectFrom('bot_updates').select('update_id').where('update_id', '=', updateId).executeTakeFirst();
  return !!row;
}

/** Records an update id as handled; written only after its handler succeeded, so a crash before leaves none. */
export async function markUpdateHandled(db: Queryable, updateId: number): Promise<void> {
  await db
    .insertInto('bot_updates')
    .values({ update_id: updateId })
    .onConflict((oc) => oc.column('update_id').doNothing())
    .execute();
}

export async function pruneUpdates(db: Queryable, before: Date): Promise<void> {
  await db.deleteFrom('bot_updates').where('received_at', '<', before).execute();
}

export async function readConversation(db: Queryable, key: string): Promise<{ version: string; state: unknown } | undefined> {
  return db.selectFrom('bot_conversations').select(['version', 'state']).where('key', '=', key).executeTakeFirst();
}

export async function writeConversation(db: Queryable, key: string, version: string, state: unknown): Promise<void> {
  const json = JSON.stringify(state);
  await db
    .insertInto('bot_conversations')
    .values({ key, version, state: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ version, state: json, updated_at: sql`now()` }))
    .execute();
}

export async function deleteConversation(db: Queryable, key: string): Promise<void> {
  await db.deleteFrom('bot_conversations').where('key', '=', key).execute();
}

/** Conversations left untouched since `before` are dropped (the user walked away). */
export async function pruneConversations(db: Queryable, before: Date): Promise<void> {
  await db.deleteFrom('bot_conversations').where('updated_at', '<', before).execute();
}
