// Shared domain types. Pure: imported by the server and the web app alike.

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

export const TIERS = ['free', 'basic_299', 'vip_499', 'week_7d'] as const;
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
] as const;
export type SpreadType = (typeof SPREAD_TYPES)[number];

export type SpreadAccess = 'free' | 'paid' | 'vip';

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
  /** Russian price label for the menu ("Бесплатно", "Премиум", "VIP"). */
  priceLabel: string;
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
}

export type Orientation = 'upright' | 'reversed';

export interface DealtCard {
  cardId: string;
  /** 0-based position index within the spread. */
  position: number;
  orientation: Orientation;
}
