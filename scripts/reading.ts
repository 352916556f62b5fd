// The editors' reading tool: prints the card-based reading (or, with --prompt, the AI prompt) for exactly the
// cards given, so a text can be judged or a complaint reproduced without the app.
//   npm run --silent reading -- --spread love_relationship --question "Что он чувствует?" --cards lovers,devil:r,sun [--level premium] [--prompt]
// Card ids as in domain/deck.ts, `:r` for reversed, in position order. A bad argument prints one Russian line
// naming the problem and exits with 1.
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { CARD_BY_ID } from '../domain/deck';
import { buildReadingMessages, promptCards, type ReadingPromptInput } from '../domain/prompts';
import { composeReading } from '../domain/reading';
import { SPREADS, getSpread } from '../domain/spreads';
import type { DealtCard } from '../domain/types';

class UsageError extends Error {}

/** The reading input the arguments describe, or a UsageError naming what is wrong (in Russian). */
export function inputFromArgs(argv: string[], month = new Date().getMonth() + 1): { input: ReadingPromptInput; prompt: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { spread: { type: 'string' }, question: { type: 'string' }, cards: { type: 'string' }, level: { type: 'string' }, prompt: { type: 'boolean' } },
      strict: true,
    }));
  } catch (e) {
    throw new UsageError(`Непонятный аргумент: ${(e as Error).message}. Нужны --spread, --question, --cards и по желанию --level, --prompt.`);
  }
  const known = SPREADS.map((s) => s.id).join(', ');
  if (!values.spread) throw new UsageError(`Не указан расклад: --spread <id> (${known}).`);
  const spread = getSpread(values.spread);
  if (!spread) throw new UsageError(`Неизвестный расклад «${values.spread}»: есть ${known}.`);
  if (!values.question?.trim()) throw new UsageError('Не указан вопрос: --question "текст вопроса".');
  const level = values.level ?? 'basic';
  if (level !== 'basic' && level !== 'premium') throw new UsageError(`Неизвестный уровень «${level}»: есть basic и premium.`);
  const ids = (values.cards ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (ids.length !== spread.cards)
    throw new UsageError(`В раскладе «${spread.name}» ${spread.cards} ${plural(spread.cards)}, а передано ${ids.length}: --cards id[:r],… по порядку позиций.`);
  const seen = new Set<string>();
  const dealt: DealtCard[] = ids.map((raw, position) => {
    const [cardId, flag, ...rest] = raw.split(':');
    if (!CARD_BY_ID.has(cardId) || rest.length || (flag !== undefined && flag !== 'r'))
      throw new UsageError(`Неизвестная карта «${raw}»: id как в domain/deck.ts (например, fool, ace-of-cups), «:r» — перевёрнутая.`);
    if (seen.has(cardId)) throw new UsageError(`Карта «${cardId}» указана дважды: в колоде она одна.`);
    seen.add(cardId);
    return { cardId, position, orientation: flag === 'r' ? 'reversed' : 'upright' };
  });
  const firstMonth = spread.id === 'year_forecast' ? month : null;
  return {
    input: { spreadType: spread.id, question: values.question, level, cards: promptCards(spread.id, dealt, firstMonth), firstMonth },
    prompt: values.prompt ?? false,
  };
}

const plural = (n: number) => (n % 10 === 1 && n % 100 !== 11 ? 'карта' : [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(n % 100) ? 'карты' : 'карт');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const { input, prompt } = inputFromArgs(process.argv.slice(2));
    if (prompt) console.log(buildReadingMessages(input).map((m) => `=== ${m.role} ===\n${m.content}`).join('\n\n'));
    else console.log(composeReading(input));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}
