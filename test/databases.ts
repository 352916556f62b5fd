// Test databases: an in-memory PGlite always, and a fresh PostgreSQL database per call when
// TEST_DATABASE_URL is set, so `npm test` covers both dialects.
import crypto from 'node:crypto';
import pg from 'pg';
import { connectDatabase, migrateToLatest, type DatabaseHandle } from '../db/connection';

export type TestDbKind = 'pglite' | 'postgres';

export const TEST_DB_KINDS: TestDbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A migrated, empty database; `close()` drops it again. */
export async function createTestDatabase(kind: TestDbKind): Promise<DatabaseHandle & { url?: string }> {
  if (kind === 'pglite') {
    const handle = await connectDatabase({ dataDir: 'memory://' });
    await migrateToLatest(handle.db);
    return handle;
  }
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `taro_test_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const handle = await connectDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 20 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
