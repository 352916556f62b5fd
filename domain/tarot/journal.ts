// The journal's figures: which cards came most often, the suits and elements, the share of major arcana and
// of reversed cards, over the cards a user drew (readings and daily cards). Pure: the server counts, the web
// app only draws.
import { CARD_BY_ID } from './deck';
import type { Orientation, Suit } from '../types';

export const SUIT_LABELS: Record<Suit, string> = {
  major: 'Старшие арканы',
  cups: 'Кубки',
  pentacles: 'Пентакли',
  swords: 'Мечи',
  wands: 'Жезлы',
};

export type Element = 'fire' | 'water' | 'air' | 'earth';

/** The classic correspondence of the minor suits; the major arcana stand apart. */
export const SUIT_ELEMENT: Record<Exclude<Suit, 'major'>, Element> = { wands: 'fire', cups: 'water', swords: 'air', pentacles: 'earth' };
export const ELEMENT_LABELS: Record<Element, string> = { fire: 'Огонь', water: 'Вода', air: 'Воздух', earth: 'Земля' };

export interface JournalStats {
  /** Cards counted (readings' cards plus daily cards). */
  cards: number;
  readings: number;
  dailyCards: number;
  topCards: { cardId: string; name: string; suit: Suit; count: number }[];
  suits: { suit: Suit; label: string; count: number }[];
  elements: { element: Element; label: string; count: number }[];
  /** 0..1 of all cards counted (0 when none). */
  majorShare: number;
  reversedShare: number;
}

export function journalStats(
  input: { readings: { cardId: string; orientation: Orientation }[][]; dailyCards: { cardId: string; orientation: Orientation }[] },
  top = 5,
): JournalStats {
  const all = [...input.readings.flat(), ...input.dailyCards].filter((c) => CARD_BY_ID.has(c.cardId));
  const byCard = new Map<string, number>();
  const bySuit: Record<Suit, number> = { major: 0, cups: 0, pentacles: 0, swords: 0, wands: 0 };
  let reversed = 0;
  for (const c of all) {
    byCard.set(c.cardId, (byCard.get(c.cardId) ?? 0) + 1);
    bySuit[CARD_BY_ID.get(c.cardId)!.suit]++;
    if (c.orientation === 'reversed') reversed++;
  }
  const topCards = [...byCard.entries()]
    // Most frequent first; ties in catalogue order, so the list is stable.
    .sort((a, b) => b[1] - a[1] || CARD_BY_ID.get(a[0])!.number - CARD_BY_ID.get(b[0])!.number)
    .slice(0, top)
    .map(([cardId, count]) => {
      const card = CARD_BY_ID.get(cardId)!;
      return { cardId, name: card.name, suit: card.suit, count };
    });
  // Unrounded: the screen rounds once to whole percent (rounding here too made 13 of 17 show 77 %, not 76 %).
  const share = (n: number) => (all.length ? n / all.length : 0);
  return {
    cards: all.length,
    readings: input.readings.length,
    dailyCards: input.dailyCards.length,
    topCards,
    suits: (Object.keys(SUIT_LABELS) as Suit[]).map((suit) => ({ suit, label: SUIT_LABELS[suit], count: bySuit[suit] })),
    elements: (Object.keys(ELEMENT_LABELS) as Element[]).map((element) => ({
      element,
      label: ELEMENT_LABELS[element],
      count: (Object.keys(SUIT_ELEMENT) as Exclude<Suit, 'major'>[])
        .filter((s) => SUIT_ELEMENT[s] === element)
        .reduce((n, s) => n + bySuit[s], 0),
    })),
    majorShare: share(bySuit.major),
    reversedShare: share(reversed),
  };
}

const MONTHS = ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'];

/** «ноябрь 2026» for '2026-11'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${MONTHS[m - 1]} ${y}`;
}

/** '2026-11' → '2026-12' (delta months later). */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const t = y * 12 + (m - 1) + delta;
  return `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}`;
}

export const NOTE_MAX = 2000;
