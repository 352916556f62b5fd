// The daily «Урок»'s progress: one row per user (lesson_progress). The service locks it for an answer, so an
// answer is recorded once and the streak moves once. Plain functions over `db | trx`.
import { sql, type Selectable } from 'kysely';
import type { LessonProgressTable } from '../schema';
import type { Queryable } from '../connection';

export type LessonProgress = Selectable<LessonProgressTable>;

export async function findProgress(db: Queryable, userId: number): Promise<LessonProgress | undefined> {
  return db.selectFrom('lesson_progress').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The user's row, locked for the rest of the transaction (made empty for `day` when there is none). */
export async function lockProgress(trx: Queryable, userId: number, day: string): Promise<LessonProgress> {
  await trx
    .insertInto('lesson_progress')
    .values({ user_id: userId, day, choices: '[]' })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return trx.selectFrom('lesson_progress').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
}

export interface ProgressUpdate {
  day: string;
  choices: (number | null)[];
  streak: number;
  bestStreak: number;
  lastDoneDay: string | null;
  lessonsDone: number;
  answeredTotal: number;
  correctTotal: number;
}

export async function saveProgress(trx: Queryable, userId: number, p: ProgressUpdate): Promise<LessonProgress> {
  return trx
    .updateTable('lesson_progress')
    .set({
      day: p.day,
      choices: JSON.stringify(p.choices),
      streak: p.streak,
      best_streak: p.bestStreak,
      last_done_day: p.lastDoneDay,
      lessons_done: p.lessonsDone,
      answered_total: p.answeredTotal,
      correct_total: p.correctTotal,
      updated_at: sql`now()`,
    })
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
