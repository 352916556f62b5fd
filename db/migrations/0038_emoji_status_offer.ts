// Frozen: never edit a migration that has shipped; add a new one.
// «Карта дня в статусе»: the app offers it once per user; when it did (shown, then accepted or dismissed).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('emoji_status_offered_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('emoji_status_offered_at').execute();
}
