// The card-based interpreter: a reading composed the way a tarot reader speaks — each turned card in its
// position and orientation, the question's topic in every section, the spread as a whole, and a conclusion
// that answers. Pure and deterministic: the same reading always reads the same.
import { outlineFor, type ReadingPromptInput } from '../prompts';
import { spreadLabel } from '../spreads';
import { cardParagraph } from './cards';
export { meaningIn } from './cards';
import { wholeSpread } from './synthesis';
import { conclusion } from './conclusion';
import { contextOf, type Ctx } from './context';
import { sectionParagraph } from './sections';

/** Collapses whitespace so the question can never start a heading of its own. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

const OPENERS: readonly ((q: string, label: string) => string)[] = [
  (q, label) => `Вы спросили: «${q}». Вот что отвечает расклад «${label}».`,
  (q, label) => `Ваш вопрос — «${q}». Посмотрим, что говорят карты расклада «${label}».`,
  (q, label) => `С вопросом «${q}» карты легли в расклад «${label}» так.`,
];

/** Which cards get a sentence on the question's topic in the card section (the first, the key, the last). */
function topicCards(ctx: Ctx): Set<number> {
  const n = ctx.cards.length;
  const out = new Set<number>([0, n - 1]);
  if (n >= 5) out.add(Math.floor(n / 2));
  return out;
}

function yearForecast(ctx: Ctx, outline: string[]): string {
  const out: string[] = [];
  const [theme, ...months] = ctx.cards;
  const label = spreadLabel(ctx.input.spreadType);
  out.push(`## ${outline[0]}`);
  out.push(ctx.pick.pick('opener', OPENERS)(oneLine(ctx.input.question), label));
  out.push(cardParagraph(ctx, theme, 0, true));
  const whole = wholeSpread(ctx);
  if (whole) out.push(whole);
  months.forEach((c, i) => {
    out.push(`## ${c.positionName}`);
    out.push(cardParagraph(ctx, c, i + 1, i % 3 === 0));
  });
  out.push(`## ${outline[outline.length - 1]}`);
  out.push(conclusion(ctx));
  return out.join('\n\n');
}

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
  out.push(ctx.pick.pick('opener', OPENERS)(oneLine(input.question), spreadLabel(input.spreadType)));
  const withTopic = topicCards(ctx);
  ctx.cards.forEach((c, i) => out.push(cardParagraph(ctx, c, i, withTopic.has(i))));
  const whole = wholeSpread(ctx);
  if (whole) out.push(whole);
  middle.forEach((h, i) => {
    out.push(`## ${h}`);
    out.push(sectionParagraph(ctx, h, i));
  });
  out.push(`## ${last}`);
  out.push(conclusion(ctx));
  return out.join('\n\n');
}
