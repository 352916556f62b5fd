// Migration 0032 puts the three fixed-window limiter tables into one (rate_limits) with every window as it was:
// a user's AI calls and per-user limits under their names and the user's id, the sign-ins under their keyed
// hash; `down` puts them back.
import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../connection';
import { pgliteMigratedBefore } from '../../test/databases';

const NAME = '0032_rate_limits';
const AT = new Date('2026-05-04T09:00:00Z');

describe(`migration ${NAME}`, () => {
  let handle: DatabaseHandle;
  let migrator: Migrator;
  beforeAll(async () => {
    ({ handle, migrator } = await pgliteMigratedBefore(NAME));
    const db = handle.db;
    await sql`insert into users (id, first_name, time_zone) values (7, 'Анна', 'Europe/Moscow')`.execute(db);
    await sql`insert into ai_rate_limits (user_id, budget, window_start, calls) values (7, 'extra', ${AT}, 3)`.execute(db);
    await sql`insert into user_rate_limits (user_id, kind, window_start, count) values (7, 'checkout', ${AT}, 5)`.execute(db);
    await sql`insert into sign_in_limits (key, kind, window_start, count) values ('hmac-of-address', 'address', ${AT}, 9)`.execute(db);
  });
  afterAll(() => handle.close());

  const tables = async () =>
    (
      await sql<{ table_name: string }>`select table_name from information_schema.tables
        where table_name in ('rate_limits', 'ai_rate_limits', 'user_rate_limits', 'sign_in_limits')`.execute(handle.db)
    ).rows
      .map((r) => r.table_name)
      .sort();

  it('up moves every window into rate_limits and drops the old tables; down puts them back', async () => {
    expect((await migrator.migrateTo(NAME)).error).toBeUndefined();
    expect(await tables()).toEqual(['rate_limits']);
    const rows = await sql`select name, key, user_id, window_start, count from rate_limits order by name`.execute(handle.db);
    expect(rows.rows).toEqual([
      { name: 'ai:extra', key: '7', user_id: 7, window_start: AT, count: 3 },
      { name: 'sign_in:address', key: 'hmac-of-address', user_id: null, window_start: AT, count: 9 },
      { name: 'user:checkout', key: '7', user_id: 7, window_start: AT, count: 5 },
    ]);

    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await tables()).toEqual(['ai_rate_limits', 'sign_in_limits', 'user_rate_limits']);
    const one = async (q: ReturnType<typeof sql>) => (await q.execute(handle.db)).rows[0];
    expect(await one(sql`select user_id, budget, window_start, calls from ai_rate_limits`)).toEqual({
      user_id: 7,
      budget: 'extra',
      window_start: AT,
      calls: 3,
    });
    expect(await one(sql`select user_id, kind, count from user_rate_limits`)).toEqual({ user_id: 7, kind: 'checkout', count: 5 });
    expect(await one(sql`select key, kind, count from sign_in_limits`)).toEqual({ key: 'hmac-of-address', kind: 'address', count: 9 });
  });
});
