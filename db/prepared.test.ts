// The status call's statements are prepared by name on PostgreSQL (db/prepared.ts). PostgreSQL plans such a
// statement anew at each execution while a plan for the given values looks cheaper than its generic plan; the
// status statements take their batch as one JSON parameter so that, after the first few executions on a
// connection, they run on the generic plan made once. A plan kept across calls must still see what another
// connection (another instance) wrote since.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KINDS } from '../test/databases';
import type { DatabaseHandle, Db } from './connection';
import * as usersRepo from './repositories/users';

/** How PostgreSQL has planned the named statement on this connection so far. */
async function plans(conn: Db, name: string) {
  const { rows } = await sql<{ generic_plans: number; custom_plans: number }>`
    select generic_plans, custom_plans from pg_prepared_statements where name = ${name}`.execute(conn);
  return rows[0];
}

describe.runIf(TEST_DB_KINDS.includes('postgres'))('the status statements on PostgreSQL', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await usersRepo.upsertProfile(database.db, { id: 5401, first_name: 'Вера' }, 'Europe/Moscow');
  });
  afterAll(() => database.close());

  const touch = (conn: Db, first_name: string) =>
    usersRepo.touchProfilesReadStatus(conn, [{ profile: { id: 5401, first_name }, startParam: null }]).then((m) => m.get(5401));

  it('are planned once per connection, and still see another connection’s writes', async () => {
    await database.db.connection().execute(async (conn) => {
      for (let i = 0; i < 8; i++) {
        expect((await touch(conn, 'Вера'))?.user.first_name).toBe('Вера');
        expect((await usersRepo.findUsersWithLatestUsage(conn, [5401])).get(5401)?.user.first_name).toBe('Вера');
      }
      for (const name of ['user_touch_status', 'user_status']) {
        const planned = await plans(conn, name);
        // PostgreSQL tries five plans for the values given before it weighs the generic one.
        expect(planned.custom_plans, name).toBeLessThanOrEqual(5);
        expect(planned.generic_plans, name).toBeGreaterThanOrEqual(3);
      }

      // Another connection renames the user and records a spread: both statements see it on their kept plan.
      await usersRepo.updateSettings(database.db, 5401, { deck: 'drawn' });
      await database.db.insertInto('daily_usage').values({ user_id: 5401, day: '2026-12-07', spreads_used: 2 }).execute();
      const read = (await usersRepo.findUsersWithLatestUsage(conn, [5401])).get(5401);
      expect(read?.user.deck).toBe('drawn');
      expect(read?.usage?.spreads_used).toBe(2);
      await usersRepo.touchProfilesReadStatus(database.db, [{ profile: { id: 5401, first_name: 'Вероника' }, startParam: null }]);
      // This connection signs the old name: the row differs, so it is written back, and the read is fresh.
      const touched = await touch(conn, 'Вера');
      expect(touched?.user.deck).toBe('drawn');
      expect(touched?.usage?.spreads_used).toBe(2);
      const row = await database.db.selectFrom('users').select('first_name').where('id', '=', 5401).executeTakeFirstOrThrow();
      expect(row.first_name).toBe('Вера');
      expect((await plans(conn, 'user_touch_status')).custom_plans).toBeLessThanOrEqual(5);
    });
  });
});
