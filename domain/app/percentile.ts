// A percentile from a histogram (each value with how often it occurs), exactly as PostgreSQL's
// percentile_cont computes it over the values themselves: the position q·(n−1) in the sorted values, linear
// between its neighbours. The dashboard counts the AI's timings by value (a hash aggregate) instead of sorting
// hundreds of thousands of them.

/** The continuous percentile `q` (0..1) of the values `counts` holds; null when there are none. */
export function percentileOfCounts(counts: readonly (readonly [value: number, count: number])[], q: number): number | null {
  const sorted = counts.filter(([, c]) => c > 0).sort((a, b) => a[0] - b[0]);
  const n = sorted.reduce((a, [, c]) => a + c, 0);
  if (!n) return null;
  const pos = q * (n - 1);
  const lo = Math.floor(pos);
  /** The value at 0-based index i of the sorted values. */
  const at = (i: number) => {
    let seen = 0;
    for (const [v, c] of sorted) {
      seen += c;
      if (i < seen) return v;
    }
    return sorted[sorted.length - 1][0];
  };
  const a = at(lo);
  return pos === lo ? a : a + (at(lo + 1) - a) * (pos - lo);
}
