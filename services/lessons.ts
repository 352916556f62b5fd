// The daily «Урок»: three questions on the cards' meanings, free for everyone. The questions follow from the
// user and their local day (domain/tarot/lesson.ts), so they are the same all day and nothing about them is stored;
// the answers are checked here, each recorded once in one transaction that locks the user's progress row, and
// a finished lesson moves the streak once.
import * as lessonsRepo from '../db/repositories/lessons';
import { getCard } from '../domain/tarot/deck';
import { userDay } from '../domain/text/day';
import { currentStreak, LESSON_SIZE, lessonFor, lessonPrompt, nextStreak } from '../domain/tarot/lesson';
import { addDays } from '../domain/text/time';
import type { Orientation } from '../domain/types';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import type { UserService } from './users';

export interface LessonQuestionView {
  index: number;
  cardId: string;
  cardName: string;
  orientation: Orientation;
  prompt: string;
  choices: string[];
  /** Null until answered; then what was chosen, whether it was right and which one was. */
  answered: { choice: number; correct: boolean; answer: number } | null;
}

export interface LessonView {
  day: string;
  questions: LessonQuestionView[];
  /** All three answered. */
  done: boolean;
  /** Right answers today. */
  score: number;
  progress: { streak: number; bestStreak: number; lessonsDone: number; answeredTotal: number; correctTotal: number };
}

function view(userId: number, day: string, p: lessonsRepo.LessonProgress | undefined): LessonView {
  const choices = p && p.day === day ? p.choices : [];
  const questions = lessonFor(userId, day).map((q, index): LessonQuestionView => {
    const card = getCard(q.cardId)!;
    const chosen = choices[index];
    return {
      index,
      cardId: q.cardId,
      cardName: card.name,
      orientation: q.orientation,
      prompt: lessonPrompt(q, card.name),
      choices: q.choices,
      answered: typeof chosen === 'number' ? { choice: chosen, correct: chosen === q.answer, answer: q.answer } : null,
    };
  });
  const yesterday = addDays(day, -1);
  return {
    day,
    questions,
    done: questions.every((q) => q.answered),
    score: questions.filter((q) => q.answered?.correct).length,
    progress: {
      streak: p ? currentStreak(p.streak, p.last_done_day, day, yesterday) : 0,
      bestStreak: p?.best_streak ?? 0,
      lessonsDone: p?.lessons_done ?? 0,
      answeredTotal: p?.answered_total ?? 0,
      correctTotal: p?.correct_total ?? 0,
    },
  };
}

export function createLessonService(deps: ServiceDeps, users: UserService) {
  async function today(userId: number): Promise<string> {
    return userDay(await users.requireUser(userId), deps.clock()).day;
  }

  return {
    /** GET /api/lessons/today. */
    async today(userId: number): Promise<LessonView> {
      const day = await today(userId);
      return view(userId, day, await lessonsRepo.findProgress(deps.db, userId));
    },

    /** POST /api/lessons/today/answers: checks one answer; a question answered already is a 409. */
    async answer(userId: number, question: number, choice: number): Promise<LessonView> {
      const day = await today(userId);
      const lesson = lessonFor(userId, day);
      const q = lesson[question];
      if (!q) throw new ServiceError('bad_input', `question: в уроке вопросы с 0 по ${LESSON_SIZE - 1}`);
      if (choice < 0 || choice >= q.choices.length) throw new ServiceError('bad_input', `choice: ответ с 0 по ${q.choices.length - 1}`);
      const saved = await deps.db.transaction().execute(async (trx) => {
        const p = await lessonsRepo.lockProgress(trx, userId, day);
        const choices: (number | null)[] =
          p.day === day && p.choices.length === LESSON_SIZE ? [...p.choices] : Array(LESSON_SIZE).fill(null);
        if (choices[question] !== null) throw new ServiceError('conflict', 'На этот вопрос вы уже ответили сегодня');
        choices[question] = choice;
        const finished = choices.every((c) => c !== null);
        const streak = finished ? nextStreak(p.streak, p.last_done_day, day, addDays(day, -1)) : p.streak;
        return lessonsRepo.saveProgress(trx, userId, {
          day,
          choices,
          streak,
          bestStreak: Math.max(p.best_streak, streak),
          lastDoneDay: finished ? day : p.last_done_day,
          lessonsDone: p.lessons_done + (finished ? 1 : 0),
          answeredTotal: p.answered_total + 1,
          correctTotal: p.correct_total + (choice === q.answer ? 1 : 0),
        });
      });
      return view(userId, day, saved);
    },
  };
}
