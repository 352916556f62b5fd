// The status rows (user and latest usage) of recent callers, kept while nothing was written: only for a
// database this process alone writes to (PGlite), whose write counter (db/write-watch.ts) moves on every
// write, commit and rollback. An entry is used only if no write happened since before it was read, so a
// cached status is always what the database holds; the status itself is rebuilt at every call (the clock
// moves on). With PostgreSQL other instances write too: no cache.
import type { WriteWatch } from '../db/write-watch';

export interface StatusCache<T> {
  /** Loads through `load` unless a current entry exists; stores what was read if nothing was written meanwhile. */
  through(userId: number, load: () => Promise<T | undefined>): Promise<T | undefined>;
}

export function createStatusCache<T>(watch: WriteWatch, max = 10_000): StatusCache<T> {
  let entries = new Map<number, T>();
  let entriesGeneration = watch.generation();

  const current = () => {
    const g = watch.generation();
    if (g !== entriesGeneration) {
      entries = new Map();
      entriesGeneration = g;
    }
    return entries;
  };

  return {
    async through(userId, load) {
      const hit = current().get(userId);
      if (hit !== undefined) return hit;
      const before = watch.generation();
      const value = await load();
      // A write since the read began may not be in `value`: it is used for this call only.
      if (value !== undefined && watch.generation() === before) {
        const map = current();
        if (map.size >= max) map.delete(map.keys().next().value!);
        map.set(userId, value);
      }
      return value;
    },
  };
}
