// Shared domain types. Pure: imported by the server and the web app alike.

/** What a question is about: the interpreter's topics. */
export type Topic = 'love' | 'family' | 'work' | 'money' | 'health' | 'self' | 'general';

export const SUITS = ['major', 'cups', 'pentacles', 'swords', 'wands'] as const;
export type Suit = (typeof SUITS)[number];

export interface TarotCard {
  /** Slug such as `high-priestess` or `ace-of-cups`. */
  id: string;
  /** 1-based position in the catalogue (1..78): majors 1..22, then cups, pentacles, swords, wands. */
  number: number;
  /** Russian name, e.g. «Верховная Жрица», «Туз Кубков». */
  name: string;
  suit: Suit;
  /** Majors 0..21 (the Fool is 0); minors 1..14 (ace=1 … ten=10, page=11, knight=12, queen=13, king=14). */
  rank: number;
  /** Path of the card's picture: `/cards/<suit>/<id>.svg`. */
  image: string;
  /** Five Russian keywords or short phrases, upright. */
  keywords: string[];
  /** Five Russian keywords or short phrases, reversed. */
  reversedKeywords: string[];
  /** One or two short Russian sentences: the upright meaning. */
  meaning: string;
  /** One short Russian sentence: the reversed meaning. */
  reversedMeaning: string;
}

export const TIERS = ['free', 'basic', 'vip', 'week'] as const;
export type Tier = (typeof TIERS)[number];

export const SPREAD_TYPES = [
  'free_daily',
  'past_present_future',
  'love_relationship',
  'career_finance',
  'health_wellbeing',
  'celtic_cross',
  'spiritual_guidance',
  'year_forecast',
  // Readings for two: asked on a pair's screen only, never from the menus (`pairOnly`).
  'pair_reading',
] as const;
export type SpreadType = (typeof SPREAD_TYPES)[number];

/** One of the catalogue's spreads (here, beside the list, so a screen can check without loading the catalogue). */
export function isSpreadType(id: string): id is SpreadType {
  return (SPREAD_TYPES as readonly string[]).includes(id);
}

export type SpreadAccess = 'free' | 'paid' | 'vip';

/**
 * Every position of every spread, by what it asks (the Russian label is only how it is shown). The
 * interpreter keys its roles on these, so a position without a role fails the type check.
 */
export const POSITION_IDS = [
  'day_energy',
  'day_lesson',
  'day_advice',
  'past',
  'present',
  'future',
  'self',
  'partner',
  'relationship_outlook',
  'current_position',
  'obstacles',
  'opportunities',
  'financial_outcome',
  'body',
  'mind_emotions',
  'path_to_harmony',
  'situation',
  'challenge',
  'foundation',
  'recent_past',
  'possible_future',
  'near_future',
  'querent',
  'surroundings',
  'hopes_fears',
  'outcome',
  'soul',
  'spiritual_lesson',
  'let_go',
  'accept',
  'higher_message',
  'pair_me',
  'pair_partner',
  'pair_bond',
  'pair_divide',
  'pair_advice',
  'pair_outlook',
  'year_theme',
  'month_1',
  'month_2',
  'month_3',
  'month_4',
  'month_5',
  'month_6',
  'month_7',
  'month_8',
  'month_9',
  'month_10',
  'month_11',
  'month_12',
] as const;
export type PositionId = (typeof POSITION_IDS)[number];

/**
 * What a position asks of its card: the same card reads differently as the past, an obstacle or advice
 * (domain/reading/roles.ts has the phrasing of each). Every position of the catalogue names one.
 */
export type PositionRole =
  | 'present'
  | 'past'
  | 'future'
  | 'obstacle'
  | 'release'
  | 'advice'
  | 'self'
  | 'body'
  | 'mind'
  | 'partner'
  | 'surroundings'
  | 'lesson'
  | 'hopes'
  | 'outcome'
  | 'month'
  | 'year';

/** How the share picture lays the cards: in rows, or as the Celtic cross with its staff (ten cards). */
export type PictureLayout = 'rows' | 'celtic-cross';

export interface SpreadDefinition {
  id: SpreadType;
  /** Russian name shown in the menu. */
  name: string;
  /** Short Russian description for the menu. */
  description: string;
  /** One emoji. */
  icon: string;
  /** Number of cards dealt; equals positions.length. */
  cards: number;
  /** Russian name of every position, in dealing order. */
  positions: string[];
  /** What each position asks, in the same order (see POSITION_IDS). */
  positionIds: PositionId[];
  /** The role of each position, in the same order: how the interpreter reads its card. */
  roles: PositionRole[];
  /** The question's topic when the question itself names none (a general spread: null). */
  topic: Topic | null;
  /** How the share picture lays the cards out. */
  pictureLayout: PictureLayout;
  /** Who may lay it: everyone, a paid plan (Basic and up) or VIP only. */
  access: SpreadAccess;
  isFree: boolean;
  vipOnly: boolean;
  /** Question screen copy. */
  question: {
    title: string;
    description: string;
    placeholder: string;
    /** Exactly four example questions. */
    examples: string[];
  };
  /** Section headings (Russian) the interpretation for this spread is written in, in order. */
  outline: string[];
  /** Asked for a pair on its screen (readings for two), never offered in the menus. */
  pairOnly?: boolean;
}

export type Orientation = 'upright' | 'reversed';

export interface DealtCard {
  cardId: string;
  /** 0-based position index within the spread. */
  position: number;
  orientation: Orientation;
}
