// A seeded deal for generated readings (the interpreter's tests, the sample readings): the same seed gives
// the same cards on every run and every machine. The server deals with crypto.randomInt (domain/tarot/deal.ts).
import { CARD_IDS } from '../tarot/deck';
import { mulberry32 } from '../text/seeded-random';
import { promptCards, type ReadingPromptInput } from './prompts';
import { SPREADS } from '../tarot/spreads';
import type { DealtCard } from '../types';
import { composeReading } from '.';

/** mulberry32; the function answers an integer in 0..n-1. */
export function seededRandom(seed: number): (n: number) => number {
  const next = mulberry32(seed);
  return (n: number) => next() % n;
}

/** `count` distinct cards (Fisher–Yates over the deck), each reversed with p = 0.5, in position order. */
export function seededDeal(count: number, random: (n: number) => number): DealtCard[] {
  const ids = [...CARD_IDS];
  for (let i = ids.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  return ids.slice(0, count).map((cardId, position) => ({ cardId, position, orientation: random(2) ? 'reversed' : 'upright' }));
}

/**
 * `perCombo` card-based readings for every spread × question × level, dealt from `seed`; in one of four
 * the user turned only some of the cards, and only those are read.
 */
export function* generatedReadings(
  questions: readonly string[],
  perCombo: number,
  seed: number,
): Generator<{ input: ReadingPromptInput; text: string }> {
  const r = seededRandom(seed);
  for (const spread of SPREADS) {
    for (const question of questions) {
      for (const level of ['basic', 'premium'] as const) {
        for (let k = 0; k < perCombo; k++) {
          let cards = seededDeal(spread.cards, r);
          if (spread.cards > 1 && r(4) === 0) cards = cards.slice(0, 1 + r(spread.cards));
          const firstMonth = spread.id === 'year_forecast' ? 1 + r(12) : null;
          const input: ReadingPromptInput = {
            spreadType: spread.id,
            question,
            level,
            cards: promptCards(spread.id, cards, firstMonth),
            firstMonth,
          };
          yield { input, text: composeReading(input) };
        }
      }
    }
  }
}
