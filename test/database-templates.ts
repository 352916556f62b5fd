// Runs once before each vitest project: the migrated databases that test/databases.ts copies for every test
// database, so no test file waits for PGlite's initdb or the migrations. A dump of a migrated PGlite in a
// temporary file (TEST_PGLITE_TEMPLATE), the same PGlite's dump on its way there for the migrations' own tests
// (TEST_PGLITE_MIGRATIONS_TEMPLATE, see test/databases.ts; else every worker would run initdb for them) and,
// with TEST_DATABASE_URL, a migrated PostgreSQL database nobody connects to (TEST_POSTGRES_TEMPLATE); all are
// made afresh for each run and removed after it. The test processes inherit the variables; the projects of one
// run share what the first of them made.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { connectDatabase, migrateToLatest } from '../db/connection';
import { createPostgresDatabase, dumpPgliteTemplates } from './databases';

/** Streamed: Node 20's Blob.arrayBuffer() joins the 40 MB dump chunk by chunk. */
const writeBlob = (file: string, blob: Blob) =>
  pipeline(Readable.fromWeb(blob.stream() as WebReadableStream<Uint8Array>), fs.createWriteStream(file));

export default async function setup() {
  const cleanups: (() => Promise<void>)[] = [];
  if (!process.env.TEST_PGLITE_TEMPLATE) {
    const dumps = await dumpPgliteTemplates();
    const file = path.join(os.tmpdir(), `taro-pglite-template-${process.pid}.tar`);
    const migrationTestsFile = path.join(os.tmpdir(), `taro-pglite-migration-tests-${process.pid}.tar`);
    await writeBlob(file, dumps.migrated);
    await writeBlob(migrationTestsFile, dumps.migrationTests);
    process.env.TEST_PGLITE_TEMPLATE = file;
    process.env.TEST_PGLITE_MIGRATIONS_TEMPLATE = migrationTestsFile;
    cleanups.push(async () => {
      fs.rmSync(file, { force: true });
      fs.rmSync(migrationTestsFile, { force: true });
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
