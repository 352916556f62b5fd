// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text')
    .addColumn('username', 'text')
    .addColumn('language_code', 'text')
    .addColumn('is_premium', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('photo_url', 'text')
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('notify_daily', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('bot_reachable', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('start_param', 'text')
    .addColumn('subscription_type', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('subscription_expires', 'timestamptz')
    .addColumn('subscription_auto_renew', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('total_spreads_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('daily_usage')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('spreads_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_spread_used', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('daily_card_used', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('daily_card_id', 'text')
    .addColumn('daily_card_orientation', 'text')
    .addColumn('daily_cards_drawn', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('daily_usage_pk', ['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('readings')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('spread_type', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('cards', 'jsonb', (c) => c.notNull())
    .addColumn('interpretation', 'text')
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('charged_day', 'date')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('readings_user_created_idx').on('readings').columns(['user_id', 'id desc']).execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['app_settings', 'readings', 'daily_usage', 'users']) await db.schema.dropTable(t).execute();
}
