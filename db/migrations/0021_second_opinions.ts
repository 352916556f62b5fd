// Frozen: never edit a migration that has shipped; add a new one.
// «Второе мнение»: the same cards of a finished reading read again in another reader's voice (gentle,
// straight, mystic). One per reading and voice; `day` is the user's counting day when it was asked, so the
// daily allowance is counted in one indexed query. The user's data through its reading (deleted with it).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('second_opinions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('reading_id', 'bigint', (c) => c.notNull().references('readings.id').onDelete('cascade'))
    .addColumn('voice', 'text', (c) => c.notNull().check(sql`voice in ('gentle', 'straight', 'mystic')`))
    // Null until written (the text streams first, then is stored).
    .addColumn('text', 'text')
    .addColumn('source', 'text', (c) => c.check(sql`source in ('ai', 'cards')`))
    .addColumn('ai_error', 'text')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('second_opinions_voice_uq', ['reading_id', 'voice'])
    .execute();
  await db.schema.createIndex('second_opinions_day_idx').on('second_opinions').columns(['day', 'reading_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('second_opinions').execute();
}
