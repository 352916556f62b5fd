// The embedded database's folder as a first start makes it (initdb in a new nested folder, every migration)
// and later starts find it. The tests share the one folder: its initdb is most of the file's CPU.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase, DataDirLockedError, migrateToLatest } from './connection';

describe('embedded database folder', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taro-db-'));
  const dataDir = path.join(dir, 'nested', 'data');
  const lockFile = path.join(dataDir, 'app.lock');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('creates the folder, migrates it from nothing, refuses a second owner and frees the lock on close', async () => {
    const first = await connectDatabase({ dataDir });
    expect((await migrateToLatest(first.db))[0]).toBe('0001_initial');
    await first.db.insertInto('users').values({ id: 5_000_000_000_123, first_name: 'Анна', time_zone: 'Europe/Moscow' }).execute();

    await expect(connectDatabase({ dataDir })).rejects.toThrow(DataDirLockedError);
    await expect(connectDatabase({ dataDir })).rejects.toThrow(/is in use by another process/);
    await first.close();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  // One reopen for both: the lock left by a process that died, and the data kept from the first start.
  it('takes over the lock of a process that died, and keeps the data across reopen', async () => {
    fs.writeFileSync(lockFile, '999999');
    const second = await connectDatabase({ dataDir });
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    expect(await migrateToLatest(second.db)).toEqual([]);
    const user = await second.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user.id).toBe(5_000_000_000_123);
    expect(typeof user.id).toBe('number');
    await second.close();
  });
});
