// Frozen: never edit a migration that has shipped; add a new one.
// Money: payment orders (our intents), the payments ledger (confirmed payments, unique per provider id),
// micro packs, micro promo state, recurring billing (Stars subscriptions, YooKassa saved methods) and
// analytics events.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('plan', 'text')
    .addColumn('days', 'integer')
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('reading_id', 'bigint', (c) => c.references('readings.id').onDelete('set null'))
    .addColumn('recurring', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('autopay_consent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('provider_payment_id', 'text')
    .addColumn('idempotence_key', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('context', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payment_orders_user_idx').on('payment_orders').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createIndex('payment_orders_provider_payment_uq')
    .on('payment_orders')
    .columns(['provider', 'provider_payment_id'])
    .unique()
    .where(sql.ref('provider_payment_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.references('payment_orders.id').onDelete('set null'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('succeeded'))
    .addColumn('granted', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('details', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('refunded_at', 'timestamptz')
    .addUniqueConstraint('payments_provider_payment_uq', ['provider', 'provider_payment_id'])
    .execute();
  await db.schema.createIndex('payments_user_idx').on('payments').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('payments_created_idx').on('payments').column('created_at').execute();

  await db.schema
    .createTable('micro_purchases')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reading_id', 'bigint', (c) => c.references('readings.id').onDelete('set null'))
    .addColumn('payment_id', 'bigint', (c) => c.unique().references('payments.id').onDelete('set null'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('cards', 'jsonb')
    .addColumn('advice', 'text')
    .addColumn('revealed_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('micro_purchases_user_reading_idx').on('micro_purchases').columns(['user_id', 'reading_id']).execute();

  await db.schema
    .createTable('micro_offers')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('cta_clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_cta_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('recurring_billing')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('consent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('canceled_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('analytics_events_event_idx').on('analytics_events').columns(['event', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['analytics_events', 'recurring_billing', 'micro_offers', 'micro_purchases', 'payments', 'payment_orders'])
    await db.schema.dropTable(t).execute();
}
