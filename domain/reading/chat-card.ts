// «Карта для чата» (guest mode): one card for a whole chat a day, or one yes/no card for a question asked in the
// chat. Both are seeded, not dealt: the day's card is the same for everyone in the chat until midnight, and the
// same question in the same chat on one day gets the same card, so asking again does not reshuffle it. What the
// card says to a question is the reading's own yes/no model (reading/yes-no.ts), the one inline mode uses: a
// crisis gets care and help lines and no card, a sensitive theme no yes/no and the professional to see, a
// feared event is answered the other way round. Pure.
import type { CrisisAnswer } from './crisis';
import { DECK } from '../tarot/deck';
import { hasWords } from './question-input';
import { readQuestion } from './question';
import { yesNoCard } from './yes-no';
import { seededUniform } from '../text/seeded-random';
import type { Orientation, TarotCard } from '../types';
import { fnv1a32 } from '../text/variant';

export interface ChatCard {
  card: TarotCard;
  orientation: Orientation;
  /** «Солнце» or «Солнце (перевёрнутая)». */
  title: string;
  /** The meaning in the card's orientation (a sentence or two). */
  meaning: string;
}

/** A question's card: `verdict` («Скорее да»…) only for a yes/no question on a theme that is not sensitive. */
interface QuestionCard {
  card: ChatCard;
  verdict: string | null;
  /** Markdown (bold card names), as yesNoCard says it. */
  text: string;
  /** The concern tier: the caring line and the help line come first. */
  care: boolean;
}

export type ChatCardAnswer =
  | { kind: 'daily'; day: string; card: ChatCard }
  /** A yes/no question: the verdict (turned round for a feared event) and what the card rests it on. */
  | ({ kind: 'yesno'; verdict: string } & Omit<QuestionCard, 'verdict'>)
  /** Not a yes/no (what, how, when, either/or): the card's answer to its kind, no verdict. */
  | ({ kind: 'advice'; verdict: null } & Omit<QuestionCard, 'verdict'>)
  /** Health, pregnancy, death, court, large money: no yes/no, the professional to see. */
  | ({ kind: 'sensitive'; verdict: null } & Omit<QuestionCard, 'verdict'>)
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

/** The card a question gets in a chat on a day: the same question (case, ё and punctuation aside) keeps it. */
export function chatQuestionCard(chatId: number, day: string, question: string): ChatCard {
  const key = question
    .trim()
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return seededCard(`chat-question:${chatId}:${day}:${key}`);
}

/** The question as read: the bot's mention taken out, spaces collapsed, cut to CHAT_QUESTION_MAX. */
export function chatQuestion(text: string, botUsername: string): string {
  const mention = new RegExp(`@${botUsername.replace(/[^\w]/g, '')}\\b`, 'giu');
  return text.replace(mention, ' ').replace(/\s+/g, ' ').trim().slice(0, CHAT_QUESTION_MAX);
}

/** «карту дня», «карта для чата!», «карту на сегодня»: a request for the day's card, not a question. */
const DAY_REQUEST = /^(?:\p{L}+\s+){0,2}карт\p{L}*\s+(?:дня|для\s+(?:этого\s+)?чата|чата|на\s+(?:сегодня|день))(?:\s+\p{L}+)?\s*[.!?…]*$/iu;

/**
 * The answer to a summons in chat `chatId` on local day `day`: the day's card when `question` is empty, carries
 * no question («@bot», «@bot привет») or asks for it («@bot карту дня»), else a card for the question.
 */
export function chatCardAnswer(chatId: number, day: string, question: string): ChatCardAnswer {
  const q = question.trim();
  const facts = hasWords(q) ? readQuestion(q, 'free_daily') : null;
  // A crisis is never taken for a request of the day's card: yesNoCard answers it with help lines.
  if (!facts?.crisis && (!facts || facts.kind === 'vague' || DAY_REQUEST.test(q)))
    return { kind: 'daily', day, card: chatDayCard(chatId, day) };

  const card = chatQuestionCard(chatId, day, q);
  // Guest mode shows reversed cards: the seed decides the orientation for every chat alike.
  const said = yesNoCard(q, card.card, card.orientation, true);
  if (said.kind === 'crisis') return said;
  const { text, care } = said;
  if (said.sensitive) return { kind: 'sensitive', card, verdict: null, text, care };
  if (said.verdict) return { kind: 'yesno', card, verdict: said.verdict, text, care };
  return { kind: 'advice', card, verdict: null, text, care };
}
