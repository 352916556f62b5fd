// mulberry32: a small seeded generator, for what must come out the same on every run and machine (the day's
// lesson, the dashboard's simulations, the interpreter's test deals). Never for dealing real readings.

/** Unsigned 32-bit integers from `seed`. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Uniform numbers in [0, 1) from `seed`. */
export function seededUniform(seed: number): () => number {
  const next = mulberry32(seed);
  return () => next() / 4294967296;
}
