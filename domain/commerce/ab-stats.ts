// The statistics behind the price and copy tests (docs/decisions.md names the methods): a two-proportion z-test
// with a 95 % interval for the difference, the probability that each variant is best under independent
// Beta(1 + conversions, 1 + non-conversions) posteriors (by simulation), and a bootstrap interval for revenue
// per user. Random draws come from a seeded generator: the same data gives the same figures.

import { seededUniform } from '../text/seeded-random';

/** The standard normal CDF (Abramowitz and Stegun 7.1.26 for erf; error below 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** z for a two-sided 95 % interval. */
export const Z95 = 1.959964;

export interface ProportionTest {
  /** p2 − p1. */
  diff: number;
  /** The 95 % (Wald, unpooled) interval for the difference. */
  low: number;
  high: number;
  /** The pooled z statistic and its two-sided p-value. */
  z: number;
  pValue: number;
}

/** Two-proportion z-test of x2/n2 against x1/n1. */
export function twoProportionTest(x1: number, n1: number, x2: number, n2: number): ProportionTest {
  const p1 = n1 ? x1 / n1 : 0;
  const p2 = n2 ? x2 / n2 : 0;
  const diff = p2 - p1;
  const pooled = n1 + n2 ? (x1 + x2) / (n1 + n2) : 0;
  const sePooled = n1 && n2 ? Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2)) : 0;
  const se = n1 && n2 ? Math.sqrt((p1 * (1 - p1)) / n1 + (p2 * (1 - p2)) / n2) : 0;
  const z = sePooled ? diff / sePooled : 0;
  return { diff, low: diff - Z95 * se, high: diff + Z95 * se, z, pValue: sePooled ? 2 * (1 - normalCdf(Math.abs(z))) : 1 };
}

/** A standard normal draw (Box–Muller). */
function normal(rand: () => number): number {
  let u = 0;
  while (u === 0) u = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

/** A Gamma(shape, 1) draw (Marsaglia and Tsang; shape < 1 boosted). */
function gamma(shape: number, rand: () => number): number {
  if (shape < 1) return gamma(shape + 1, rand) * (rand() || Number.MIN_VALUE) ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(rand);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = rand();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/** A Beta(a, b) draw. */
export function betaDraw(a: number, b: number, rand: () => number): number {
  const x = gamma(a, rand);
  return x / (x + gamma(b, rand));
}

/**
 * The probability that each variant has the highest conversion, with a Beta(1, 1) prior on each rate:
 * `draws` joint draws from the posteriors, counting which is highest.
 */
export function probabilityBest(groups: readonly { users: number; conversions: number }[], seed = 1, draws = 20_000): number[] {
  const rand = seededUniform(seed);
  const wins = groups.map(() => 0);
  for (let i = 0; i < draws; i++) {
    let best = 0;
    let bestValue = -1;
    groups.forEach((g, j) => {
      const v = betaDraw(1 + g.conversions, 1 + Math.max(0, g.users - g.conversions), rand);
      if (v > bestValue) [best, bestValue] = [j, v];
    });
    wins[best]++;
  }
  return wins.map((w) => w / draws);
}

/** A Binomial(n, p) draw: directly for small n, by the normal approximation otherwise. */
function binomial(n: number, p: number, rand: () => number): number {
  if (n * p < 30 || n * (1 - p) < 30) {
    if (n <= 5000) {
      let k = 0;
      for (let i = 0; i < n; i++) if (rand() < p) k++;
      return k;
    }
    // Rare events over many users: Poisson by inversion.
    const lambda = n * p;
    let k = 0;
    let prod = rand();
    const limit = Math.exp(-lambda);
    while (prod > limit) {
      k++;
      prod *= rand();
    }
    return Math.min(k, n);
  }
  return Math.min(n, Math.max(0, Math.round(n * p + Math.sqrt(n * p * (1 - p)) * normal(rand))));
}

/**
 * A group's revenue per user for the bootstrap: `users` users, of whom those in `payers` paid that much each
 * (everyone else paid nothing). Resampling the users with replacement is drawing how many payers come up
 * (binomial) and which (uniformly among the payers).
 */
export interface RevenueGroup {
  users: number;
  payers: readonly number[];
}

function resampledMean(g: RevenueGroup, rand: () => number): number {
  if (!g.users) return 0;
  const k = binomial(g.users, g.payers.length / g.users, rand);
  let sum = 0;
  for (let i = 0; i < k; i++) sum += g.payers[Math.floor(rand() * g.payers.length)];
  return sum / g.users;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * sorted.length)))];

export interface Interval {
  mean: number;
  low: number;
  high: number;
}

/** Bootstrap (percentile) 95 % intervals: each group's revenue per user and each group's difference from the first. */
export function bootstrapRevenue(groups: readonly RevenueGroup[], seed = 1, rounds = 2000): { perUser: Interval[]; diff: Interval[] } {
  const rand = seededUniform(seed);
  const samples = groups.map(() => [] as number[]);
  const diffs = groups.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    const means = groups.map((g) => resampledMean(g, rand));
    means.forEach((m, j) => {
      samples[j].push(m);
      diffs[j].push(m - means[0]);
    });
  }
  const mean = (g: RevenueGroup) => (g.users ? g.payers.reduce((a, b) => a + b, 0) / g.users : 0);
  const interval = (xs: number[], m: number): Interval => {
    const s = [...xs].sort((a, b) => a - b);
    return { mean: m, low: percentile(s, 0.025), high: percentile(s, 0.975) };
  };
  return {
    perUser: groups.map((g, j) => interval(samples[j], mean(g))),
    diff: groups.map((g, j) => interval(diffs[j], mean(g) - mean(groups[0]))),
  };
}
