// Runs once before each vitest project: the migrated databases that test/databases.ts copies for every test
// database, so no test file waits for PGlite's initdb or the migrations. A dump of a migrated PGlite
// (TEST_PGLITE_TEMPLATE), the same PGlite's dump on its way there for the migrations' own tests
// (TEST_PGLITE_MIGRATIONS_TEMPLATE, see test/databases.ts; else every worker would run initdb for them) and,
// with TEST_DATABASE_URL, a migrated PostgreSQL database nobody connects to (TEST_POSTGRES_TEMPLATE), made
// afresh for each run and dropped after it. The test processes inherit the variables; the projects of one run
// share what the first of them made.
//
// The PGlite dumps are kept between runs in node_modules/.cache, under a hash of everything they are made
// from (the migrations, the database code, this file and test/databases.ts, PGlite's version): making them is
// an initdb and every migration, 8 to 9 CPU-seconds that every `vitest` run, even of one file, would pay again.
// Changing any of those files makes new ones; a fresh clone makes them on its first run.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { connectDatabase, migrateToLatest } from '../db/connection';
import { createPostgresDatabase, dumpPgliteTemplates } from './databases';

/** Streamed: Node 20's Blob.arrayBuffer() joins the 40 MB dump chunk by chunk. */
const writeBlob = (file: string, blob: Blob) =>
  pipeline(Readable.fromWeb(blob.stream() as WebReadableStream<Uint8Array>), fs.createWriteStream(file));

const ROOT = path.resolve(import.meta.dirname, '..');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'taro-test-databases');
/** Kept dumps of other hashes (other branches, older migrations) are removed after this long unused. */
const KEEP_OTHERS_MS = 2 * 24 * 3600_000;

/** The hash of what the PGlite dumps are made from: a change to any of it makes new dumps. */
function dumpsKey(): string {
  const hash = crypto.createHash('sha256');
  // PGlite's package.json is not among its exports: it sits above its entry's folder (dist/).
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(fs.readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json')));
  const migrations = fs
    .readdirSync(path.join(ROOT, 'db', 'migrations'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort()
    .map((f) => path.join('db', 'migrations', f));
  for (const file of [...migrations, 'db/connection.ts', 'db/pglite.ts', 'test/databases.ts', 'test/database-templates.ts']) {
    hash.update(`${file}\n`);
    hash.update(fs.readFileSync(path.join(ROOT, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The PGlite dumps for this hash: the kept ones, or made now and kept (written whole, then renamed in). */
async function pgliteDumps(): Promise<{ migrated: string; migrationTests: string }> {
  const dir = path.join(CACHE, dumpsKey());
  const files = { migrated: path.join(dir, 'migrated.tar'), migrationTests: path.join(dir, 'migration-tests.tar') };
  if (fs.existsSync(files.migrated) && fs.existsSync(files.migrationTests)) {
    fs.utimesSync(dir, new Date(), new Date());
    return files;
  }
  const dumps = await dumpPgliteTemplates();
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, blob] of [
    ['migrated', dumps.migrated],
    ['migrationTests', dumps.migrationTests],
  ] as const) {
    const partial = `${files[name]}.${process.pid}.partial`;
    await writeBlob(partial, blob);
    fs.renameSync(partial, files[name]);
  }
  for (const other of fs.readdirSync(CACHE)) {
    const at = path.join(CACHE, other);
    if (at !== dir && Date.now() - fs.statSync(at).mtimeMs > KEEP_OTHERS_MS) fs.rmSync(at, { recursive: true, force: true });
  }
  return files;
}

export default async function setup() {
  const cleanups: (() => Promise<void>)[] = [];
  if (!process.env.TEST_PGLITE_TEMPLATE) {
    const dumps = await pgliteDumps();
    process.env.TEST_PGLITE_TEMPLATE = dumps.migrated;
    process.env.TEST_PGLITE_MIGRATIONS_TEMPLATE = dumps.migrationTests;
    cleanups.push(async () => {
      delete process.env.TEST_PGLITE_TEMPLATE;
      delete process.env.TEST_PGLITE_MIGRATIONS_TEMPLATE;
    });
  }
  const admin = process.env.TEST_DATABASE_URL;
  if (admin && !process.env.TEST_POSTGRES_TEMPLATE) {
    const template = await createPostgresDatabase(admin, 'taro_template');
    const handle = await connectDatabase({ databaseUrl: template.url, dataDir: '' });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    process.env.TEST_POSTGRES_TEMPLATE = template.name;
    cleanups.push(async () => {
      await template.drop();
      delete process.env.TEST_POSTGRES_TEMPLATE;
    });
  }
  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
