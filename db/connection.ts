// One dialect for both databases: Kysely's PostgresDialect over a pg.Pool, which drives either a real
// PostgreSQL server or an embedded PGlite through PGlite's node-postgres adapter.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { Database } from './schema';
import { migrationProvider } from './migrations';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

/** bigint ids come back as numbers (Telegram ids fit in 53 bits); dates stay 'YYYY-MM-DD' strings. */
const types = {
  getTypeParser(oid: number, format?: any) {
    if (oid === INT8 || oid === NUMERIC) return (v: string) => Number(v);
    if (oid === DATE) return (v: string) => v;
    return pg.types.getTypeParser(oid, format);
  },
};

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

/**
 * A query whose answer did not come in time leaves its connection waiting for it, and every later query on
 * that connection would wait behind it: the connection is closed instead, and the pool replaces it.
 */
function closeOnReadTimeout(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).catch((err: Error) => {
        if (/Query read timeout/.test(err?.message ?? '')) (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      });
    }
    return result;
  };
}

export interface ConnectOptions {
  databaseUrl?: string;
  /** PGlite folder; `memory://` for an in-memory database (tests). */
  dataDir: string;
  poolSize?: number;
  /**
   * PostgreSQL only: the longest a statement may run (the server cancels it) and the longest we wait for
   * its answer (a database that stops answering without closing the connection); unset: no bound.
   */
  statementTimeoutMs?: number;
  /** PostgreSQL only: the longest a request waits for a connection of the pool (default 5 s). */
  acquireTimeoutMs?: number;
}

export async function connectDatabase(opts: ConnectOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    // A database that does not answer (a network cut drops packets) fails a request after 5 s with a 503
    // instead of holding it forever; the same bound applies to waiting for a free connection of the pool.
    const timeout = opts.statementTimeoutMs;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: opts.acquireTimeoutMs ?? 5_000,
      ...(timeout ? { statement_timeout: timeout, query_timeout: timeout + 1_000 } : {}),
      types,
    });
    // A dropped idle connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    // Nor a dropped connection in use: pg-pool listens only to idle clients, and a client's unheard 'error'
    // event would end the process. The query in flight fails on its own (a 503), and the pool discards the
    // dead client when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {});
      if (timeout) closeOnReadTimeout(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }

  const inMemory = opts.dataDir.startsWith('memory://');
  const unlock = inMemory ? () => {} : lockDataDir(opts.dataDir);
  try {
    // PostgreSQL's defaults (128 MB of shared buffers) are sized for a server; the embedded database of
    // one small app process does well with far less, and the whole process stays within its memory budget.
    const pglite = await PGlite.create(inMemory ? opts.dataDir : path.join(opts.dataDir, 'pgdata'), {
      postgresqlconf: ['shared_buffers = 16MB', 'wal_buffers = 1MB', 'work_mem = 4MB', 'maintenance_work_mem = 16MB'],
    });
    const pool = new pg.Pool({ ...createPgConfig(pglite), types } as pg.PoolConfig);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'pglite',
      async close() {
        await db.destroy();
        await pglite.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** Names of the registered migrations the database has not applied yet. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrations = await new Migrator({ db, provider: migrationProvider }).getMigrations();
  return migrations.filter((m) => !m.executedAt).map((m) => m.name);
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
