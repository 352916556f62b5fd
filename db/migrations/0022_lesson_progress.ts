// Frozen: never edit a migration that has shipped; add a new one.
// The daily «Урок» (three questions on the cards' meanings): one row per user with today's answers and the
// lasting progress (the streak of days with a finished lesson, the best one, the answers given and right).
// The questions themselves are not stored: they follow from the user and the day (domain/tarot/lesson.ts).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lesson_progress')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // The local day of the lesson in `choices`; a new day starts a new lesson.
    .addColumn('day', 'date', (c) => c.notNull())
    // The answer chosen for each of the day's questions (null: not answered yet).
    .addColumn('choices', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('best_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_done_day', 'date')
    .addColumn('lessons_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answered_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('correct_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lesson_progress').execute();
}
