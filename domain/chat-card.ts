// «Карта для чата» (guest mode): one card for a whole chat a day, or one yes/no card for a question asked in the
// chat. Both are seeded, not dealt: the day's card is the same for everyone in the chat until midnight, and the
// same question in the same chat on one day gets the same card, so asking again does not reshuffle it. The
// question goes through the question model as every reading does: a crisis gets care and help lines and no
// card, a sensitive theme (health, pregnancy, death, court, large money) no yes/no and a pointer to the
// professional, a feared event is answered the other way round (a favourable card: «скорее нет»). Pure.
import { crisisAnswer, type CrisisAnswer } from './crisis';
import { DECK } from './deck';
import { hasWords } from './question';
import { EVEN_PLAIN, FEARED, HOPED, SENSITIVE } from './reading/conclusion-texts';
import { valenceOf } from './reading/facts';
import { readQuestion, type Professional, type Sensitive } from './reading/question';
import { seededUniform } from './seeded-random';
import type { Orientation, TarotCard } from './types';
import { fnv1a32 } from './variant';

export interface ChatCard {
  card: TarotCard;
  orientation: Orientation;
  /** «Солнце» or «Солнце (перевёрнутая)». */
  title: string;
  /** The meaning in the card's orientation (a sentence or two). */
  meaning: string;
}

export type ChatCardAnswer =
  | { kind: 'daily'; day: string; card: ChatCard }
  /** A yes/no question: the leaning (turned round for a feared event) and the card, two lines. */
  | { kind: 'yesno'; card: ChatCard; lines: [string, string] }
  /** Not a yes/no (what, how, when, either/or): the card as advice, no leaning. */
  | { kind: 'advice'; card: ChatCard; lines: [string, string] }
  /** Health, pregnancy, death, court, large money: no yes/no, the professional to see. */
  | { kind: 'sensitive'; card: ChatCard; sensitive: Sensitive; lines: [string, string] }
  | { kind: 'crisis'; crisis: CrisisAnswer };

/** The longest question read (longer text is cut): a chat line, not an essay. */
export const CHAT_QUESTION_MAX = 300;

function seededCard(seed: string): ChatCard {
  const rand = seededUniform(fnv1a32(seed));
  const card = DECK[Math.floor(rand() * DECK.length)]!;
  const orientation: Orientation = rand() < 0.5 ? 'upright' : 'reversed';
  return {
    card,
    orientation,
    title: `${card.name}${orientation === 'reversed' ? ' (перевёрнутая)' : ''}`,
    meaning: orientation === 'reversed' ? card.reversedMeaning : card.meaning,
  };
}

/** The chat's card of the local day `day` ('YYYY-MM-DD'): the same for every caller in that chat. */
export function chatDayCard(chatId: number, day: string): ChatCard {
  return seededCard(`chat-day:${chatId}:${day}`);
}

/** The question as read: the bot's mention taken out, spaces collapsed, cut to CHAT_QUESTION_MAX. */
export function chatQuestion(text: string, botUsername: string): string {
  const mention = new RegExp(`@${botUsername.replace(/[^\w]/g, '')}\\b`, 'giu');
  return text.replace(mention, ' ').replace(/\s+/g, ' ').trim().slice(0, CHAT_QUESTION_MAX);
}

/** «карту дня», «карта для чата!», «карту на сегодня»: a request for the day's card, not a question. */
const DAY_REQUEST = /^(?:\p{L}+\s+){0,2}карт\p{L}*\s+(?:дня|для\s+(?:этого\s+)?чата|чата|на\s+(?:сегодня|день))(?:\s+\p{L}+)?\s*[.!?…]*$/iu;

/** The card as the subject of a sentence («Влюблённые» needs «карта» to take a singular verb). */
const subject = (c: ChatCard) => (c.card.id === 'lovers' ? `карта «${c.card.name}»` : `«${c.card.name}»`);

/** Ends a phrase with a full stop unless it has one. */
const sentence = (s: string) => (/[.!?…]$/.test(s) ? s : `${s}.`);

/**
 * The answer to a summons in chat `chatId` on local day `day`: the day's card when `question` is empty, carries
 * no question («@bot», «@bot привет») or asks for it («@bot карту дня»), else a card for the question.
 */
export function chatCardAnswer(chatId: number, day: string, question: string): ChatCardAnswer {
  const q = question.trim();
  const facts = hasWords(q) ? readQuestion(q, 'free_daily') : null;
  if (facts?.crisis) return { kind: 'crisis', crisis: crisisAnswer(facts.crisis) };
  if (!facts || facts.kind === 'vague' || DAY_REQUEST.test(q)) return { kind: 'daily', day, card: chatDayCard(chatId, day) };

  const key = q
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  const c = seededCard(`chat-question:${chatId}:${day}:${key}`);
  const pick = seededUniform(fnv1a32(`chat-phrase:${chatId}:${day}:${key}`));
  const one = <T>(list: readonly T[]): T => list[Math.floor(pick() * list.length)]!;
  const second = `${c.title}: ${c.meaning}`;

  if (facts.sensitive && facts.professional) {
    const p: Professional = facts.professional;
    return {
      kind: 'sensitive',
      card: c,
      sensitive: facts.sensitive,
      lines: [`${sentence(one(SENSITIVE[facts.sensitive])(p))} С этим вопросом — к ${p.dat}.`, `${second} — как опора, не прогноз.`],
    };
  }
  if (facts.kind !== 'yesno')
    return { kind: 'advice', card: c, lines: ['На такой вопрос одна карта отвечает советом, а не «да» или «нет».', second] };

  const v = valenceOf(c.card, c.orientation);
  // The event's leaning: a favourable card makes a feared event less likely.
  const lean = facts.polarity === 'feared' ? -v : v;
  const texts = facts.polarity === 'feared' ? FEARED : HOPED;
  const first =
    lean >= 2
      ? one(texts.yes2)(subject(c), false)
      : lean >= 1
        ? one(texts.yes)(subject(c), false)
        : lean <= -2
          ? one(texts.no2)(subject(c), false)
          : lean <= -1
            ? one(texts.no)(subject(c), false)
            : one(EVEN_PLAIN)(subject(c));
  return { kind: 'yesno', card: c, lines: [first, second] };
}
