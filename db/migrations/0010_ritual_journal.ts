// Frozen: never edit a migration that has shipped; add a new one.
// The daily ritual, the journal and what grows from a reading: the daily-card streak (kept on the user so the
// status read costs nothing more), the once-only home-screen offer, a note on a reading, follow-up questions
// with their clarifying card, and the rendered share pictures (cached here so every instance shares them).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('streak_current', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('streak_best', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('streak_last_day', 'date')
    .addColumn('home_screen_offered_at', 'timestamptz')
    .execute();

  await db.schema.alterTable('readings').addColumn('note', 'text').addColumn('note_updated_at', 'timestamptz').execute();

  await db.schema
    .createTable('reading_follow_ups')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('reading_id', 'bigint', (c) => c.notNull().references('readings.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 1, 2, 3 within the reading: the unique key makes the allowance atomic across instances.
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('card', 'jsonb', (c) => c.notNull())
    .addColumn('answer', 'text')
    // 'dealt' (no answer yet), 'done' (AI), 'fallback' (card-based text; may be asked of the AI again).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('ai_error', 'text')
    .addColumn('ai_lease_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('reading_follow_ups_seq_uq', ['reading_id', 'seq'])
    .execute();

  await db.schema
    .createTable('share_images')
    .addColumn('reading_id', 'bigint', (c) => c.notNull().references('readings.id').onDelete('cascade'))
    // format, deck and whether the question is shown, e.g. 'story:rws:q'.
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('png', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('share_images_pk', ['reading_id', 'variant'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('share_images').execute();
  await db.schema.dropTable('reading_follow_ups').execute();
  await db.schema.alterTable('readings').dropColumn('note').dropColumn('note_updated_at').execute();
  await db.schema
    .alterTable('users')
    .dropColumn('streak_current')
    .dropColumn('streak_best')
    .dropColumn('streak_last_day')
    .dropColumn('home_screen_offered_at')
    .execute();
}
