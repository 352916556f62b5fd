// `npm start` opens an existing embedded database before loading the rest of the app. Its first statement
// starts reading PGlite's files and compiling its WebAssembly, which V8 does on other threads while PGlite's
// code and the configuration load (for the start-up budget in docs/operations.md). It reads the two variables
// it needs itself: validating the whole configuration (config.ts, with zod) is a tenth of a second of loading
// that PGlite need not wait for. Only a folder that already holds a database is opened this early: a new one
// (initdb) waits until the configuration is known to be good, so that a refused environment never leaves a
// half-made database behind; main.ts reports it.
import { DEFAULT_DATA_DIR, pgliteDatabaseExists } from '../data-dir';
import type { OpenedPglite } from '../db/pglite';
import { readPgliteFiles } from '../db/pglite-files';

/** PGlite being opened on this environment's existing DATA_DIR; null with DATABASE_URL or no database there yet. */
export function openPgliteEarly(env: Record<string, string | undefined> = process.env): Promise<OpenedPglite> | null {
  const dataDir = env.DATA_DIR ?? DEFAULT_DATA_DIR;
  if (env.DATABASE_URL?.trim() || !dataDir || !pgliteDatabaseExists(dataDir)) return null;
  const opening = Promise.all([readPgliteFiles(), import('../db/pglite')]).then(([files, { openPglite }]) => openPglite(dataDir, files));
  // Awaited (and its failure reported, e.g. a locked folder) by startApp; not an unhandled rejection meanwhile.
  opening.catch(() => {});
  return opening;
}
