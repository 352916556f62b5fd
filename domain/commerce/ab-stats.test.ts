// The dashboard's statistics against textbook results: the two-proportion z-test worked by hand, the
// Beta-Binomial probability against its closed form (Evan Miller's sum), and the bootstrap against the
// normal interval for a mean; then the verdict rule over 1,000 users per variant at 4 % and 6 %.
import { describe, expect, it } from 'vitest';
import { bootstrapRevenue, normalCdf, probabilityBest, twoProportionTest } from './ab-stats';
import { analyseExperiment, EXPERIMENTS, type ExposedUser } from './experiments';

/** ln Γ(x) (Lanczos, g = 7). */
function lnGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  x -= 1;
  let a = c[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}
const lnBeta = (a: number, b: number) => lnGamma(a) + lnGamma(b) - lnGamma(a + b);

/** P(pB > pA) for pA ~ Beta(aA, bA), pB ~ Beta(aB, bB), exactly (integer aB). */
function exactBBeatsA(aA: number, bA: number, aB: number, bB: number): number {
  let total = 0;
  for (let i = 0; i < aB; i++) total += Math.exp(lnBeta(aA + i, bA + bB) - Math.log(bB + i) - lnBeta(1 + i, bB) - lnBeta(aA, bA));
  return total;
}

describe('two-proportion z-test', () => {
  it('45/100 against 30/100: z = 2.19, p = 0.028 (pooled p = 0.375), interval from the unpooled error', () => {
    const t = twoProportionTest(30, 100, 45, 100);
    expect(t.diff).toBeCloseTo(0.15, 10);
    expect(t.z).toBeCloseTo(0.15 / Math.sqrt(0.375 * 0.625 * 0.02), 6);
    expect(t.z).toBeCloseTo(2.191, 3);
    expect(t.pValue).toBeCloseTo(0.0285, 3);
    const se = Math.sqrt((0.3 * 0.7) / 100 + (0.45 * 0.55) / 100);
    expect(t.low).toBeCloseTo(0.15 - 1.96 * se, 3);
    expect(t.high).toBeCloseTo(0.15 + 1.96 * se, 3);
    expect(t.low).toBeCloseTo(0.0174, 3); // 0.15 − 1.96·0.06764
  });

  it('the normal CDF matches the tables', () => {
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 5);
  });
});

describe('Beta-Binomial probability of being best', () => {
  for (const [xA, nA, xB, nB] of [
    [40, 1000, 60, 1000],
    [10, 100, 12, 100],
    [3, 50, 1, 50],
  ]) {
    it(`${xA}/${nA} against ${xB}/${nB}: the simulation is within 1 % of the closed form`, () => {
      const exact = exactBBeatsA(1 + xA, 1 + nA - xA, 1 + xB, 1 + nB - xB);
      const [pA, pB] = probabilityBest(
        [
          { users: nA, conversions: xA },
          { users: nB, conversions: xB },
        ],
        7,
        40_000,
      );
      expect(Math.abs(pB - exact)).toBeLessThan(0.01);
      expect(pA + pB).toBeCloseTo(1, 10);
    });
  }

  it('is the same for the same seed', () => {
    const g = [
      { users: 500, conversions: 20 },
      { users: 500, conversions: 27 },
    ];
    expect(probabilityBest(g, 3)).toEqual(probabilityBest(g, 3));
  });
});

describe('bootstrap revenue per user', () => {
  it('agrees with the normal interval for the mean (1,000 users, 50 paid 100 ₽)', () => {
    const payers = Array<number>(50).fill(100);
    const { perUser, diff } = bootstrapRevenue(
      [
        { users: 1000, payers },
        { users: 1000, payers: Array<number>(80).fill(100) },
      ],
      5,
    );
    // mean 5 ₽, sd = 100·√(0.05·0.95) ≈ 21.79, se ≈ 0.689: 95 % ≈ 3.65…6.35.
    expect(perUser[0].mean).toBe(5);
    expect(perUser[0].low).toBeGreaterThan(3.4);
    expect(perUser[0].low).toBeLessThan(3.9);
    expect(perUser[0].high).toBeGreaterThan(6.1);
    expect(perUser[0].high).toBeLessThan(6.6);
    expect(diff[1].mean).toBe(3);
    expect(diff[1].low).toBeGreaterThan(0);
  });
});

describe('the verdict', () => {
  const exposed = (n: number, conversions: number, variant: string, price: number): ExposedUser[] =>
    Array.from({ length: n }, (_, i) => ({ variant, revenueRub: i < conversions ? price : 0 }));
  const micro = EXPERIMENTS.find((e) => e.id === 'micro_price')!;

  it('1,000 users per variant at 4 % and 6 %: B leads by 2 p.p., p ≈ 0.04', () => {
    const r = analyseExperiment(micro, [...exposed(1000, 40, 'A', 99), ...exposed(1000, 60, 'B', 79)]);
    expect(r.enoughData).toBe(true);
    expect(r.variants.map((v) => [v.users, v.conversions])).toEqual([
      [1000, 40],
      [1000, 60],
    ]);
    expect(r.variants[1].diff!.value).toBeCloseTo(0.02, 10);
    expect(r.variants[1].diff!.pValue).toBeCloseTo(0.0404, 3);
    expect(r.variants[1].probabilityBest).toBeGreaterThan(0.95);
    expect(r.verdict).toMatch(/^Лидирует B: 79 ₽: конверсия 6,0 % против 4,0 % \(\+2,0 п\.п\.\), вероятность быть лучшим 9\d %\.$/);
  });

  it('below the minimum sample: «рано судить»', () => {
    const r = analyseExperiment(micro, [...exposed(150, 6, 'A', 99), ...exposed(150, 9, 'B', 79)]);
    expect(r.enoughData).toBe(false);
    expect(r.verdict).toMatch(/^Рано судить/);
  });
});
