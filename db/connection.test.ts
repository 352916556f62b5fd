import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase, DataDirLockedError, migrateToLatest } from './connection';

describe('embedded database folder', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taro-db-'));
  const dataDir = path.join(dir, 'nested', 'data');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('creates the folder, keeps data across reopen, and refuses a second owner', async () => {
    const first = await connectDatabase({ dataDir });
    expect((await migrateToLatest(first.db))[0]).toBe('0001_initial');
    await first.db.insertInto('users').values({ id: 5_000_000_000_123, first_name: 'Анна', time_zone: 'Europe/Moscow' }).execute();

    await expect(connectDatabase({ dataDir })).rejects.toThrow(DataDirLockedError);
    await expect(connectDatabase({ dataDir })).rejects.toThrow(/is in use by another process/);
    await first.close();

    const second = await connectDatabase({ dataDir });
    expect(await migrateToLatest(second.db)).toEqual([]);
    const user = await second.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user.id).toBe(5_000_000_000_123);
    expect(typeof user.id).toBe('number');
    await second.close();
  });

  it('takes over the lock of a process that died', async () => {
    fs.writeFileSync(path.join(dataDir, 'app.lock'), '999999');
    const db = await connectDatabase({ dataDir });
    await db.close();
  });
});
