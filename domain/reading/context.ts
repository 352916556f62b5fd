// Everything the composition needs about one reading, worked out once.
import type { PromptCard, ReadingPromptInput } from './prompt-types';
import type { Orientation, TarotCard } from '../types';
import { toneOf, valenceOf, type Tone } from './facts';
import { pairOf, type Kw } from './lexicon';
import { areaWords, lifeAreaOf, wordsAreaOf, type WordsArea } from './area-words';
import type { LifeArea } from '../tarot/meanings';
import { Picker } from './picker';
import { readQuestion, type QuestionFacts } from './question';
import { roleOf, type Role } from './roles';

export interface ReadCard extends PromptCard {
  role: Role;
  valence: number;
  tone: Tone;
}

/** Which keywords a sentence may name: strengths, difficulties, or any (by default, those of the card's tone). */
export type Want = 'good' | 'bad' | 'any';

export interface Ctx {
  input: ReadingPromptInput;
  cards: ReadCard[];
  q: QuestionFacts;
  /** The part of life the cards are read for (their meanings and keywords). */
  area: LifeArea;
  pick: Picker;
  premium: boolean;
  /** The card's next two keywords in the nominative: each mention of a card names a different pair. */
  kw(c: ReadCard): string;
  /**
   * The card's next two keywords in every case a template uses; with `avoid` (the sentence they will follow),
   * the next pair neither of whose words that sentence already says, where the card has one.
   */
  words(c: ReadCard, want?: Want, avoid?: string): Kw;
}

export const meaningOf = (card: TarotCard, o: Orientation) => (o === 'reversed' ? card.reversedMeaning : card.meaning);
export const bold = (c: PromptCard) => `**${c.card.name}**`;
/** The card as the subject of a singular verb: «карта **Влюблённые** ложится…» for a name in the plural. */
export const subj = (c: PromptCard) => (PLURAL_NAMES.has(c.card.id) ? `карта ${bold(c)}` : bold(c));
const PLURAL_NAMES = new Set(['lovers']);
/** Whether the card's name is a plural noun (its verb goes in the plural). */
export const pluralName = (c: PromptCard) => PLURAL_NAMES.has(c.card.id);

/** The words a card of this tone may be praised or warned with. */
export const wantOf = (tone: Tone): Want => (tone === 'light' ? 'good' : tone === 'hard' ? 'bad' : 'any');

/** One keyword of the card (the `n`-th of those it may be named by), for a quoted theme. */
export function oneWord(c: ReadCard, n = 0, area: WordsArea = 'general'): string {
  const words = areaWords(area, c.card, c.orientation, wantOf(c.tone));
  return words[n % words.length];
}

export function contextOf(input: ReadingPromptInput): Ctx {
  const used = new Map<string, number>();
  const seed = [input.spreadType, input.level, input.question, ...input.cards.map((c) => `${c.card.id}:${c.orientation}`)].join('|');
  const read = readQuestion(input.question, input.spreadType);
  // A question asked about a saved person is about them, whatever its words say (and of their gender).
  const q = input.person ? { ...read, about: 'other' as const, aboutOther: true, gender: input.person.gender ?? read.gender } : read;
  const area = lifeAreaOf(q);
  const wordsArea = wordsAreaOf(q, area);
  const nextPair = (list: readonly string[], key: string): [string, string] => {
    const n = used.get(key) ?? 0;
    used.set(key, n + 1);
    // Successive pairs: (0,1), (2,3), (4,0)…; a list of two alternates its order.
    const i = (2 * n) % list.length;
    const j = (i + 1) % list.length;
    return list.length === 2 && n % 2 ? [list[1], list[0]] : [list[i], list[j]];
  };
  const words = (c: ReadCard, want: Want = wantOf(c.tone), avoid?: string): Kw => {
    const list = areaWords(wordsArea, c.card, c.orientation, want);
    const key = `${c.card.id}|${want}`;
    const pair = nextPair(list, key);
    const said = avoid?.toLowerCase();
    if (!said) return pairOf(pair[0], pair[1]);
    // «…новый взгляд. Перевёрнутая, эта карта несёт облегчение: новый взгляд…» reads as a stutter: a word
    // already said gives way to one of the card's words that is not (the rotation itself is not moved).
    const fresh = (w: string) => !said.includes(w.toLowerCase());
    const [a, b] = pair.map((w, i) => (fresh(w) ? w : (list.find((x) => fresh(x) && x !== pair[1 - i] && x !== pair[0]) ?? w)));
    return pairOf(a, b === a ? pair[1] : b);
  };
  return {
    input,
    cards: input.cards.map((c) => {
      const valence = valenceOf(c.card, c.orientation);
      return { ...c, role: c.customRole ?? roleOf(c.positionId), valence, tone: toneOf(valence) };
    }),
    q,
    area,
    pick: new Picker(seed),
    premium: input.level === 'premium',
    kw: (c) => words(c).nom,
    words,
  };
}

/** The reading's balance: positive when the cards support, weighted toward the outcome and the future. */
export function balanceOf(ctx: Ctx): number {
  let sum = 0;
  let weight = 0;
  ctx.cards.forEach((c, i) => {
    const w =
      c.role === 'outcome' || c.role === 'future' || c.role === 'year'
        ? 2
        : c.role === 'obstacle'
          ? 0.5
          : i === ctx.cards.length - 1
            ? 1.5
            : 1;
    sum += c.valence * w;
    weight += w;
  });
  return weight ? sum / weight : 0;
}
