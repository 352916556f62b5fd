// The editors' reading tool: prints the card-based reading (or, with --prompt, the AI prompt) for exactly the
// cards given, so a text can be judged or a complaint reproduced without the app; with --voice gentle|straight|
// mystic, the second opinion of that reader («Второе мнение») instead.
//   npm run --silent reading -- --spread love_relationship --question "Что он чувствует?" --cards lovers,devil:r,sun [--level premium] [--voice mystic] [--prompt]
// Card ids as in domain/tarot/deck.ts, `:r` for reversed, in position order. A crisis question prints the crisis
// answer (the message and the help lines of domain/reading/crisis.ts: no cards, no prompt) and exits with 0; a question at
// the concern tier prints the reading opening with the caring line and the help line (domain/reading/care.ts). A bad
// argument prints one Russian line naming the problem and exits with 1.
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { crisisAnswer, type CrisisAnswer } from '../domain/reading/crisis';
import { serverCare } from '../domain/reading/understanding/server-care';
import { CARD_BY_ID } from '../domain/tarot/deck';
import { buildReadingMessages, buildSecondOpinionMessages, promptCards, type ReadingPromptInput } from '../domain/reading/prompts';
import { composeSecondOpinion } from '../domain/reading/voices';
import { isVoice, VOICES, type Voice } from '../domain/tarot/voices';
import { composeReading } from '../domain/reading';
import { SPREADS, getSpread } from '../domain/tarot/spreads';
import type { DealtCard } from '../domain/types';
import { cardsWord } from '../domain/text/plural';

class UsageError extends Error {}

type Parsed = { input: ReadingPromptInput; prompt: boolean; voice?: Voice; crisis?: undefined } | { crisis: CrisisAnswer };

/** The reading input the arguments describe, the crisis answer, or a UsageError naming what is wrong (in Russian). */
export function inputFromArgs(argv: string[], month = new Date().getMonth() + 1): Parsed {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        spread: { type: 'string' },
        question: { type: 'string' },
        cards: { type: 'string' },
        level: { type: 'string' },
        voice: { type: 'string' },
        prompt: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (e) {
    throw new UsageError(
      `Непонятный аргумент: ${(e as Error).message}. Нужны --spread, --question, --cards и по желанию --level, --prompt.`,
    );
  }
  // A crisis question gets no cards whatever else was asked, as in the app and the bot.
  // The concern tier needs nothing here: the card-based reading opens with its caring line and help line.
  const crisis = values.question ? serverCare(values.question).crisis : null;
  if (crisis) return { crisis: crisisAnswer(crisis) };
  const known = SPREADS.map((s) => s.id).join(', ');
  if (!values.spread) throw new UsageError(`Не указан расклад: --spread <id> (${known}).`);
  const spread = getSpread(values.spread);
  if (!spread) throw new UsageError(`Неизвестный расклад «${values.spread}»: есть ${known}.`);
  if (!values.question?.trim()) throw new UsageError('Не указан вопрос: --question "текст вопроса".');
  const level = values.level ?? 'basic';
  if (level !== 'basic' && level !== 'premium') throw new UsageError(`Неизвестный уровень «${level}»: есть basic и premium.`);
  if (values.voice !== undefined && !isVoice(values.voice))
    throw new UsageError(`Неизвестный таролог «${values.voice}»: есть ${VOICES.join(', ')}.`);
  const ids = (values.cards ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length !== spread.cards)
    throw new UsageError(
      `В раскладе «${spread.name}» ${spread.cards} ${cardsWord(spread.cards)}, а передано ${ids.length}: --cards id[:r],… по порядку позиций.`,
    );
  const seen = new Set<string>();
  const dealt: DealtCard[] = ids.map((raw, position) => {
    const [cardId, flag, ...rest] = raw.split(':');
    if (!CARD_BY_ID.has(cardId) || rest.length || (flag !== undefined && flag !== 'r'))
      throw new UsageError(`Неизвестная карта «${raw}»: id как в domain/tarot/deck.ts (например, fool, ace-of-cups), «:r» — перевёрнутая.`);
    if (seen.has(cardId)) throw new UsageError(`Карта «${cardId}» указана дважды: в колоде она одна.`);
    seen.add(cardId);
    return { cardId, position, orientation: flag === 'r' ? 'reversed' : 'upright' };
  });
  const firstMonth = spread.id === 'year_forecast' ? month : null;
  return {
    input: { spreadType: spread.id, question: values.question, level, cards: promptCards(spread.id, dealt, firstMonth), firstMonth },
    prompt: values.prompt ?? false,
    voice: values.voice as Voice | undefined,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const parsed = inputFromArgs(process.argv.slice(2));
    if (parsed.crisis) {
      const { message, lines, returnLater } = parsed.crisis;
      console.log([message, '', ...lines.map((l) => `${l.name}: ${l.phone} — ${l.note}`), '', returnLater].join('\n'));
      process.exit(0);
    }
    const { input, prompt, voice } = parsed;
    const messages = voice ? buildSecondOpinionMessages(input, voice) : buildReadingMessages(input);
    if (prompt) console.log(messages.map((m) => `=== ${m.role} ===\n${m.content}`).join('\n\n'));
    else console.log(voice ? composeSecondOpinion(input, voice) : composeReading(input));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}
