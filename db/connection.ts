// One dialect for both databases: Kysely's PostgresDialect over a pg.Pool, which drives either a real
// PostgreSQL server or an embedded PGlite through PGlite's node-postgres adapter.
import { Kysely, Migrator, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { openPglite, type OpenedPglite } from './pglite';
import type { Database } from './schema';
import { migrationProvider } from './migrations';
import { prepareMarkedStatements } from './prepared';
import { registerWriteWatch, watchWrites } from './write-watch';

export { DataDirLockedError } from './pglite';

export type Db = Kysely<Database>;

/** What every repository function takes: the pool, or the transaction its caller owns. */
export type Queryable = Db | Transaction<Database>;

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
        if (/Query read timeout/.test(err?.message ?? ''))
          (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
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
  /** PGlite already being opened on `dataDir` (npm start opens it while the app loads). */
  pglite?: Promise<OpenedPglite>;
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
    pool.on('connect', prepareMarkedStatements);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }

  const { pglite, unlock } = await (opts.pglite ?? openPglite(opts.dataDir));
  try {
    const pool = new pg.Pool({ ...createPgConfig(pglite), types } as pg.PoolConfig);
    // This process is the folder's only writer: its writes are counted, so reads may be kept until one.
    const { dialect, watch } = watchWrites(new PostgresDialect({ pool }));
    const db = new Kysely<Database>({ dialect });
    registerWriteWatch(db, watch);
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
    await pglite.close().catch(() => {});
    unlock();
    throw err;
  }
}

/**
 * True when every registered migration is applied, in two cheap queries: Kysely's Migrator first
 * introspects the whole catalogue, which on PGlite costs a noticeable part of a start.
 */
async function allApplied(db: Db): Promise<boolean> {
  const names = Object.keys(await migrationProvider.getMigrations());
  const { rows } = await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!rows[0]?.present) return false;
  const applied = new Set((await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name));
  return names.every((n) => applied.has(n));
}

/** Names of the registered migrations the database has not applied yet. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  if (await allApplied(db)) return [];
  const migrations = await new Migrator({ db, provider: migrationProvider }).getMigrations();
  return migrations.filter((m) => !m.executedAt).map((m) => m.name);
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  if (await allApplied(db)) return [];
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
