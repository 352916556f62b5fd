// Frozen: never edit a migration that has shipped; add a new one.
// The user's «Перевёрнутые карты» setting: on (the default) deals cards upright or reversed, off deals them all
// upright and the readings' texts say nothing of orientation.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('reversals', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('reversals').execute();
}
