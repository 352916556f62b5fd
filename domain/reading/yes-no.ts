// One card for a question typed anywhere («Да или нет» in inline mode, a question to «Карта для чата» in guest
// mode: the one yes/no model of both): the question model decides what may be said. A crisis gets no card at
// all (help lines instead); a sensitive theme (health, pregnancy, death, court…) gets support and a
// professional, never a yes or a no; a yes/no question gets its leaning with its strength; any other question
// the card's answer to its kind (the same sentences as a reading's answer).
import { crisisAnswer, type CrisisAnswer } from './crisis';
import type { Orientation, TarotCard } from '../types';
import { planFor } from './plan';
import type { Level } from './conclusion-texts';
import { contextOf } from './context';

/** The spread whose topic a question without one falls back to: the day's. */
const SPREAD = 'free_daily';

const VERDICTS: Record<Level, string> = { yes2: 'Да', yes: 'Скорее да', even: 'Ни да, ни нет', no: 'Скорее нет', no2: 'Нет' };

export type YesNoCard =
  | { kind: 'crisis'; crisis: CrisisAnswer }
  /** `verdict` only for a yes/no question on a theme that is not sensitive; `text` is markdown (bold card names). */
  | {
      kind: 'card';
      verdict: string | null;
      sensitive: boolean;
      text: string;
      /** The concern tier: the answer opens with the caring line and the help line, and ends with a rest step. */
      care: boolean;
    };

/** What one card says to `question` (already validated); `card` is dealt by the caller. */
export function yesNoCard(question: string, card: TarotCard, orientation: Orientation, reversals: boolean): YesNoCard {
  const ctx = contextOf({
    spreadType: SPREAD,
    question,
    level: 'basic',
    reversals,
    cards: [{ number: 1, card, positionName: 'Ответ', orientation }],
  });
  if (ctx.q.crisis) return { kind: 'crisis', crisis: crisisAnswer(ctx.q.crisis) };
  const plan = planFor(ctx);
  const answer = plan.answer;
  const sensitive = !!ctx.q.sensitive;
  const verdict = plan.verdict ? VERDICTS[plan.verdict] : null;
  // A sensitive theme always ends with whom to see, the concern tier with rest: the step a reading closes with.
  const care = ctx.q.concern;
  return { kind: 'card', verdict, sensitive, text: sensitive || care ? `${answer.text} ${plan.step}` : answer.text, care };
}
