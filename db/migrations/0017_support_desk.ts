// Frozen: never edit a migration that has shipped; add a new one.
// The support desk in the bot: a user's conversations with the operators (numbered, open / answered /
// closed; at most one not closed per user), their messages both ways, and where each user message was
// relayed in the operators' chats (an operator's reply to that copy finds the conversation). All of it is the
// user's data, keyed by user with `on delete cascade`.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('support_conversations')
    // The conversation's number, as the user and the operators see it («обращение №12»).
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'answered', 'closed')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    // 'user' or 'operator'.
    .addColumn('closed_by', 'text')
    .execute();
  // One live conversation per user: a second /paysupport resumes it; a closed one is followed by a new one.
  await sql`create unique index support_conversations_live_idx on support_conversations (user_id) where status <> 'closed'`.execute(db);

  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('support_conversations.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull().check(sql`author in ('user', 'operator')`))
    // The operator's Telegram id (an operator need not be a user of the app: no reference).
    .addColumn('operator_id', 'bigint')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('text').check(sql`kind in ('text', 'photo', 'document')`))
    // The text, or a photo's or document's caption ('' when none).
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    // Telegram's file_id of a photo or document.
    .addColumn('file_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('support_messages_conversation_idx').on('support_messages').columns(['conversation_id', 'id']).execute();
  await db.schema.createIndex('support_messages_user_idx').on('support_messages').column('user_id').execute();

  await db.schema
    .createTable('support_relays')
    .addColumn('chat_id', 'bigint', (c) => c.notNull())
    .addColumn('message_id', 'bigint', (c) => c.notNull())
    .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('support_conversations.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('support_relays_pk', ['chat_id', 'message_id'])
    .execute();
  await db.schema.createIndex('support_relays_user_idx').on('support_relays').column('user_id').execute();
  await db.schema.createIndex('support_relays_conversation_idx').on('support_relays').column('conversation_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('support_relays').execute();
  await db.schema.dropTable('support_messages').execute();
  await db.schema.dropTable('support_conversations').execute();
}
