// The reading plan: everything a reading decides, decided once before any words — the answer (a yes/no
// verdict and its strength, the favoured option, the time frame, or the position that answers an open
// question), the key card, the cards for and against (one list each, named the same way everywhere), the
// tension between the strongest of them, the stance on haste, the outlook the sections about the future keep
// to, the advice card and the practical step from the question's own part of life. Every section renders from
// it; none decides again.
import { answerOf, EVEN_BAND, keyCardOf, levelOf, stepOf, type Answer, type Haste, type Outlook, type ReadingPlan } from './conclusion';

export type { ReadingPlan } from './conclusion';
import { balanceOf, type Ctx } from './context';
import { meaningIn } from './cards';
import { vetoBy } from './picker';

/** A sentence that asks to wait / to act without delay (advice, not a description of someone). */
export const WAIT_WORDS =
  /(не\s+торопи(ть|тесь|те)|не\s+торопиться|не\s+спеш(ите|ить)(?!\s+раскрывать)|спешить\s[^.;]{0,25}не\s+(стоит|нужно)|без\s+спешки|повремени|не\s+форсир|торопить\s[^.;]{0,20}(не\s+стоит|бесполезно))/iu;
export const ACT_WORDS =
  /(откладывать\s[^.;]{0,30}нельзя|нельзя\s+(больше\s+)?откладывать|не\s+откладыва(ть|йте)(?!\s+визит)|медлить\s+не|не\s+медлите|перестать\s+откладывать|не\s+тяните)/iu;

const outlookOf = (b: number): Outlook => (b >= EVEN_BAND ? 'good' : b <= -EVEN_BAND ? 'bad' : 'even');

/** The roles whose cards speak of where things go: their sentences keep to the plan's outlook. */
const AHEAD = new Set(['outcome', 'future', 'year']);

/** The reading's stance on haste: the meanings' if they state one, else the answer's, else its direction's. */
function hasteOf(fixed: Haste | null, a: Answer): Haste {
  if (fixed) return fixed;
  if (ACT_WORDS.test(a.text)) return 'act';
  if (WAIT_WORDS.test(a.text)) return 'wait';
  return a.direction === 'go' || a.direction === 'choice' ? 'act' : 'wait';
}

/** The stance a card's own meaning states (it cannot be reworded), if any. */
function meaningsHaste(ctx: Ctx): Haste | null {
  const fixed = ctx.cards.map((c) => meaningIn(c)).join(' ');
  if (ACT_WORDS.test(fixed)) return 'act';
  return WAIT_WORDS.test(fixed) ? 'wait' : null;
}

const VETO: Record<Haste, (item: unknown) => boolean> = {
  act: vetoBy((s) => WAIT_WORDS.test(s)),
  wait: vetoBy((s) => ACT_WORDS.test(s)),
};
const vetoFor = (haste: Haste) => VETO[haste];

export function planOf(ctx: Ctx): ReadingPlan {
  const b = balanceOf(ctx);
  // A meaning that urges or restrains binds every sentence chosen after it, the answer's too.
  const fixed = meaningsHaste(ctx);
  if (fixed) ctx.pick.veto = vetoFor(fixed);
  const answer = answerOf(ctx, b);
  const q = ctx.q;
  const verdict = q.kind === 'yesno' && !q.sensitive ? levelOf(q.polarity === 'feared' ? -b : b) : null;
  const support = ctx.cards.filter((c) => c.valence > 0).sort((x, y) => y.valence - x.valence);
  const opposition = ctx.cards.filter((c) => c.valence < 0).sort((x, y) => x.valence - y.valence);
  const outlook = outlookOf(b);
  // A card about what lies ahead does not read brighter or darker than the answer: it reads as mixed.
  for (const c of ctx.cards)
    if (AHEAD.has(c.role) && ((outlook === 'bad' && c.tone === 'light') || (outlook === 'good' && c.tone === 'hard'))) c.tone = 'mixed';
  const haste = hasteOf(fixed, answer);
  ctx.pick.veto = vetoFor(haste);
  return {
    area: q.area,
    about: q.about,
    verdict,
    answer,
    key: keyCardOf(ctx),
    support,
    opposition,
    tension: support[0] && opposition[0] ? { pro: support[0], contra: opposition[0] } : null,
    outlook,
    haste,
    step: stepOf(ctx, answer),
  };
}

/** The reading's plan, made on first use and kept on the context. */
/** The reading's plan, made once per reading context (kept beside it, not on it, so the context needs no plan type). */
const plans = new WeakMap<Ctx, ReadingPlan>();
export function planFor(ctx: Ctx): ReadingPlan {
  let plan = plans.get(ctx);
  if (!plan) plans.set(ctx, (plan = planOf(ctx)));
  return plan;
}
