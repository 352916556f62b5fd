// The embedded database's folder: one process owns it (a second is refused, a dead one's lock is taken over),
// and what was written is there when it is opened again. The folder starts as a copy of the migrated
// database: a first start's initdb and every migration are test/npm-start.test.ts's, on the built server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPgliteFolder } from '../test/databases';
import { connectDatabase, DataDirLockedError, migrateToLatest } from './connection';

describe('embedded database folder', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taro-db-'));
  const dataDir = path.join(dir, 'nested', 'data');
  const lockFile = path.join(dataDir, 'app.lock');
  beforeAll(() => seedPgliteFolder(dataDir));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('opens the folder, refuses a second owner and frees the lock on close', async () => {
    const first = await connectDatabase({ dataDir });
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    expect(await migrateToLatest(first.db)).toEqual([]);
    await first.db.insertInto('users').values({ id: 5_000_000_000_123, first_name: 'Анна', time_zone: 'Europe/Moscow' }).execute();

    await expect(connectDatabase({ dataDir })).rejects.toThrow(DataDirLockedError);
    await expect(connectDatabase({ dataDir })).rejects.toThrow(/is in use by another process/);
    await first.close();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  // One reopen for both: the lock left by a process that died, and the data written before.
  it('takes over the lock of a process that died, and keeps the data across reopen', async () => {
    fs.writeFileSync(lockFile, '999999');
    const second = await connectDatabase({ dataDir });
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    const user = await second.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user.id).toBe(5_000_000_000_123);
    expect(typeof user.id).toBe('number');
    await second.close();
  });
});
