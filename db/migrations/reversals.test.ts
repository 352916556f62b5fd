// Migration 0019 adds users.reversals («Перевёрнутые карты»), on for every existing user; `down` drops it.
import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../connection';
import { pgliteMigratedBefore } from '../../test/databases';

describe('migration 0019_reversals', () => {
  let handle: DatabaseHandle;
  let migrator: Migrator;
  beforeAll(async () => {
    ({ handle, migrator } = await pgliteMigratedBefore('0019_reversals'));
    await sql`insert into users (id, first_name, time_zone) values (1, 'Анна', 'Europe/Moscow')`.execute(handle.db);
  });
  afterAll(() => handle.close());

  const columns = async () =>
    (
      await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'users'`.execute(handle.db)
    ).rows.map((r) => r.column_name);

  it('existing users keep reversed cards on; down drops the column', async () => {
    expect((await migrator.migrateTo('0019_reversals')).error).toBeUndefined();
    expect((await sql<{ reversals: boolean }>`select reversals from users where id = 1`.execute(handle.db)).rows[0].reversals).toBe(true);
    await sql`insert into users (id, first_name, time_zone) values (2, 'Борис', 'Europe/Moscow')`.execute(handle.db);
    expect((await sql<{ reversals: boolean }>`select reversals from users where id = 2`.execute(handle.db)).rows[0].reversals).toBe(true);
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await columns()).not.toContain('reversals');
  });
});
