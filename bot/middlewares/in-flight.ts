// Counts the updates being handled, so shutdown can stop taking new ones and wait for these to finish.
import type { MiddlewareFn } from 'grammy';

export function createInFlight() {
  let count = 0;
  let waiters: (() => void)[] = [];
  const middleware: MiddlewareFn = async (_ctx, next) => {
    count++;
    try {
      await next();
    } finally {
      count--;
      if (count === 0) {
        const w = waiters;
        waiters = [];
        for (const resolve of w) resolve();
      }
    }
  };
  return {
    middleware,
    /** Resolves once no update is being handled. */
    idle(): Promise<void> {
      return count === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
  };
}
