// domain/reading/: everything that turns a question and dealt cards into words — the question model and its
// care tiers (crisis, concern, sensitive themes), the card-based interpreter, the AI prompts, follow-ups and
// second opinions, the daily card's texts and the chat card.
//
// The card-based interpreter: a reading composed the way a tarot reader speaks — each turned card in its
// position and orientation, the question's topic in every section, the spread as a whole, and a conclusion
// that answers. Pure and deterministic: the same reading always reads the same.
import { CONCERN_OPENING } from './care';
import { outlineFor, type ReadingPromptInput } from './prompts';
import { askedOutline } from './outline';
import { cardParagraph } from './cards';
export { meaningIn } from './cards';
import { wholeSpread } from './synthesis';
import { conclusion } from './conclusion';
import { planFor, type ReadingPlan } from './plan';
import { contextOf, type Ctx } from './context';
import { sectionParagraph } from './sections';
import { memoryParagraph } from './memory';
import { withTransitLine } from './transit-line';
import { aboutPersonParagraph } from './about-person';

/** Collapses whitespace so the question can never start a heading of its own. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** «трёх карт», «тремя картами», «трёх картах»: how many cards were turned, in the case each opener needs. */
const COUNT: Record<number, string> = {
  2: 'две',
  3: 'три',
  4: 'четыре',
  5: 'пять',
  6: 'шесть',
  7: 'семь',
  8: 'восемь',
  9: 'девять',
  10: 'десять',
  11: 'одиннадцать',
  12: 'двенадцать',
  13: 'тринадцать',
};

function cardsIn(n: number): { gen: string; ins: string; prep: string; count: string } {
  const NUM: Record<number, readonly [string, string]> = {
    1: ['одной', 'одной'],
    2: ['двух', 'двумя'],
    3: ['трёх', 'тремя'],
    4: ['четырёх', 'четырьмя'],
    5: ['пяти', 'пятью'],
    6: ['шести', 'шестью'],
    7: ['семи', 'семью'],
    8: ['восьми', 'восемью'],
    9: ['девяти', 'девятью'],
    10: ['десяти', 'десятью'],
    11: ['одиннадцати', 'одиннадцатью'],
    12: ['двенадцати', 'двенадцатью'],
    13: ['тринадцати', 'тринадцатью'],
  };
  const [gen, ins] = NUM[n] ?? [String(n), String(n)];
  return n === 1
    ? { gen: `${gen} карты`, ins: `${ins} картой`, prep: `${gen} карте`, count: 'одна' }
    : { gen: `${gen} карт`, ins: `${ins} картами`, prep: `${gen} картах`, count: COUNT[n] ?? String(n) };
}

/** How a reader names the spread inside a sentence (never «расклад «Расклад дня»»). */
const SPREAD_NOUN: Record<string, string> = {
  free_daily: 'расклад дня',
  past_present_future: 'расклад на прошлое, настоящее и будущее',
  love_relationship: 'расклад на отношения',
  career_finance: 'расклад на работу и деньги',
  health_wellbeing: 'расклад на самочувствие',
  celtic_cross: 'кельтский крест',
  spiritual_guidance: 'расклад о вашем пути',
  year_forecast: 'прогноз на год',
  pair_reading: 'расклад для двоих',
};
/** The spread's noun, or plain «расклад» when it is named for another part of life than the one asked about. */
const spreadNoun = (ctx: Ctx) => {
  const id = ctx.input.spreadType;
  const own = outlineFor(id, ctx.input.firstMonth);
  return askedOutline(own, ctx.q.area).some((h, i) => h !== own[i]) ? 'расклад' : (SPREAD_NOUN[id] ?? 'расклад');
};

/** The opener is one sentence of two halves: how the question is taken up, and how the cards answer it. */
const ASKED: readonly ((q: string) => string)[] = [
  (q) => `Вы спросили: «${q}»`,
  (q) => `Ваш вопрос — «${q}»`,
  (q) => `Вы пришли с вопросом «${q}»`,
  (q) => `Вы хотите знать: «${q}»`,
  (q) => `Вас волнует одно: «${q}»`,
  (q) => `С вопросом «${q}» вы обратились к картам`,
];
const ANSWERED: readonly ((spread: string, n: ReturnType<typeof cardsIn>) => string)[] = [
  (s, n) => `и на него отвечает ${s} из ${n.gen}`,
  (s) => `посмотрим, что скажет ${s}`,
  (s, n) => `${s} отвечает ${n.ins}`,
  (s, n) => `ответ даёт ${s} в ${n.prep}`,
  (s) => `вот что показывает ${s}`,
  (s, n) => `карты легли в ${s}, их ${n.count}`,
];
const JOINS = [', ', '; ', ' — '] as const;

function opener(ctx: Ctx): string {
  const asked = ctx.pick.pick('opener', ASKED)(oneLine(ctx.input.question));
  const join = ctx.pick.pick('opener-join', JOINS);
  const answered = ctx.pick.pick('opener-tail', ANSWERED)(spreadNoun(ctx), cardsIn(ctx.cards.length));
  return `${asked}${join}${answered}.`;
}

/** Which cards get a sentence on the question's topic in the card section (the first, the key, the last; a short reading only the last). */
function topicCards(ctx: Ctx): Set<number> {
  const n = ctx.cards.length;
  if (!ctx.premium && n <= 3) return new Set([n - 1]);
  const out = new Set<number>([0, n - 1]);
  if (n >= 5) out.add(Math.floor(n / 2));
  return out;
}

function yearForecast(ctx: Ctx, outline: string[]): string {
  const out: string[] = [];
  const [theme, ...months] = ctx.cards;
  out.push(`## ${outline[0]}`);
  const plan = planFor(ctx);
  out.push(`${opener(ctx)} ${plan.answer.text}`);
  withMemory(ctx, out);
  out.push(cardParagraph(ctx, theme, 0, true));
  const whole = wholeSpread(ctx);
  if (whole) out.push(whole);
  months.forEach((c, i) => {
    out.push(`## ${c.positionName}`);
    out.push(cardParagraph(ctx, c, i + 1, i % 3 === 0));
  });
  out.push(`## ${outline[outline.length - 1]}`);
  out.push(conclusion(ctx, plan));
  return withCare(ctx, out.join('\n\n'));
}

/** «Память толкователя»: its lines (made by the server, domain/reading/memory.ts) as one paragraph after the opener. */
function withMemory(ctx: Ctx, out: string[]) {
  const person = aboutPersonParagraph(ctx.input.person);
  if (person) out.push(person);
  const p = memoryParagraph(ctx.input.memory);
  if (p) out.push(p);
}

/** A question at the concern tier: the reading opens with the caring line and the help line (domain/reading/care.ts). */
const withCare = (ctx: Ctx, text: string) => (ctx.q.concern ? `${CONCERN_OPENING}\n\n${text}` : text);

/** The whole card-based interpretation of a reading, in the spread's outline. */
export const composeReading = (input: ReadingPromptInput): string => composeWithPlan(input).text;

/** The reading and the plan it was written from (null without open cards). */
export function composeWithPlan(input: ReadingPromptInput): { text: string; plan: ReadingPlan | null } {
  const outline = outlineFor(input.spreadType, input.firstMonth, input.question);
  if (!input.cards.length) return { text: `## ${outline[outline.length - 1]}\n\nВ раскладе нет открытых карт для толкования.`, plan: null };
  const ctx = contextOf(input);
  const plan = planFor(ctx);
  const text = input.spreadType === 'year_forecast' ? yearForecast(ctx, outline) : spreadReading(ctx, outline);
  return { text: withTransitLine(text, ctx.q.kind, input.transitLine), plan };
}

function spreadReading(ctx: Ctx, outline: string[]): string {
  const [first, ...rest] = outline;
  const middle = rest.slice(0, -1);
  const last = rest[rest.length - 1] ?? 'Общий вывод';
  const out: string[] = [`## ${first}`];
  // The answer first, right after the opener; the cards that bear it out follow.
  const plan = planFor(ctx);
  out.push(`${opener(ctx)} ${plan.answer.text}`);
  withMemory(ctx, out);
  const withTopic = topicCards(ctx);
  ctx.cards.forEach((c, i) => {
    out.push(cardParagraph(ctx, c, i, withTopic.has(i)));
  });
  const whole = wholeSpread(ctx);
  if (whole) out.push(whole);
  middle.forEach((h, i) => {
    out.push(`## ${h}`);
    out.push(sectionParagraph(ctx, h, i, middle.length - 1));
  });
  out.push(`## ${last}`);
  out.push(conclusion(ctx, plan));
  return withCare(ctx, out.join('\n\n'));
}
