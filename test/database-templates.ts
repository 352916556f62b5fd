// Runs once before each vitest project: the migrated databases that test/databases.ts copies for every test
// database, so no test file waits for PGlite's initdb or the migrations. A dump of a migrated PGlite in a
// temporary file (TEST_PGLITE_TEMPLATE), the same PGlite's dump before its migrations for the migrations' own
// tests (TEST_PGLITE_EMPTY_TEMPLATE; else every worker would run initdb for them) and, with TEST_DATABASE_URL,
// a migrated PostgreSQL database nobody connects to (TEST_POSTGRES_TEMPLATE); all are made afresh for each run
// and removed after it. The test processes inherit the variables; the projects of one run share what the first
// of them made.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase, migrateToLatest } from '../db/connection';
import { createPostgresDatabase, dumpPgliteTemplates } from './databases';

export default async function setup() {
  const cleanups: (() => Promise<void>)[] = [];
  if (!process.env.TEST_PGLITE_TEMPLATE) {
    const dumps = await dumpPgliteTemplates();
    const file = path.join(os.tmpdir(), `taro-pglite-template-${process.pid}.tar`);
    const emptyFile = path.join(os.tmpdir(), `taro-pglite-empty-${process.pid}.tar`);
    fs.writeFileSync(file, Buffer.from(await dumps.migrated.arrayBuffer()));
    fs.writeFileSync(emptyFile, Buffer.from(await dumps.empty.arrayBuffer()));
    process.env.TEST_PGLITE_TEMPLATE = file;
    process.env.TEST_PGLITE_EMPTY_TEMPLATE = emptyFile;
    cleanups.push(async () => {
      fs.rmSync(file, { force: true });
      fs.rmSync(emptyFile, { force: true });
      delete process.env.TEST_PGLITE_TEMPLATE;
      delete process.env.TEST_PGLITE_EMPTY_TEMPLATE;
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
