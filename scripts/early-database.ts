// `npm start` opens the embedded database before loading the rest of the app: PGlite compiles its
// WebAssembly and reads its files in the background while the app's modules load (for the start-up budget
// in docs/operations.md). It reads the two variables it needs itself: the whole configuration's validation
// (config.ts, with zod) is a tenth of a second of loading that PGlite need not wait for. A bad environment
// is reported by main.ts all the same.
import { DEFAULT_DATA_DIR } from '../data-dir';
import { openPglite, type OpenedPglite } from '../db/pglite';

/** PGlite being opened for this environment's DATA_DIR; null with DATABASE_URL. */
export function openPgliteEarly(env: Record<string, string | undefined> = process.env): Promise<OpenedPglite> | null {
  const dataDir = env.DATA_DIR ?? DEFAULT_DATA_DIR;
  // PostgreSQL, or a DATA_DIR that config.ts refuses: nothing to open.
  if (env.DATABASE_URL?.trim() || !dataDir) return null;
  const opening = openPglite(dataDir);
  // Awaited (and its failure reported, e.g. a locked folder) by startApp; not an unhandled rejection meanwhile.
  opening.catch(() => {});
  return opening;
}
