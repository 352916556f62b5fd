// A write counter for a database only this process writes to (PGlite: the folder's lock makes this process
// its one owner). Every statement that may change data bumps the generation when it completes, and so do
// COMMIT and ROLLBACK; a value read while the generation stayed the same is still what the database holds.
// Caches built on it (services/status-store.ts) stay correct without knowing which statement wrote what.
import type { DatabaseConnection, Dialect, Driver, Kysely, QueryResult, TransactionSettings, CompiledQuery } from 'kysely';

export interface WriteWatch {
  /** Changes after every completed write, commit or rollback in this process. */
  generation(): number;
}

/** Statements that change nothing: reads, and the opening of a transaction or savepoint. */
const PURE_READ = /^\s*(?:\/\*[^*]*\*\/\s*)*select\b/i;
const WRITES_INSIDE = /\b(insert|update|delete|merge|nextval|setval|lock)\b|pg_advisory|set_config/i;
// Commit, rollback and `rollback to savepoint` count as writes: after them the data seen may differ.
const NEUTRAL = /^\s*(?:\/\*[^*]*\*\/\s*)*(begin|start\s+transaction|savepoint|release)\b/i;

export function mayWrite(sql: string): boolean {
  if (NEUTRAL.test(sql)) return false;
  return !(PURE_READ.test(sql) && !WRITES_INSIDE.test(sql));
}

const watches = new WeakMap<object, WriteWatch>();

/** The write counter of `db` when it is a database only this process writes to; undefined otherwise. */
export const writeWatchOf = (db: Kysely<any>): WriteWatch | undefined => watches.get(db);

/** Registers `watch` as `db`'s (connectDatabase does it for PGlite). */
export function registerWriteWatch(db: Kysely<any>, watch: WriteWatch): void {
  watches.set(db, watch);
}

/** Wraps a dialect so that every statement through it is seen; returns the dialect and its counter. */
export function watchWrites(dialect: Dialect): { dialect: Dialect; watch: WriteWatch } {
  let generation = 0;
  const bump = () => {
    generation++;
  };
  const watchConnection = (conn: DatabaseConnection): DatabaseConnection => ({
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const writes = mayWrite(query.sql);
      try {
        return await conn.executeQuery<R>(query);
      } finally {
        // Bumped after the statement, failed ones too: what a read saw before this moment may be gone.
        if (writes) bump();
      }
    },
    streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => {
      if (mayWrite(query.sql)) bump();
      return conn.streamQuery<R>(query, chunkSize);
    },
  });
  // Kysely hands the driver back the connection acquireConnection returned (the watched one), so the
  // transactions' own statements (begin, commit, rollback, savepoints) are seen too; only the release
  // needs the driver's own object.
  const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const watchedDialect: Dialect = {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      return {
        init: () => driver.init(),
        async acquireConnection() {
          const conn = await driver.acquireConnection();
          const watched = watchConnection(conn);
          inner.set(watched, conn);
          return watched;
        },
        beginTransaction: (conn, settings: TransactionSettings) => driver.beginTransaction(conn, settings),
        commitTransaction: (conn) => driver.commitTransaction(conn),
        rollbackTransaction: (conn) => driver.rollbackTransaction(conn),
        savepoint: driver.savepoint?.bind(driver),
        rollbackToSavepoint: driver.rollbackToSavepoint?.bind(driver),
        releaseSavepoint: driver.releaseSavepoint?.bind(driver),
        releaseConnection: (conn) => driver.releaseConnection(inner.get(conn) ?? conn),
        destroy: () => driver.destroy(),
      };
    },
  };
  return { dialect: watchedDialect, watch: { generation: () => generation } };
}
