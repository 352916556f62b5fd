// What every voice of «Второе мнение» reads from: the first reading's plan (the verdict, the option, the time
// frame, the cards for and against, the stance on haste: decided once, never again), the cards in the voice's
// own order, and a picker of the voice's own (seeded apart from the first reading, and vetoing any sentence that
// takes the other side on haste). The voices (voice-straight.ts, voice-gentle.ts, voice-mystic.ts) write
// their own sentences from it; none quotes the first reading (not its meanings, answer or step).
import { areaWords, wordsAreaOf } from './area-words';
import { bold, contextOf, subj, type Ctx, type ReadCard } from './context';
import { type Element, elementOf, ELEMENT_NAME } from './facts';
import type { Kw } from './lexicon';
import { ACT_WORDS, planFor, WAIT_WORDS, type ReadingPlan } from './plan';
import { capitalize, joinRu, Picker, vetoBy } from './picker';
import type { ReadingPromptInput } from './prompt-types';
import type { Professional } from './question-words';
import type { Voice } from '../tarot/voices';

/** What the question asks, as the plan answered it. */
export type Stance =
  /** `behind`: the strongest card that bears the verdict out (for a feared event, a «да» rests on a hard card). */
  | { kind: 'verdict'; yes: boolean; firm: boolean; behind: ReadCard | null }
  | { kind: 'even'; toYes: ReadCard | null; toNo: ReadCard | null }
  | { kind: 'choice'; win: string; lose: string }
  | { kind: 'timing'; when: string | null }
  | { kind: 'care'; pro: Professional }
  | { kind: 'open'; card: ReadCard };

export interface Kit {
  voice: Voice;
  ctx: Ctx;
  plan: ReadingPlan;
  stance: Stance;
  /** One variant of a bank, never the same twice in one opinion, never against the plan's haste. */
  pick<T>(bank: string, items: readonly T[]): T;
  /** The card's next two keywords for the part of life asked about (what a sentence may praise or warn with). */
  words(c: ReadCard, want?: 'good' | 'bad' | 'any'): Kw;
  /** «в отношениях», «в работе»…: where the question lives, after a verb. */
  place: string;
}

const PLACE: Record<string, string> = {
  love: 'в отношениях',
  family: 'в семье',
  friendship: 'в дружбе',
  work: 'в работе',
  study: 'в учёбе',
  money: 'в денежных делах',
  health: 'в заботе о себе',
  self: 'в вашей внутренней жизни',
  general: 'в этом деле',
};

function stanceOf(ctx: Ctx, plan: ReadingPlan): Stance {
  const q = ctx.q;
  if (plan.answer.direction === 'care' && q.professional) return { kind: 'care', pro: q.professional };
  if (plan.verdict === 'even') {
    const feared = q.polarity === 'feared';
    const pro = plan.support[0] ?? null;
    const contra = plan.opposition[0] ?? null;
    return feared ? { kind: 'even', toYes: contra, toNo: pro } : { kind: 'even', toYes: pro, toNo: contra };
  }
  if (plan.verdict) {
    const yes = plan.verdict.startsWith('yes');
    const good = yes !== (q.polarity === 'feared');
    const behind = (good ? plan.support[0] : plan.opposition[0]) ?? null;
    return { kind: 'verdict', yes, firm: plan.verdict === 'yes2' || plan.verdict === 'no2', behind };
  }
  if (plan.answer.option && q.options) {
    const win = plan.answer.option;
    return { kind: 'choice', win: asWritten(win), lose: asWritten(q.options[0] === win ? q.options[1] : q.options[0]) };
  }
  if (q.kind === 'timing') return { kind: 'timing', when: plan.answer.when ?? null };
  return { kind: 'open', card: plan.answer.named[0] ?? plan.key };
}

/** An option inside a sentence: the capital it had only for starting the question goes («Остаться» → «остаться»). */
const asWritten = (o: string) => (/^\p{Lu}\p{Ll}/u.test(o) ? o.charAt(0).toLowerCase() + o.slice(1) : o);

const HASTE_VETO = {
  act: vetoBy((s) => WAIT_WORDS.test(s)),
  wait: vetoBy((s) => ACT_WORDS.test(s)),
};

export function kitOf(input: ReadingPromptInput, voice: Voice): Kit {
  const ctx = contextOf(input);
  const plan = planFor(ctx);
  const picker = new Picker(
    `${voice}|${input.spreadType}|${input.question}|${input.cards.map((c) => c.card.id + c.orientation).join(',')}`,
  );
  picker.veto = HASTE_VETO[plan.haste];
  return {
    voice,
    ctx,
    plan,
    stance: stanceOf(ctx, plan),
    pick: (bank, items) => picker.pick(bank, items),
    // A card with no word of the sign asked for (a hard card has no strengths) is named by its own.
    words: (c, want) =>
      want && areaWords(wordsAreaOf(ctx.q, ctx.area), c.card, c.orientation, want).length ? ctx.words(c, want) : ctx.words(c),
    place: PLACE[ctx.q.area] ?? PLACE.general,
  };
}

// Card names in the case a slot needs: the bare name stands only where the nominative does.
export const nom = bold;
/** The subject of a singular verb («карта **Влюблённые** говорит»). */
export const sub = subj;
export const Sub = (c: ReadCard) => capitalize(subj(c));
export const acc = (c: ReadCard) => `карту ${bold(c)}`;
export const names = (cs: readonly ReadCard[]) => joinRu(cs.map(bold));

/** The card's element: [nominative, genitive]. */
export const elementName = (c: ReadCard): readonly [string, string] => ELEMENT_NAME[elementOf(c.card)];
export const elementKey = (c: ReadCard): Element => elementOf(c.card);

/** The cards not yet spoken of, in order. */
export const rest = (all: readonly ReadCard[], said: ReadonlySet<ReadCard>) => all.filter((c) => !said.has(c));

/** Position name in quotes, for «в позиции «…»». */
export const pos = (c: ReadCard) => `«${c.positionName}»`;

export { capitalize, joinRu };
