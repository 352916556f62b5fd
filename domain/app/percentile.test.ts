// The histogram percentile against the textbook definition over the values themselves (PostgreSQL's
// percentile_cont: position q·(n−1), linear between neighbours).
import { describe, expect, it } from 'vitest';
import { percentileOfCounts } from './percentile';
import { seededUniform } from '../text/seeded-random';

/** percentile_cont over the raw values. */
function direct(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  const pos = q * (s.length - 1);
  const lo = Math.floor(pos);
  return lo === pos ? s[lo] : s[lo] + (s[lo + 1] - s[lo]) * (pos - lo);
}

const histogram = (values: number[]) => [...values.reduce((m, v) => m.set(v, (m.get(v) ?? 0) + 1), new Map<number, number>())];

describe('percentileOfCounts', () => {
  it('matches percentile_cont on a hand-made set', () => {
    // 1, 2, 2, 3, 10: the median is 2; p95 sits at position 3.8, between 3 and 10: 3 + 0.8·7 = 8.6.
    const counts: [number, number][] = [
      [10, 1],
      [2, 2],
      [1, 1],
      [3, 1],
    ];
    expect(percentileOfCounts(counts, 0.5)).toBe(2);
    expect(percentileOfCounts(counts, 0.95)).toBeCloseTo(8.6, 10);
    expect(percentileOfCounts(counts, 0)).toBe(1);
    expect(percentileOfCounts(counts, 1)).toBe(10);
  });

  it('matches percentile_cont on random timings, and says null for none', () => {
    const rand = seededUniform(7);
    const values = Array.from({ length: 5001 }, () => 300 + Math.floor(rand() * 900));
    for (const q of [0.5, 0.9, 0.95, 0.99]) expect(percentileOfCounts(histogram(values), q)).toBeCloseTo(direct(values, q), 9);
    expect(percentileOfCounts([], 0.5)).toBeNull();
    expect(percentileOfCounts([[5, 0]], 0.5)).toBeNull();
  });
});
