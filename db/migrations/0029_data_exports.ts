// Frozen: never edit a migration that has shipped; add a new one.
// The data export streams and reads the user's rows in pages: one export at a time per user is a lease row
// here (taken, renewed while the file is written, released at its end; a crashed instance's lease runs out),
// and the pages of the tables that grow with use are read by the user and the key they are ordered by, so
// each page is a short index read instead of a scan of every user's rows.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('lease_id', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'timestamptz', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('analytics_events_user_idx').on('analytics_events').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('reading_follow_ups_user_idx').on('reading_follow_ups').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reading_follow_ups_user_idx').execute();
  await db.schema.dropIndex('notifications_user_idx').execute();
  await db.schema.dropIndex('analytics_events_user_idx').execute();
  await db.schema.dropTable('data_exports').execute();
}
