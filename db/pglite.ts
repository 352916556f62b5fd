// Opening the embedded database: the folder lock (one process owns a PGlite folder) and PGlite itself. Kept
// apart from connection.ts, which loads Kysely and pg, so that `npm start` can open PGlite first and load
// the rest of the app while PGlite's WebAssembly compiles and its files are read.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { PGLITE_SUBFOLDER, pgliteDatabaseExists } from '../data-dir';
import { readInitdbWasm, readPgliteFiles, type PgliteFiles } from './pglite-files';

export class DataDirLockedError extends Error {}

/** One process owns a PGlite folder: two would silently lose each other's writes. */
function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'app.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
    } catch (err: any) {
      if (err.code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockFile, 'utf8'));
      if (pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data folder ${path.resolve(dir)} is in use by another process (pid ${pid}); stop it first or set DATA_DIR to another folder.`,
        );
      }
      fs.unlinkSync(lockFile); // stale lock of a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${path.resolve(dir)}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err: any) {
    return err.code === 'EPERM';
  }
}

export interface OpenedPglite {
  pglite: PGlite;
  /** Releases the folder's lock (after the database is closed). */
  unlock(): void;
}

/**
 * PostgreSQL's defaults are sized for a server of many connections; PGlite is one backend in this process.
 * Its shared memory is zeroed by WebAssembly's memset, on baseline code (WASM_TIERING_FLAG), at every open:
 * 24 MB took about 50 ms of each start. Shared buffers of 4 MB (512 pages: the app's hot tables) and
 * connection-sized tables for a handful of connections make it 8 MB, and each start about 30–40 ms shorter
 * (docs/operations.md); the process's memory is smaller too.
 */
const EMBEDDED_POSTGRESQL_CONF = [
  'shared_buffers = 4MB',
  'wal_buffers = 1MB',
  'work_mem = 4MB',
  'maintenance_work_mem = 16MB',
  'max_connections = 5',
  'max_wal_senders = 0',
  'autovacuum_max_workers = 1',
];

/**
 * Locks the folder (`memory://…`: no folder) and opens PGlite in it with its files, read here unless given
 * (`npm start` and the tests read them ahead). `preload.loadDataDir`: the tests' start from a migrated copy.
 */
export async function openPglite(
  dataDir: string,
  preload?: Partial<PgliteFiles> & Pick<PGliteOptions, 'loadDataDir'>,
): Promise<OpenedPglite> {
  const inMemory = dataDir.startsWith('memory://');
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  try {
    const files: PgliteFiles =
      preload?.pgliteWasmModule && preload.fsBundle
        ? { pgliteWasmModule: preload.pgliteWasmModule, fsBundle: preload.fsBundle }
        : await readPgliteFiles();
    // A database not made yet is made by initdb, whose WebAssembly is read only then.
    const creating = !preload?.loadDataDir && (inMemory || !pgliteDatabaseExists(dataDir));
    const pglite = await PGlite.create(inMemory ? dataDir : path.join(dataDir, PGLITE_SUBFOLDER), {
      postgresqlconf: EMBEDDED_POSTGRESQL_CONF,
      ...preload,
      ...files,
      ...(creating ? { initdbWasmModule: await readInitdbWasm() } : {}),
    });
    return { pglite, unlock };
  } catch (err) {
    unlock();
    throw err;
  }
}
