// Frozen: never edit a migration that has shipped; add a new one.
// «Ближайшие 30 дней»: the transit list is computed once per user and local day and kept here, so every
// instance serves the day's list from one computation (it is derived from the user's birth data: user data).
// «Итоги месяца»: one row per user and past month once the report is offered — when the app showed it, when
// the user opened or dismissed it, and when its one push went out.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('transit_cache')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The user's local day 'YYYY-MM-DD' the list starts on.
    .addColumn('day', 'text', (c) => c.notNull())
    // A hash of the birth data the list was computed from: new birth data is a miss.
    .addColumn('chart_key', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('transit_cache_pkey', ['user_id', 'day'])
    .execute();
  await db.schema
    .createTable('monthly_reports')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The reported local month 'YYYY-MM'.
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('offered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('opened_at', 'timestamptz')
    .addColumn('dismissed_at', 'timestamptz')
    .addColumn('pushed_at', 'timestamptz')
    .addPrimaryKeyConstraint('monthly_reports_pkey', ['user_id', 'month'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('monthly_reports').execute();
  await db.schema.dropTable('transit_cache').execute();
}
