// Frozen: never edit a migration that has shipped; add a new one.
// The user's deck: 'rws' (the classic Rider–Waite–Smith art, the default) or 'drawn' (the app's own art).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('deck', 'text', (c) => c.notNull().defaultTo('rws').check(sql`deck in ('rws', 'drawn')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deck').execute();
}
