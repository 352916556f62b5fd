// Frozen: never edit a migration that has shipped; add a new one.
// The bot's state (processed update ids, conversation state) and the push queue.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One row per handled update: a redelivered update (webhook retry, restart) is recognised and skipped.
  await db.schema
    .createTable('bot_updates')
    .addColumn('update_id', 'bigint', (c) => c.primaryKey())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('bot_updates_received_idx').on('bot_updates').column('received_at').execute();

  // @grammyjs/conversations state, one row per chat: a restart or another instance continues the dialogue.
  await db.schema
    .createTable('bot_conversations')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('state', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The push queue. (user, kind, dedup_key) is unique: the daily reminder's key is the user's local day,
  // so however many instances schedule it, a user gets one per day.
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('dedup_key', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('not_before', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('notifications_user_kind_key', ['user_id', 'kind', 'dedup_key'])
    .execute();
  await sql`create index notifications_pending_idx on notifications (priority desc, not_before, id) where status = 'pending'`.execute(db);
  await sql`create index notifications_sending_idx on notifications (locked_until) where status = 'sending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['notifications', 'bot_conversations', 'bot_updates']) await db.schema.dropTable(t).execute();
}
