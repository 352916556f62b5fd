// Frozen: never edit a migration that has shipped; add a new one.
// «Свой расклад»: a reading of the user's own physical deck, whose cards the user entered (not dealt by the
// server). It is marked everywhere it is shown, and the journal's figures can leave it out.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('readings')
    .addColumn('own_deck', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('readings').dropColumn('own_deck').execute();
}
