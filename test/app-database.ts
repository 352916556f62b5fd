// The database of an app run as a child process: PostgreSQL behind a TCP proxy (so a test can cut it off),
// or a PGlite folder of its own. `read` opens it from the test: PostgreSQL directly; the PGlite folder only
// while no app runs (one process owns a PGlite folder).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase, type Db } from '../db/connection';
import { createTestDatabase, type TestDbKind } from './databases';
import { startTcpProxy } from './tcp-proxy';

export async function openAppDatabase(kind: TestDbKind, prefix: string) {
  let pg: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>> | undefined;
  let dataDir: string | undefined;
  const env: Record<string, string> = {};
  if (kind === 'postgres') {
    pg = await createTestDatabase('postgres');
    const target = new URL(pg.url!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(pg.url!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    env.DATABASE_URL = viaProxy.toString();
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    env.DATA_DIR = dataDir;
  }
  return {
    env,
    pg,
    proxy,
    dataDir,
    async read<T>(fn: (db: Db) => Promise<T>): Promise<T> {
      if (pg) return fn(pg.db);
      const handle = await connectDatabase({ dataDir: dataDir! });
      try {
        return await fn(handle.db);
      } finally {
        await handle.close();
      }
    },
    async close() {
      await proxy?.close();
      await pg?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
