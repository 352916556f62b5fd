// Frozen: never edit a migration that has shipped; add a new one.
// Guest mode («Карта для чата»): the bot answers in chats it is not a member of and keeps nothing from them but
// counts. A caller's one answer a minute per chat is a short-lived slot keyed by a hash of the caller and the
// chat (rows older than the window are deleted as new ones come), and the owner sees answers per day by kind.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('guest_rate_slots')
    // sha256 of '<caller id>:<chat id>': neither id is kept.
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    // The guest query that won the window: its redelivery is answered again, not refused.
    .addColumn('query_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('guest_rate_slots_window_idx').on('guest_rate_slots').column('window_start').execute();

  await db.schema
    .createTable('guest_answer_days')
    .addColumn('day', 'date', (c) => c.notNull())
    // 'daily', 'yesno', 'advice', 'sensitive', 'crisis', 'limited'.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('guest_answer_days_pk', ['day', 'kind'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('guest_answer_days').execute();
  await db.schema.dropTable('guest_rate_slots').execute();
}
