// A seeded deal for generated readings (the interpreter's tests, the sample readings): the same seed gives
// the same cards on every run and every machine. The server deals with crypto.randomInt (domain/deal.ts).
import { DECK } from '../deck';
import type { DealtCard } from '../types';

/** mulberry32: a small seeded generator; the function answers an integer in 0..n-1. */
export function seededRandom(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

/** `count` distinct cards (Fisher–Yates over the deck), each reversed with p = 0.5, in position order. */
export function seededDeal(count: number, random: (n: number) => number): DealtCard[] {
  const ids = DECK.map((c) => c.id);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  return ids.slice(0, count).map((cardId, position) => ({ cardId, position, orientation: random(2) ? 'reversed' : 'upright' }));
}
