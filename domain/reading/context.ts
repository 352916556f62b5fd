// Everything the composition needs about one reading, worked out once.
import type { PromptCard, ReadingPromptInput } from '../prompts';
import type { Orientation, TarotCard } from '../types';
import { toneOf, valenceOf, type Tone } from './facts';
import { Picker, joinRu } from './picker';
import { readQuestion, type QuestionFacts } from './question';
import { roleOf, type Role } from './roles';

export interface ReadCard extends PromptCard {
  role: Role;
  valence: number;
  tone: Tone;
}

export interface Ctx {
  input: ReadingPromptInput;
  cards: ReadCard[];
  q: QuestionFacts;
  pick: Picker;
  premium: boolean;
  /** The card's next two keywords: each mention of a card names a different pair. */
  kw(c: PromptCard): string;
}

export const keywordsOf = (card: TarotCard, o: Orientation) => (o === 'reversed' ? card.reversedKeywords : card.keywords);
export const meaningOf = (card: TarotCard, o: Orientation) => (o === 'reversed' ? card.reversedMeaning : card.meaning);
export const bold = (c: PromptCard) => `**${c.card.name}**`;
/** The card as the subject of a singular verb: «карта **Влюблённые** ложится…» for a name in the plural. */
export const subj = (c: PromptCard) => (PLURAL_NAMES.has(c.card.id) ? `карта ${bold(c)}` : bold(c));
const PLURAL_NAMES = new Set(['lovers']);

/** Two or three of the card's keywords (which ones depends on `from`, so two mentions differ). */
export function kw(c: PromptCard, from = 0, count = 2): string {
  const words = keywordsOf(c.card, c.orientation);
  return joinRu(Array.from({ length: count }, (_, i) => words[(from + i) % words.length]));
}

/** Where each successive keyword pair of a card starts: (0,1), (2,3), (4,0), (1,2), (3,4). */
const PAIRS = [0, 2, 4, 1, 3];

export function contextOf(input: ReadingPromptInput): Ctx {
  const used = new Map<string, number>();
  const seed = [input.spreadType, input.level, input.question, ...input.cards.map((c) => `${c.card.id}:${c.orientation}`)].join('|');
  return {
    input,
    cards: input.cards.map((c) => {
      const valence = valenceOf(c.card, c.orientation);
      return { ...c, role: roleOf(c.positionName), valence, tone: toneOf(valence) };
    }),
    q: readQuestion(input.question, input.spreadType),
    pick: new Picker(seed),
    premium: input.level === 'premium',
    kw: (c) => {
      const n = used.get(c.card.id) ?? 0;
      used.set(c.card.id, n + 1);
      return kw(c, PAIRS[n % PAIRS.length], 2);
    },
  };
}

/** The reading's balance: positive when the cards support, weighted toward the outcome and the future. */
export function balanceOf(ctx: Ctx): number {
  let sum = 0;
  let weight = 0;
  ctx.cards.forEach((c, i) => {
    const w = c.role === 'outcome' || c.role === 'future' || c.role === 'year' ? 2 : c.role === 'obstacle' ? 0.5 : i === ctx.cards.length - 1 ? 1.5 : 1;
    sum += c.valence * w;
    weight += w;
  });
  return weight ? sum / weight : 0;
}
