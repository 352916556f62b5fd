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
  const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'taro_test');
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

/** A new, empty database `<prefix>_<random>` on the server of the admin URL `admin`; `drop()` removes it. */
export async function createPostgresDatabase(admin: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(admin, `create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(admin, `drop database if exists ${name} with (force)`) };
}
