// Frozen: never edit a migration that has shipped; add a new one.
// A chat reading survives a crash: the bot names the question's message (`tg:<chat>:<message>`) when it asks
// for the reading, and Telegram's redelivery of that message after a crash finds the reading already dealt and
// charged instead of charging again or answering «уже использован». One reading per user and key.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('readings').addColumn('request_key', 'text').execute();
  await db.schema
    .createIndex('readings_request_key')
    .on('readings')
    .columns(['user_id', 'request_key'])
    .unique()
    .where(sql.ref('request_key'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('readings_request_key').execute();
  await db.schema.alterTable('readings').dropColumn('request_key').execute();
}
