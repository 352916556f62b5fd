// The server deals: Fisher–Yates over the deck with crypto.randomInt, no duplicates, each card upright or
// reversed with p = 0.5, or always upright for a user who turned reversed cards off (the users' `reversals`
// setting). The random source is injectable for tests; this module stays pure.
import type { DealtCard } from '../types';

/** Returns an integer in [0, max). */
export type RandomInt = (max: number) => number;

export function shuffle<T>(items: readonly T[], randomInt: RandomInt): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export interface DealOptions {
  /** The user's «Перевёрнутые карты» setting: off deals every card upright. Required, so no deal forgets it. */
  reversals: boolean;
  /** Cards already on the table. */
  exclude?: readonly string[];
}

/** Deals `count` distinct cards from `cardIds`, excluding `exclude`. */
export function deal(
  cardIds: readonly string[],
  count: number,
  randomInt: RandomInt,
  { reversals, exclude = [] }: DealOptions,
): DealtCard[] {
  const pool = exclude.length ? cardIds.filter((id) => !exclude.includes(id)) : cardIds;
  if (count < 0 || count > pool.length) throw new RangeError(`cannot deal ${count} cards from ${pool.length}`);
  return shuffle(pool, randomInt)
    .slice(0, count)
    .map((cardId, position) => ({ cardId, position, orientation: reversals && randomInt(2) !== 0 ? 'reversed' : 'upright' }));
}

/**
 * Whether a reading's texts speak of orientation: when the user deals with reversed cards, or when a card of
 * this reading lies reversed (dealt before the user turned them off).
 */
export const speaksOfReversals = (reversals: boolean, cards: readonly { orientation: DealtCard['orientation'] }[]) =>
  reversals || cards.some((c) => c.orientation === 'reversed');
