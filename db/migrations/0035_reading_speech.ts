// Frozen: never edit a migration that has shipped; add a new one.
// A reading read aloud («Прочитать вслух», «🔊 Озвучить»): the provider's speech (Opus in OGG) kept per reading,
// so a second tap, in the app or the bot, costs no provider call. The bytes live in the database (like the share
// pictures): every instance serves them, and deleting the reading (or the user) deletes them by the foreign key.
// `text_hash` is the hash of the text spoken: a reading whose text changed («Спросить ИИ ещё раз») is spoken anew.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reading_speech')
    .addColumn('reading_id', 'bigint', (c) => c.primaryKey().references('readings.id').onDelete('cascade'))
    .addColumn('text_hash', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('voice', 'text', (c) => c.notNull())
    .addColumn('audio', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Opus does not compress: stored out of line without trying to (as share_pictures' JPEGs).
  await sql`alter table reading_speech alter column audio set storage external`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reading_speech').execute();
}
