// The bot's own state: handled update ids (redeliveries are skipped) and conversation state.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

type Q = Kysely<Database>;

/** Records an update id; false when it was recorded before (a redelivery). */
export async function claimUpdate(db: Q, updateId: number): Promise<boolean> {
  const row = await db
    .insertInto('bot_updates')
    .values({ update_id: updateId })
    .onConflict((oc) => oc.column('update_id').doNothing())
    .returning('update_id')
    .executeTakeFirst();
  return !!row;
}

/** Lets an update be handled again (its handling failed before doing anything). */
export async function releaseUpdate(db: Q, updateId: number): Promise<void> {
  await db.deleteFrom('bot_updates').where('update_id', '=', updateId).execute();
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
