// Frozen: never edit a migration that has shipped; add a new one.
// AI interpretations: a lease on a reading so one provider call serves every instance, the error a fallback
// reading ended with, a per-user window counter of provider calls, and the AI message written for a daily card.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('readings')
    .addColumn('ai_lease_id', 'text')
    .addColumn('ai_lease_until', 'timestamptz')
    .addColumn('ai_error', 'text')
    .execute();

  await db.schema
    .createTable('ai_rate_limits')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('daily_card_notes')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('card_key', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('daily_card_notes_pk', ['user_id', 'day', 'card_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('daily_card_notes').execute();
  await db.schema.dropTable('ai_rate_limits').execute();
  await db.schema.alterTable('readings').dropColumn('ai_lease_id').dropColumn('ai_lease_until').dropColumn('ai_error').execute();
}
