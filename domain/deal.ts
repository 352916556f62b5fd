// The server deals: Fisher–Yates over the deck with crypto.randomInt, no duplicates, each card upright or
// reversed with p = 0.5. The random source is injectable for tests; this module stays pure.
import type { DealtCard } from './types';

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

/** Deals `count` distinct cards from `cardIds`, excluding `exclude`. */
export function deal(cardIds: readonly string[], count: number, randomInt: RandomInt, exclude: readonly string[] = []): DealtCard[] {
  const pool = exclude.length ? cardIds.filter((id) => !exclude.includes(id)) : cardIds;
  if (count < 0 || count > pool.length) throw new RangeError(`cannot deal ${count} cards from ${pool.length}`);
  return shuffle(pool, randomInt)
    .slice(0, count)
    .map((cardId, position) => ({ cardId, position, orientation: randomInt(2) === 0 ? 'upright' : 'reversed' }));
}
