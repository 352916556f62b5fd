// Test databases: an in-memory PGlite always, and a fresh PostgreSQL database per call when
// TEST_DATABASE_URL is set, so `npm test` covers both dialects.
//
// Each is a copy of one migrated database rather than migrated from empty: PGlite's start from empty (its
// initdb) and the migrations cost seconds per database on a busy machine, a copy a fraction of that.
// `test/database-templates.ts` makes the two originals once per `vitest` run and names them in
// TEST_PGLITE_TEMPLATE (a dump of PGlite's data folder) and TEST_POSTGRES_TEMPLATE (a database to copy), and
// the migrations' own tests' empty PGlite in TEST_PGLITE_EMPTY_TEMPLATE; without them (a bench, a script) the
// first PGlite of the process is migrated and dumped, and a PostgreSQL database is migrated from empty. Every copy is then brought to the latest migration, a no-op when current.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, migrateToLatest, type DatabaseHandle } from '../db/connection';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite, type OpenedPglite } from '../db/pglite';
import { reusablePglite } from './reused-pglite';

export type TestDbKind = 'pglite' | 'postgres';

export const TEST_DB_KINDS: TestDbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * Bytes already in memory as the Blob PGlite takes, read back with one copy. PGlite reads a dump or its file
 * bundle with `arrayBuffer()`, which on Node 20 pulls a Blob chunk by chunk and joins the chunks: about 300 ms
 * of CPU for the 40 MB dump, on every test database opened.
 */
class BytesBlob extends Blob {
  constructor(private readonly data: Uint8Array) {
    super([]);
  }
  override get size() {
    return this.data.byteLength;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.data.slice().buffer;
  }
}
const readBlob = (file: string) => fs.promises.readFile(file).then((b) => new BytesBlob(b));

/** PGlite's WebAssembly and file bundle, read and compiled once per process. */
let pgliteFiles: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
function loadPgliteFiles() {
  pgliteFiles ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [wasm, data] = await Promise.all([
      fs.promises.readFile(path.join(dist, 'pglite.wasm')),
      fs.promises.readFile(path.join(dist, 'pglite.data')),
    ]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new BytesBlob(data) };
  })();
  return pgliteFiles;
}

/** PGlite's data folder as tar dumps: empty (unmigrated), and migrated to the latest; one initdb for both. */
export async function dumpPgliteTemplates(): Promise<{ empty: Blob; migrated: Blob }> {
  const opened = await openPglite('memory://', await loadPgliteFiles());
  const handle = await connectDatabase({ dataDir: 'memory://', pglite: Promise.resolve(opened) });
  try {
    const empty = await opened.pglite.dumpDataDir('none');
    await migrateToLatest(handle.db);
    return { empty, migrated: await opened.pglite.dumpDataDir('none') };
  } finally {
    await handle.close();
  }
}

let emptyDump: Promise<Blob> | undefined;
/**
 * An empty, unmigrated PGlite, for the migrations' own tests (they migrate step by step): a copy of the run's
 * empty dump (TEST_PGLITE_EMPTY_TEMPLATE), else of one made once per process, so a file pays neither PGlite's
 * initdb nor its WebAssembly compile.
 */
export async function createEmptyPglite(): Promise<DatabaseHandle> {
  const files = await loadPgliteFiles();
  const file = process.env.TEST_PGLITE_EMPTY_TEMPLATE;
  emptyDump ??=
    file && fs.existsSync(file)
      ? readBlob(file)
      : openPglite('memory://', files).then(async ({ pglite }) => {
          try {
            return await pglite.dumpDataDir('none');
          } finally {
            await pglite.close();
          }
        });
  const loadDataDir = await emptyDump;
  return connectDatabase({ dataDir: 'memory://', pglite: openPglite('memory://', { ...files, loadDataDir }) });
}

/**
 * Fills the data folder `dataDir` (DATA_DIR) with a copy of the migrated database, for tests that start the
 * app itself on PGlite: it opens an existing database instead of running initdb and every migration. Tests
 * of a start on an empty folder (db/connection.test.ts, test/npm-start.test.ts) do not use it.
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
  pgliteTemplate ??= file && fs.existsSync(file) ? readBlob(file) : dumpPgliteTemplates().then((d) => d.migrated);
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
