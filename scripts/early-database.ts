// `npm start` opens the embedded database before loading the rest of the app: PGlite compiles its
// WebAssembly and reads its files in the background while the app's modules load (for the start-up budget
// in docs/operations.md).
import { loadConfig } from '../config';
import { openPglite, type OpenedPglite } from '../db/pglite';

/** PGlite being opened for this environment's DATA_DIR; null with DATABASE_URL or a bad environment (main.ts reports it). */
export function openPgliteEarly(env: Record<string, string | undefined> = process.env): Promise<OpenedPglite> | null {
  let dataDir: string;
  try {
    const config = loadConfig(env);
    if (config.databaseUrl) return null;
    dataDir = config.dataDir;
  } catch {
    return null;
  }
  const opening = openPglite(dataDir);
  // Awaited (and its failure reported, e.g. a locked folder) by startApp; not an unhandled rejection meanwhile.
  opening.catch(() => {});
  return opening;
}
