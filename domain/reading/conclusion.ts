// The answer to the kind of question asked (stated at the top of the reading, right after the opener): a yes/no leaning with its strength and the cards
// behind it (turned round for a feared event), the option of an either/or the cards favour, a time frame from
// the suits, an open question's answer from the position that answers it, and for a sensitive theme support
// and a professional instead of a prognosis. Then the advice and a practical step that follows from the
// answer close the reading in «Общий вывод». With the answer: two or three sentences (basic), five to seven (premium).
import { REST_STEPS } from './care';
import { suitInfoFor } from './facts';
import { balanceOf, bold, pluralName, subj, type Ctx, type ReadCard } from './context';
import { joinRu } from './picker';
import type { About, Area } from './question';
import {
  CARE_TAIL,
  CHOICE_CLEAR,
  CHOICE_LESSER,
  CHOICE_METHOD,
  CHOICE_SLIGHT,
  CHOICE_TIE,
  EVEN,
  EVEN_ONE,
  EVEN_PLAIN,
  FEARED,
  HOPED,
  OPEN_LEAD,
  OPEN_TAIL,
  SENSITIVE,
  TIMING,
  TIMING_DELAY,
  TIMING_YEAR,
  VAGUE,
  type Level,
} from './conclusion-texts';
import {
  ADVICE,
  AREA_STEPS,
  CARE_STEPS,
  CHOICE_STEPS,
  CLOSING,
  PAIR_STEPS,
  EVIDENCE,
  FEAR_STEPS,
  SHAPE,
  STEPS,
  TIMING_STEPS,
  type Direction,
} from './conclusion-steps';
import { MONTHS_IN, type Role } from './roles';
import { monthOfPosition } from '../tarot/spreads';
import type { Suit } from '../types';

/** What the answer decided: the step's direction, the favoured option, and the cards already named. */
export interface Answer {
  text: string;
  direction: Direction | 'choice' | 'care';
  option?: string;
  named: ReadCard[];
  /** The cards the answer says speak for the user (or the favoured option) and against: each agrees with its side. */
  sides?: { for: ReadCard[]; against: ReadCard[] };
  /** A timing answer's frame as a phrase after «ориентир —» («около трёх недель», «в марте»); none when the majors give a stage, not a date. */
  when?: string;
}

// The plan's shape (made in plan.ts): declared here, where it is rendered, so the two files import one way.
export type Haste = 'act' | 'wait';

/** Where the reading says things are going for the person asking. */
export type Outlook = 'good' | 'bad' | 'even';

export interface ReadingPlan {
  area: Area;
  about: About;
  /** For a yes/no question (not a sensitive theme): the event's leaning. */
  verdict: Level | null;
  answer: Answer;
  key: ReadCard;
  /** The cards on the user's side, strongest first, and those against, hardest first: no card is in both. */
  support: ReadCard[];
  opposition: ReadCard[];
  /** The strongest card for against the hardest against, when both exist. */
  tension: { pro: ReadCard; contra: ReadCard } | null;
  outlook: Outlook;
  haste: Haste;
  /** The practical step, from the question's part of life. */
  step: string;
}

const names = (cards: readonly ReadCard[]) => (cards.length === 1 ? subj(cards[0]) : joinRu(cards.map(bold)));
const byValence = (cards: readonly ReadCard[], sign: 1 | -1) =>
  cards.filter((c) => Math.sign(c.valence) === sign).sort((a, b) => sign * (b.valence - a.valence));

/** The strength of a leaning from the balance of the cards (for the event asked about). */
export function levelOf(b: number): Level {
  if (b >= 1) return 'yes2';
  if (b >= EVEN_BAND) return 'yes';
  if (b > -EVEN_BAND) return 'even';
  if (b > -1) return 'no';
  return 'no2';
}

/** Under this balance the spread truly balances: «ни да, ни нет»; any clearer lean is committed to. */
export const EVEN_BAND = 0.1;

/** The card the answer leans on: the outcome, or the last card. */
export const keyCardOf = (ctx: Ctx) => ctx.cards.find((c) => c.role === 'outcome') ?? ctx.cards[ctx.cards.length - 1];
const byRole = (ctx: Ctx, roles: readonly Role[]) => roles.map((r) => ctx.cards.find((c) => c.role === r)).find((c): c is ReadCard => !!c);
const mostSupportive = (ctx: Ctx) => [...ctx.cards].reverse().sort((x, y) => y.valence - x.valence)[0];

/** The user's outcome, whatever the polarity: good, bad or even. */
const outcomeOf = (b: number) => (b >= EVEN_BAND ? 'good' : b <= -EVEN_BAND ? 'bad' : 'even');

function yesNo(ctx: Ctx, b: number): Answer {
  const feared = ctx.q.polarity === 'feared';
  // The event's leaning: a favourable spread makes a feared event less likely.
  const level = levelOf(feared ? -b : b);
  const good = outcomeOf(b);
  const direction: Direction = feared
    ? good === 'bad'
      ? 'guard'
      : good === 'good'
        ? 'calm'
        : 'neutral'
    : good === 'good'
      ? 'go'
      : good === 'bad'
        ? 'hold'
        : 'neutral';
  if (level === 'even') {
    const pro = byValence(ctx.cards, 1)[0];
    const contra = byValence(ctx.cards, -1)[0];
    const sides = { for: pro ? [pro] : [], against: contra ? [contra] : [] };
    // Towards «да» pulls the card for the event: a favourable one for a hoped event, a hard one for a feared one.
    const [toYes, toNo] = feared ? [contra, pro] : [pro, contra];
    if (toYes && toNo) return { text: ctx.pick.pick('even', EVEN)(subj(toYes), subj(toNo)), direction, named: [pro, contra], sides };
    if (toYes || toNo) {
      const one = (toYes ?? toNo)!;
      return { text: ctx.pick.pick('even-one', EVEN_ONE)(subj(one), toYes ? 'да' : 'нет'), direction, named: [one], sides };
    }
    const key = keyCardOf(ctx);
    return { text: ctx.pick.pick('even-plain', EVEN_PLAIN)(subj(key)), direction, named: [key], sides };
  }
  // The cards behind the answer: those for the user's good outcome, or those against it.
  const behind = byValence(ctx.cards, b >= 0 ? 1 : -1).slice(0, 2);
  const bank = (feared ? FEARED : HOPED)[level];
  const sides = b >= 0 ? { for: behind, against: [] } : { for: [], against: behind };
  return { text: ctx.pick.pick(`yesno:${level}`, bank)(names(behind), behind.length > 1), direction, named: behind, sides };
}

/** Either/or: the first cards speak for the first option, the last for the second; the better mean wins. */
function choice(ctx: Ctx): Answer {
  const [a, z] = ctx.q.options!;
  const n = ctx.cards.length;
  const half = Math.max(1, Math.floor(n / 2));
  const first = ctx.cards.slice(0, half);
  const last = n === 1 ? first : ctx.cards.slice(n - half);
  const mean = (cs: ReadCard[]) => cs.reduce((s, c) => s + c.valence, 0) / cs.length;
  let diff = n === 1 ? first[0].valence : mean(first) - mean(last);
  // Even: the card nearest the outcome decides (a supportive end of the spread favours the second option).
  if (diff === 0) diff = keyCardOf(ctx).valence > 0 ? -0.5 : 0.5;
  const [win, lose, cards, other] = diff > 0 ? [a, z, first, last] : [z, a, last, first];
  // Only a favourable card is said to speak for the option; without one, the other path's hardest card speaks against it.
  const behind = byValence(cards, 1).slice(0, 2);
  const answer = { direction: 'choice' as const, option: win };
  if (behind.length) {
    const bank = Math.abs(diff) >= 1 ? CHOICE_CLEAR : CHOICE_SLIGHT;
    return {
      ...answer,
      text: ctx.pick.pick('choice', bank)(win, lose, names(behind), behind.length > 1),
      named: behind,
      sides: { for: behind, against: [] },
    };
  }
  const against = byValence(other, -1)[0];
  if (against)
    return {
      ...answer,
      text: ctx.pick.pick('choice', CHOICE_LESSER)(win, lose, subj(against)),
      named: [against],
      sides: { for: [], against: [against] },
    };
  return { ...answer, text: ctx.pick.pick('choice', CHOICE_TIE)(win, lose), named: [], sides: { for: [], against: [] } };
}

const NUM_GEN: Record<number, string> = {
  2: 'двух',
  3: 'трёх',
  4: 'четырёх',
  5: 'пяти',
  6: 'шести',
  7: 'семи',
  8: 'восьми',
  9: 'девяти',
  10: 'десяти',
};
const FRAMES: Record<Exclude<Suit, 'major'>, { unit: string; ace: string; plain: string }> = {
  wands: { unit: 'дней', ace: 'считанные дни', plain: 'ближайшие дни' },
  cups: { unit: 'недель', ace: 'неделя-другая', plain: 'ближайшие недели' },
  swords: { unit: '', ace: 'несколько недель', plain: 'от нескольких недель до пары месяцев' },
  pentacles: { unit: 'месяцев', ace: 'ближайший месяц', plain: 'несколько месяцев' },
};

/** «Когда»: the leading suit gives the unit (wands days … pentacles months), a pip of it the count. */
function timing(ctx: Ctx, b: number): Answer {
  const minors = ctx.cards.filter((c) => c.card.suit !== 'major');
  const reversed = ctx.cards.filter((c) => c.orientation === 'reversed').length;
  // Mostly reversed cards (or a reversed card giving the count) delay the frame.
  const delay = (more: boolean) => (reversed * 2 > ctx.cards.length || more ? ctx.pick.pick('timing-delay', TIMING_DELAY) : '');
  const good = outcomeOf(b);
  const direction: Direction = good === 'good' ? 'go' : good === 'bad' ? 'hold' : 'neutral';
  // The year forecast measures time in its months: the most favourable month's card gives the month.
  const months = ctx.cards.filter((c) => c.role === 'month');
  if (months.length) {
    const best = [...months].sort((x, y) => y.valence - x.valence)[0];
    const month = monthOfPosition(best.positionId, ctx.input.firstMonth);
    const when = month === null ? `месяц «${best.positionName}»` : MONTHS_IN[month];
    return { text: ctx.pick.pick('timing-year', TIMING_YEAR)(when, bold(best)), direction, named: [best], when };
  }
  if (ctx.input.spreadType === 'year_forecast') {
    const key = keyCardOf(ctx);
    const text = `Срок в прогнозе на год мерится месяцами; пока открыта только карта ${bold(key)}, и месяц покажут карты месяцев.`;
    return { text, direction, named: [key] };
  }
  if (minors.length * 2 <= ctx.cards.length) {
    return { text: ctx.pick.pick('timing', TIMING.major)('', delay(false)), direction, named: [] };
  }
  const counts = new Map<Exclude<Suit, 'major'>, number>();
  for (const c of minors) counts.set(c.card.suit as Exclude<Suit, 'major'>, (counts.get(c.card.suit as Exclude<Suit, 'major'>) ?? 0) + 1);
  const key = keyCardOf(ctx);
  const top = Math.max(...counts.values());
  const leaders = [...counts.keys()].filter((s) => counts.get(s) === top);
  // A tie goes to the key card's suit, else the faster suit.
  const order: Exclude<Suit, 'major'>[] = ['wands', 'cups', 'swords', 'pentacles'];
  const suit = leaders.includes(key.card.suit as Exclude<Suit, 'major'>)
    ? (key.card.suit as Exclude<Suit, 'major'>)
    : order.find((s) => leaders.includes(s))!;
  const frame = FRAMES[suit];
  // The count: the last pip (rank 1..10) of that suit, nearest the outcome.
  const pip = [key, ...[...ctx.cards].reverse()].find((c) => c.card.suit === suit && c.card.rank <= 10);
  let w = frame.plain;
  if (pip && suit !== 'swords') w = pip.card.rank === 1 ? frame.ace : `около ${NUM_GEN[pip.card.rank]} ${frame.unit} (${bold(pip)})`;
  return {
    text: ctx.pick.pick('timing', TIMING[suit])(w, delay(pip?.orientation === 'reversed')),
    direction,
    named: pip ? [pip] : [],
    when: w,
  };
}

/** An open question: the position that answers it (advice for «как», the past for «почему», …). */
function open(ctx: Ctx, b: number): Answer {
  const ask = ctx.q.ask ?? 'what';
  const pickCard = (): [ReadCard, 'how' | 'why' | 'what' | 'feel'] => {
    if (ask === 'feel') {
      const other = byRole(ctx, ['partner', 'surroundings']);
      if (other) return [other, 'feel'];
    }
    if (ask === 'how') return [byRole(ctx, ['advice', 'future']) ?? mostSupportive(ctx), 'how'];
    if (ask === 'why') return [byRole(ctx, ['past', 'obstacle', 'lesson', 'mind', 'hopes']) ?? ctx.cards[0], 'why'];
    return [byRole(ctx, ['outcome', 'future', 'year']) ?? keyCardOf(ctx), 'what'];
  };
  const [c, lead] = pickCard();
  const tails = OPEN_TAIL[lead === 'feel' ? 'feel' : 'plain'][c.tone];
  const text =
    ctx.pick.pick(`open:${lead}`, OPEN_LEAD[lead])(c.positionName, subj(c), ctx.kw(c)) + ctx.pick.pick(`open-tail:${c.tone}`, tails);
  const good = outcomeOf(b);
  return { text, direction: good === 'good' ? 'go' : good === 'bad' ? 'hold' : 'neutral', named: [c] };
}

function vague(ctx: Ctx): Answer {
  const c = keyCardOf(ctx);
  return { text: ctx.pick.pick('vague', VAGUE)(subj(c), ctx.kw(c)), direction: 'neutral', named: [c] };
}

/** A sensitive theme: what supports, never a leaning or a prognosis. */
function care(ctx: Ctx): Answer {
  const c = byRole(ctx, ['advice']) ?? mostSupportive(ctx);
  const s = ctx.q.sensitive!;
  const lead = ctx.pick.pick(`care:${s}`, SENSITIVE[s])(ctx.q.professional!);
  return { text: lead + ctx.pick.pick(`care-tail:${c.tone}`, CARE_TAIL[c.tone])(subj(c), ctx.kw(c)), direction: 'care', named: [c] };
}

/** The answer to the question asked: the reading states it first, right after the opener. */
export function answerOf(ctx: Ctx, b = balanceOf(ctx)): Answer {
  if (ctx.q.sensitive) return care(ctx);
  switch (ctx.q.kind) {
    case 'yesno':
      return yesNo(ctx, b);
    case 'choice':
      return choice(ctx);
    case 'timing':
      return timing(ctx, b);
    case 'vague':
      return vague(ctx);
    default:
      return open(ctx, b);
  }
}

function advice(ctx: Ctx, a: Answer): string | null {
  // The advice position when the spread has one (and the answer did not read it); otherwise the most
  // supportive card the answer did not name.
  const fresh = (c: ReadCard) => !a.named.includes(c);
  const ranked = [...ctx.cards].reverse().sort((x, y) => y.valence - x.valence);
  // The reading for two takes its advice from «Совет паре» even when the answer named it: the couple's advice is that card's.
  const pairAdvice = ctx.input.spreadType === 'pair_reading' ? ctx.cards.find((x) => x.role === 'advice') : undefined;
  const c = pairAdvice ?? ctx.cards.find((x) => x.role === 'advice' && fresh(x)) ?? ranked.find(fresh) ?? ranked[0];
  // A sensitive theme gets no warning-card advice («разлука и сердечная боль» beside a pregnancy question),
  // and no advice from Death beside a question about someone's health.
  if (a.direction === 'care' && ((c.tone === 'hard' && c.role !== 'advice') || c.card.id === 'death')) return null;
  return ctx.pick.pick(`advice:${c.tone}`, ADVICE[c.tone])(subj(c), bold(c), ctx.kw(c));
}

/** The steps' part of life: the question's own (a driving test in a love spread gets a study step), never the spread's. */
function stepBank(ctx: Ctx, direction: 'go' | 'hold' | 'neutral'): readonly string[] {
  const area = ctx.q.area;
  if (area === 'study' || area === 'friendship') return AREA_STEPS[area][direction];
  // Both partners see the reading for two: its steps are for the couple, not for one person waiting on the other.
  if (ctx.input.spreadType === 'pair_reading' && area === 'love') return PAIR_STEPS[direction];
  return STEPS[area][direction];
}

/**
 * The practical step: it goes the way the answer went (for a sensitive theme, to the professional); at the
 * concern tier it is about rest and support whatever the spread.
 */
export function stepOf(ctx: Ctx, a: Answer): string {
  if (ctx.q.concern) return ctx.pick.pick('step', REST_STEPS);
  if (a.direction === 'care') return ctx.pick.pick('step', CARE_STEPS[ctx.q.sensitive!])(ctx.q.professional!);
  if (a.direction === 'choice') return ctx.pick.pick('step', CHOICE_STEPS)(a.option!);
  if (a.direction === 'calm' || a.direction === 'guard') {
    const group = ctx.q.area === 'love' || ctx.q.area === 'work' ? ctx.q.area : 'other';
    return ctx.pick.pick('step', FEAR_STEPS[group][a.direction]);
  }
  if (ctx.q.kind === 'timing') return ctx.pick.pick('step', TIMING_STEPS[a.direction]);
  return ctx.pick.pick('step', stepBank(ctx, a.direction));
}

/** Several cards' names and whether they take a plural verb (one card named in the plural does: «дают **Влюблённые**»). */
const namesOf = (cards: readonly ReadCard[]) => ({ text: joinRu(cards.map(bold)), many: cards.length > 1 || pluralName(cards[0]) });

function evidence(ctx: Ctx, a: Answer, plan: ReadingPlan): string | null {
  if (ctx.q.kind === 'choice' && !ctx.q.sensitive && ctx.cards.length > 1)
    return ctx.pick.pick('evidence', CHOICE_METHOD)(...ctx.q.options!);
  // The plan's cards for and against; those the answer already named are not named again.
  const fresh = (c: ReadCard) => !a.named.includes(c);
  const pro = plan.support.filter(fresh).slice(0, 2);
  const contra = plan.opposition.filter(fresh)[0];
  const p = pro.length ? namesOf(pro) : null;
  if (a.direction === 'care') {
    a.named.push(...pro);
    if (p) return ctx.pick.pick('evidence', EVIDENCE.care)(p.text, p.many);
    return ctx.pick.pick('evidence', EVIDENCE.careNone);
  }
  // The advice then looks for a card not named yet.
  a.named.push(...pro, ...(contra ? [contra] : []));
  if (p && contra) return ctx.pick.pick('evidence', EVIDENCE.both)(p.text, p.many, subj(contra));
  // «…нет трудных карт» only where the plan has none against.
  if (p) return ctx.pick.pick('evidence', plan.opposition.length ? EVIDENCE.proBeside : EVIDENCE.pro)(p.text, p.many);
  if (contra) return ctx.pick.pick('evidence', EVIDENCE.contra)(subj(contra));
  return null;
}

function shape(ctx: Ctx): string {
  const months = ctx.cards.filter((c) => c.role === 'month');
  if (months.length >= 2) {
    const best = [...months].sort((a, b) => b.valence - a.valence)[0];
    const worst = [...months].sort((a, b) => a.valence - b.valence)[0];
    if (best.valence === worst.valence) return ctx.pick.pick('shape', SHAPE.yearEven);
    return ctx.pick.pick('shape', SHAPE.year)(best.positionName.toLowerCase(), worst.positionName.toLowerCase());
  }
  const suits = ctx.cards.filter((c) => c.card.suit !== 'major');
  if (!suits.length) return ctx.pick.pick('shape', SHAPE.majors);
  const counts = new Map<Exclude<Suit, 'major'>, number>();
  for (const c of suits) counts.set(c.card.suit as Exclude<Suit, 'major'>, (counts.get(c.card.suit as Exclude<Suit, 'major'>) ?? 0) + 1);
  const [first, second] = [...counts.entries()].sort((a, z) => z[1] - a[1]);
  if (!second || first[1] > second[1])
    return ctx.pick.pick('shape', SHAPE.suit)(suitInfoFor(first[0], ctx.q.area === 'study' ? 'study' : ctx.area).sphere);
  return ctx.pick.pick('shape', SHAPE.even);
}

/** The «Общий вывод» after the answer (already given at the top): the advice and the plan's step, for premium with the evidence, the shape and a closing line. */
export function conclusion(ctx: Ctx, plan: ReadingPlan): string {
  const a = plan.answer;
  const out: string[] = [];
  const tip = () => {
    const t = advice(ctx, a);
    if (t) out.push(t);
  };
  if (!ctx.premium) {
    tip();
    out.push(plan.step);
    return out.join(' ');
  }
  const why = evidence(ctx, a, plan);
  if (why) out.push(why);
  out.push(shape(ctx));
  tip();
  out.push(plan.step);
  out.push(ctx.pick.pick('closing', CLOSING[a.direction === 'care' ? 'care' : plan.outlook === 'bad' ? 'bad' : 'good']));
  return out.join(' ');
}
