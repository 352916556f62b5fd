// domain/reading/: everything that turns a question and dealt cards into words — the question model and its
// care tiers (crisis, concern, sensitive themes), the card-based interpreter, the AI prompts, follow-ups and
// second opinions, the daily card's texts and the chat card.
//
// The card-based interpreter: a reading composed the way a tarot reader speaks — each turned card in its
// position and orientation, the question's topic in every section, the spread as a whole, and a conclusion
// that answers. Pure and deterministic: the same reading always reads the same.
import { CONCERN_OPENING } from './care';
import { outlineFor, type ReadingPromptInput } from './prompts';
import { spreadLabel } from '../tarot/spreads';
import { cardParagraph } from './cards';
export { meaningIn } from './cards';
import { wholeSpread } from './synthesis';
import { answerOf, conclusion } from './conclusion';
import { contextOf, type Ctx } from './context';
import { sectionParagraph } from './sections';
import { memoryParagraph } from './memory';

/** Collapses whitespace so the question can never start a heading of its own. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** «трёх карт», «тремя картами», «трёх картах»: how many cards were turned, in the case each opener needs. */
function cardsIn(n: number): { gen: string; ins: string; prep: string } {
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
    ? { gen: `${gen} карты`, ins: `${ins} картой`, prep: `${gen} карте` }
    : { gen: `${gen} карт`, ins: `${ins} картами`, prep: `${gen} картах` };
}

type Opener = (q: string, label: string, n: ReturnType<typeof cardsIn>) => string;

const OPENERS: readonly Opener[] = [
  (q, label, n) => `Вы спросили: «${q}», и на этот вопрос отвечает расклад «${label}» из ${n.gen}.`,
  (q, label, n) => `Ваш вопрос — «${q}»; посмотрим, что скажет расклад «${label}» из ${n.gen}.`,
  (q, label, n) => `С вопросом «${q}» вы открыли расклад «${label}», и он отвечает ${n.ins}.`,
  (q, label, n) => `На вопрос «${q}» расклад «${label}» отвечает ${n.ins}.`,
  (q, label, n) => `Вопрос «${q}» задан, и расклад «${label}» раскрывает его в ${n.prep}.`,
  (q, label, n) => `Вы пришли с вопросом «${q}»; расклад «${label}» даёт ответ в ${n.prep}.`,
];

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
  const label = spreadLabel(ctx.input.spreadType);
  out.push(`## ${outline[0]}`);
  const answer = answerOf(ctx);
  out.push(`${ctx.pick.pick('opener', OPENERS)(oneLine(ctx.input.question), label, cardsIn(ctx.cards.length))} ${answer.text}`);
  withMemory(ctx, out);
  out.push(cardParagraph(ctx, theme, 0, true));
  const whole = wholeSpread(ctx);
  if (whole) out.push(whole);
  months.forEach((c, i) => {
    out.push(`## ${c.positionName}`);
    out.push(cardParagraph(ctx, c, i + 1, i % 3 === 0));
  });
  out.push(`## ${outline[outline.length - 1]}`);
  out.push(conclusion(ctx, answer));
  return withCare(ctx, out.join('\n\n'));
}

/** «Память толкователя»: its lines (made by the server, domain/reading/memory.ts) as one paragraph after the opener. */
function withMemory(ctx: Ctx, out: string[]) {
  const p = memoryParagraph(ctx.input.memory);
  if (p) out.push(p);
}

/** A question at the concern tier: the reading opens with the caring line and the help line (domain/reading/care.ts). */
const withCare = (ctx: Ctx, text: string) => (ctx.q.concern ? `${CONCERN_OPENING}\n\n${text}` : text);

/** The whole card-based interpretation of a reading, in the spread's outline. */
export function composeReading(input: ReadingPromptInput): string {
  const outline = outlineFor(input.spreadType, input.firstMonth);
  if (!input.cards.length) return `## ${outline[outline.length - 1]}\n\nВ раскладе нет открытых карт для толкования.`;
  const ctx = contextOf(input);
  if (input.spreadType === 'year_forecast') return yearForecast(ctx, outline);

  const [first, ...rest] = outline;
  const middle = rest.slice(0, -1);
  const last = rest[rest.length - 1] ?? 'Общий вывод';
  const out: string[] = [`## ${first}`];
  // The answer first, right after the opener; the cards that bear it out follow.
  const answer = answerOf(ctx);
  out.push(
    `${ctx.pick.pick('opener', OPENERS)(oneLine(input.question), spreadLabel(input.spreadType), cardsIn(ctx.cards.length))} ${answer.text}`,
  );
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
  out.push(conclusion(ctx, answer));
  return withCare(ctx, out.join('\n\n'));
}
