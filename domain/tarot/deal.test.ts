import { describe, expect, it } from 'vitest';
import { deal, shuffle } from './deal';
import { DECK } from './deck';

describe('dealing', () => {
  const ids = DECK.map((c) => c.id);
  it('deals distinct cards with positions and both orientations', () => {
    let seed = 1;
    const rnd = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % max;
    };
    const cards = deal(ids, 10, rnd, { reversals: true });
    expect(new Set(cards.map((c) => c.cardId)).size).toBe(10);
    expect(cards.map((c) => c.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const orientations = new Set(
      Array.from({ length: 20 }, () => deal(ids, 3, (max) => Math.floor(Math.random() * max), { reversals: true }))
        .flat()
        .map((c) => c.orientation),
    );
    expect(orientations).toEqual(new Set(['upright', 'reversed']));
  });
  it('deals every card upright when the user turned reversed cards off', () => {
    const cards = Array.from({ length: 20 }, () => deal(ids, 10, (max) => Math.floor(Math.random() * max), { reversals: false })).flat();
    expect(cards.filter((c) => c.orientation === 'reversed')).toEqual([]);
  });
  it('is driven by the injected random source', () => {
    const first = () => 0;
    expect(shuffle([1, 2, 3, 4], first)).toEqual([2, 3, 4, 1]);
    expect(deal(ids, 2, first, { reversals: true, exclude: ['magician'] })[0].cardId).not.toBe('magician');
  });
  it('refuses to deal more cards than the deck holds', () => {
    expect(() => deal(ids, 79, () => 0, { reversals: true })).toThrow(RangeError);
  });
});
