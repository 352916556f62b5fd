// Test databases: an in-memory PGlite always, and a fresh PostgreSQL database per call when
// TEST_DATABASE_URL is set, so `npm test` covers both dialects.
//
// Each is a copy of one migrated database rather than migrated from empty: PGlite's start from empty (its
// initdb) and the migrations cost seconds per database on a busy machine, a copy a fraction of that.
// `test/database-templates.ts` makes the two originals once per `vitest` run and names them in
// TEST_PGLITE_TEMPLATE (a dump of PGlite's data folder) and TEST_POSTGRES_TEMPLATE (a database to copy), and
// the migrations' own tests' PGlite in TEST_PGLITE_MIGRATIONS_TEMPLATE; without them (a bench, a script) the
// first PGlite of the process is migrated and dumped, and a PostgreSQL database is migrated from empty. Every
// copy is then brought to the latest migration, a no-op when current.
//
// The migrations' own tests (db/migrations/*.test.ts) each need a PGlite just before the migration they test:
// `pgliteMigratedBefore(name)`. Their dump is the run's PGlite on its way to the latest migration, dumped at
// MIGRATION_TESTS_START (the migration before the earliest one they test), so a test runs only the migrations
// after it. One dump, not one per test: a dump and its file cost most of a CPU-second in every run's global
// setup, while the migrations a test skips cost a few tenths in a fresh worker (PGlite's code running for the
// first time) and well under that in a warm one. Dumps are taken after a checkpoint, so a copy starts without
// replaying the write-ahead log.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Migrator } from 'kysely';
import pg from 'pg';
import { connectDatabase, migrateToLatest, type DatabaseHandle, type Db } from '../db/connection';
import { migrationProvider } from '../db/migrations';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite, type OpenedPglite } from '../db/pglite';
import { BytesBlob, readPgliteFiles, type PgliteFiles } from '../db/pglite-files';
import { reusablePglite } from './reused-pglite';

export type TestDbKind = 'pglite' | 'postgres';

export const TEST_DB_KINDS: TestDbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

const readBlob = (file: string) => fs.promises.readFile(file).then((b) => new BytesBlob(b));

/** PGlite's WebAssembly and file bundle, read and compiled once per process. */
let pgliteFiles: Promise<PgliteFiles> | undefined;
const loadPgliteFiles = () => (pgliteFiles ??= readPgliteFiles());

/**
 * The migration the migrations' tests start from (see the header): the one before the earliest migration they
 * test. A test of an earlier migration still works, from an empty PGlite (an initdb of its own, seconds).
 */
const MIGRATION_TESTS_START = '0014_share_jpeg';

/** A checkpoint first: a copy of the dump starts without replaying the write-ahead log. */
async function dumpAfterCheckpoint(pglite: PGlite): Promise<Blob> {
  await pglite.exec('checkpoint');
  return pglite.dumpDataDir('none');
}

async function migrateTo(db: Db, name: string) {
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(name);
  if (error) throw error;
}

/**
 * PostgreSQL's template databases, which no test connects to or copies: without them a dump has half the
 * files, and a test database opens from it in about two thirds of the time.
 */
const DROP_TEMPLATE_DATABASES = ['template0', 'template1'].flatMap((name) => [
  `alter database ${name} is_template false`,
  `drop database ${name}`, // one statement per call: DROP DATABASE refuses to run in a transaction
]);

/** Dumps of one PGlite from its initdb: one after each step, in order. */
async function dumpsFromInitdb(steps: ((db: Db) => Promise<unknown>)[]): Promise<Blob[]> {
  const opened = await openPglite('memory://', await loadPgliteFiles());
  const handle = await connectDatabase({ dataDir: 'memory://', pglite: Promise.resolve(opened) });
  try {
    for (const statement of DROP_TEMPLATE_DATABASES) await opened.pglite.exec(statement);
    const dumps: Blob[] = [];
    for (const step of steps) {
      await step(handle.db);
      dumps.push(await dumpAfterCheckpoint(opened.pglite));
    }
    return dumps;
  } finally {
    await handle.close();
  }
}

/**
 * PGlite's data folder as tar dumps, from one initdb: migrated up to MIGRATION_TESTS_START (for the migrations'
 * tests), and to the latest (every other test database).
 */
export async function dumpPgliteTemplates(): Promise<{ migrationTests: Blob; migrated: Blob }> {
  const [migrationTests, migrated] = await dumpsFromInitdb([(db) => migrateTo(db, MIGRATION_TESTS_START), migrateToLatest]);
  return { migrationTests, migrated };
}

let migrationTestsDump: Promise<Blob> | undefined;
let emptyDump: Promise<Blob> | undefined;
/**
 * What a test of the migration after `before` starts from: the run's dump at MIGRATION_TESTS_START
 * (TEST_PGLITE_MIGRATIONS_TEMPLATE) and that name; without the run's dump (a script, a bench), or for a
 * migration before it, an empty PGlite's dump made once per process.
 */
function migrationTestStart(before: string): { dump: Promise<Blob>; at?: string } {
  const file = process.env.TEST_PGLITE_MIGRATIONS_TEMPLATE;
  // Migration names sort by their number.
  if (before >= MIGRATION_TESTS_START && file && fs.existsSync(file)) {
    migrationTestsDump ??= readBlob(file);
    return { dump: migrationTestsDump, at: MIGRATION_TESTS_START };
  }
  emptyDump ??= dumpsFromInitdb([async () => {}]).then((d) => d[0]);
  return { dump: emptyDump };
}

/**
 * A PGlite of its own migrated up to the migration before `name`, and a migrator for it: the start of a test
 * of migration `name`. Only the migrations after the dump it copies run (see the header).
 */
export async function pgliteMigratedBefore(name: string): Promise<{ handle: DatabaseHandle; migrator: Migrator }> {
  const names = Object.keys(await migrationProvider.getMigrations()).sort();
  const before = names[names.indexOf(name) - 1];
  if (!before) throw new Error(`No migration before ${name}`);
  const start = migrationTestStart(before);
  const [files, loadDataDir] = await Promise.all([loadPgliteFiles(), start.dump]);
  const handle = await connectDatabase({ dataDir: 'memory://', pglite: openPglite('memory://', { ...files, loadDataDir }) });
  try {
    // Kysely's Migrator reads the whole catalogue even when there is nothing to run.
    if (start.at !== before) await migrateTo(handle.db, before);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return { handle, migrator: new Migrator({ db: handle.db, provider: migrationProvider }) };
}

/**
 * Fills the data folder `dataDir` (DATA_DIR) with a copy of the migrated database, for tests that start the
 * app itself on PGlite (and db/connection.test.ts's folder): it opens an existing database instead of running
 * initdb and every migration. The test of a start on an empty folder (test/npm-start.test.ts) does not use it.
 */
export async function seedPgliteFolder(dataDir: string): Promise<void> {
  const [files, loadDataDir] = await Promise.all([loadPgliteFiles(), pgliteTemplateDump()]);
  const { pglite, unlock } = await openPglite(dataDir, { ...files, loadDataDir });
  await pglite.close();
  unlock();
}

let pgliteTemplate: Promise<Blob> | undefined;
function pgliteTemplateDump(): Promise<Blob> {
  const file = process.env.TEST_PGLITE_TEMPLATE;
  pgliteTemplate ??= file && fs.existsSync(file) ? readBlob(file) : dumpsFromInitdb([migrateToLatest]).then((d) => d[0]);
  return pgliteTemplate;
}

/** A migrated PGlite of its own (not reused), opened from the template: for tests that need PGlite itself. */
export async function openTemplatePglite(): Promise<PGlite> {
  const [files, loadDataDir] = await Promise.all([loadPgliteFiles(), pgliteTemplateDump()]);
  return (await openPglite('memory://', { ...files, loadDataDir })).pglite;
}

/**
 * A migrated, empty in-memory PGlite as the app takes one opened (startApp's `pglite`, on DATA_DIR
 * `memory://`): reused within the process where the project allows it, and emptied again when the app closes it.
 */
export async function openTestPglite(): Promise<OpenedPglite> {
  const pglite = process.env.TEST_PGLITE_REUSE === '1' ? await reusablePglite(openTemplatePglite) : await openTemplatePglite();
  return { pglite, unlock: () => {} };
}

/** A migrated, empty database; `close()` drops it again. */
export async function createTestDatabase(kind: TestDbKind): Promise<DatabaseHandle & { url?: string }> {
  if (kind === 'pglite') {
    const handle = await connectDatabase({ dataDir: 'memory://', pglite: openTestPglite() });
    await migrateToLatest(handle.db);
    return handle;
  }
  const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'taro_test', process.env.TEST_POSTGRES_TEMPLATE);
  const handle = await connectDatabase({ databaseUrl: created.url, dataDir: '', poolSize: 20 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url: created.url,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}

async function adminQuery(admin: string, text: string) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A new database `<prefix>_<random>` on the server of the admin URL `admin`, empty or a copy of the
 * database `template` (which nobody may be connected to); `drop()` removes it.
 */
export async function createPostgresDatabase(
  admin: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(admin, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => adminQuery(admin, `drop database if exists ${name} with (force)`) };
}
