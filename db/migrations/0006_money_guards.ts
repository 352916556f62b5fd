// Frozen: never edit a migration that has shipped; add a new one.
// A time-zone change never opens a new day early: the day open when the zone changed, and the instant it ends
// in the old zone, are kept with the user. Per-user limits on what costs us or others (invoice links,
// saved readings, YooKassa read-backs), counted in fixed windows.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('day_guard', 'date').addColumn('day_guard_until', 'timestamptz').execute();

  await db.schema
    .createTable('user_rate_limits')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_rate_limits_pk', ['user_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_rate_limits').execute();
  await db.schema.alterTable('users').dropColumn('day_guard').dropColumn('day_guard_until').execute();
}
