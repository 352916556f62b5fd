// The daily «Урок»: three questions on the cards' meanings («Что значит «Башня» в перевёрнутом положении?»), each
// with three answers, one of them right. The questions of a day are the same for a user all that day (a hash of
// the user and the local day seeds them) and differ between users and days. Pure: the server builds and checks
// them; the client only shows what the server sent (never which answer is right before it is answered).
import { DECK } from './deck';
import type { Orientation, TarotCard } from '../types';
import { fnv1a32 } from '../text/variant';
import { seededUniform } from '../text/seeded-random';

export const LESSON_SIZE = 3;
export const LESSON_CHOICES = 3;

export interface LessonQuestion {
  cardId: string;
  orientation: Orientation;
  /** The three meanings shown, in order. */
  choices: string[];
  /** Index of the right one in `choices`. */
  answer: number;
}

const meaningOf = (card: TarotCard, o: Orientation) => (o === 'reversed' ? card.reversedMeaning : card.meaning);

/** Picks `n` distinct cards of `pool` not in `taken`. */
function pick(rand: () => number, pool: readonly TarotCard[], n: number, taken: Set<string>): TarotCard[] {
  const out: TarotCard[] = [];
  while (out.length < n) {
    const c = pool[Math.floor(rand() * pool.length)]!;
    if (taken.has(c.id)) continue;
    taken.add(c.id);
    out.push(c);
  }
  return out;
}

/** The lesson of `userId` on the local day `day` ('YYYY-MM-DD'). */
export function lessonFor(userId: number, day: string): LessonQuestion[] {
  const rand = seededUniform(fnv1a32(`lesson:${userId}:${day}`));
  const taken = new Set<string>();
  const cards = pick(rand, DECK, LESSON_SIZE, taken);
  return cards.map((card, i) => {
    // At least one of each orientation in a lesson; the third is the seed's choice.
    const orientation: Orientation = i === 0 ? 'upright' : i === 1 ? 'reversed' : rand() < 0.5 ? 'upright' : 'reversed';
    // Wrong answers: the same orientation's meanings of other cards, of no card asked about today and none
    // offered before in this lesson (one answer shown twice reads as a mistake).
    const wrong = pick(rand, DECK, LESSON_CHOICES - 1, taken).map((c) => meaningOf(c, orientation));
    const answer = Math.floor(rand() * LESSON_CHOICES);
    const choices = [...wrong];
    choices.splice(answer, 0, meaningOf(card, orientation));
    return { cardId: card.id, orientation, choices, answer };
  });
}

/** «Что значит «Башня» в прямом положении?» */
export function lessonPrompt(q: Pick<LessonQuestion, 'orientation'>, cardName: string): string {
  return `Что значит «${cardName}» ${q.orientation === 'reversed' ? 'в перевёрнутом положении' : 'в прямом положении'}?`;
}

/** The streak after a lesson finished on `day`: one more when the last one was yesterday, else 1. */
export function nextStreak(streak: number, lastDay: string | null, day: string, yesterday: string): number {
  if (lastDay === day) return streak;
  return lastDay === yesterday ? streak + 1 : 1;
}

/** The streak shown on `day`: kept while the last finished lesson was today or yesterday, else 0. */
export function currentStreak(streak: number, lastDay: string | null, day: string, yesterday: string): number {
  return lastDay === day || lastDay === yesterday ? streak : 0;
}
