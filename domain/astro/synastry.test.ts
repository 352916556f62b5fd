// The compatibility list reads as a text: two aspects of one kind are not explained with one sentence.
import { describe, expect, it } from 'vitest';
import { synastryAspects } from './synastry';

const names = { first: 'у вас', second: 'у партнёра' };
/** The sentence after the points' names: what is said of the aspect itself. */
const explanation = (text: string) => text.slice(text.indexOf(':'));

describe('synastry lines', () => {
  it('the first three squares and the three conjunctions of one list are each explained in their own words', () => {
    // Points bunched so that six squares and three conjunctions fall within their orbs.
    const first = { sun: 0, moon: 4, venus: 8, mars: 30, ascendant: null };
    const second = { sun: 92, moon: 2, venus: 96, mars: 120, ascendant: null };
    const aspects = synastryAspects(first, second, names);
    const squares = aspects.filter((a) => a.aspect === 'square');
    const conjunctions = aspects.filter((a) => a.aspect === 'conjunction');
    expect(squares.length).toBeGreaterThanOrEqual(3);
    expect(conjunctions.length).toBeGreaterThanOrEqual(3);
    // As many different sentences as the kind has (three), before any comes back.
    for (const group of [squares, conjunctions]) expect(new Set(group.slice(0, 3).map((a) => explanation(a.text))).size).toBe(3);
    // Still tightest first, each naming both people's points.
    expect(aspects.map((a) => a.orb)).toEqual([...aspects.map((a) => a.orb)].sort((x, y) => x - y));
    for (const a of aspects) expect(a.text).toMatch(/у вас .* у партнёра/);
  });
});
