// The data an AI prompt and the card-based reading are built from: the dealt cards as the prompt names them,
// and the reading's input. Types only, so every part of the reading can name them without importing the
// prompts themselves.
import type { SignKey } from '../astro/zodiac';
import type { Orientation, PositionId, PositionRole, TarotCard } from '../types';
import type { MemoryLine } from './memory';
import type { AboutPerson } from './about-person';

export type InterpretationLevel = 'basic' | 'premium';

/** One card as the prompt and the fallback see it. */
export interface PromptCard {
  /** 1-based number in the reading. */
  number: number;
  card: TarotCard;
  positionName: string;
  /** What the position asks, when the card lies in a spread's position (not a daily or follow-up card). */
  positionId?: PositionId;
  orientation: Orientation;
  /**
   * «Свои расклады»: the role the user gave the position (null: none, the card is read as «карта о …» with the
   * position's name); undefined for the catalogue's spreads, whose role comes from `positionId`.
   */
  customRole?: PositionRole | null;
}

export interface ReadingPromptInput {
  spreadType: string;
  question: string;
  cards: PromptCard[];
  level: InterpretationLevel;
  /** The year forecast's first month (1..12); its sections are the months from it. */
  firstMonth?: number | null;
  /** False when the user deals without reversed cards (and none lies reversed): no word about orientation. */
  reversals?: boolean;
  /** The user's first name as Telegram gives it (quoted as data in the prompt). */
  firstName?: string | null;
  /** From the user's natal chart, when there is one: one sentence of astrological colour. */
  astro?: { sun: SignKey; moon: SignKey; rising: SignKey | null } | null;
  /** «Память толкователя»: at most two lines recalling earlier readings on the topic (domain/reading/memory.ts). */
  memory?: readonly MemoryLine[] | null;
  /** A timing question of a user with a chart: «По транзитам: …», the next favourable window (domain/reading/transit-line.ts). */
  transitLine?: string | null;
  /** «Люди»: the saved person the question is about (spoken of in the third person by name). */
  person?: AboutPerson | null;
  /** «Свои расклады»: the user's own spread's name (the prompt names it instead of the catalogue's). */
  customSpreadName?: string | null;
}
