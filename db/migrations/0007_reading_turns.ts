// Frozen: never edit a migration that has shipped; add a new one.
// Readings: how many cards (in dealing order) the user turned before asking for the interpretation (only those
// are read and shown; null: all of them), and for the year forecast the month (1..12) its first month card is.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('readings').addColumn('turned_count', 'integer').addColumn('first_month', 'smallint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('readings').dropColumn('turned_count').dropColumn('first_month').execute();
}
