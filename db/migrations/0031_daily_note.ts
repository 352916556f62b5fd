// Frozen: never edit a migration that has shipped; add a new one.
// The user's own line about the day's card, written on the daily card's page and shown in the journal. It
// belongs to the day (a paid redraw keeps it), so it lives on the day's row, exported and deleted with it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('daily_usage').addColumn('daily_note', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('daily_usage').dropColumn('daily_note').execute();
}
