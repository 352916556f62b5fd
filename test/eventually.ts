// The tests' one wait for a condition outside expect.poll: vi.waitFor with a timeout made for a busy machine.
// vi.waitFor's own default is 1 s, which a loaded CI machine overruns while nothing is wrong (the suite runs
// three test workers on two cores; `npm run test:stress` adds a CPU hog on each).
import { vi } from 'vitest';

/** The longest a test waits for something that normally takes milliseconds. */
export const EVENTUALLY_MS = 15_000;

/** Polls `fn` until it returns without throwing (or resolves), for up to EVENTUALLY_MS unless told otherwise. */
export const eventually = <T>(fn: () => T | Promise<T>, o: { timeout?: number; interval?: number } = {}) =>
  vi.waitFor(fn, { timeout: o.timeout ?? EVENTUALLY_MS, interval: o.interval ?? 20 });
