// The unit tests' databases are emptied and handed out again (test/reused-pglite.ts): a reused one must be
// indistinguishable from a fresh migrated copy, whatever the test before it did.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/databases';
import { reuseCounts } from '../test/reused-pglite';
import { migrationProvider } from './migrations';

async function state(db: Awaited<ReturnType<typeof createTestDatabase>>['db']) {
  const counts = await sql<{ users: number; readings: number; migrations: number }>`
    select (select count(*) from users)::int as users, (select count(*) from readings)::int as readings,
      (select count(*) from kysely_migration)::int as migrations`.execute(db);
  const zone = await sql<{ TimeZone: string }>`show timezone`.execute(db);
  const extra = await sql<{ n: number }>`select count(*)::int as n from pg_tables where tablename = 'left_behind'`.execute(db);
  // Every sequence where a fresh copy has it (null: never read yet).
  const sequences = await sql<{ name: string; value: string | null }>`
    select sequencename as name, last_value::text as value from pg_sequences order by 1`.execute(db);
  return { ...counts.rows[0], timeZone: zone.rows[0].TimeZone, leftBehind: extra.rows[0].n, sequences: sequences.rows };
}

async function useHard(db: Awaited<ReturnType<typeof createTestDatabase>>['db']) {
  await sql`insert into users (id, first_name, time_zone) values (1, 'Тест', 'Europe/Moscow')`.execute(db);
  const reading = await sql<{ id: number }>`
    insert into readings (user_id, spread_type, question, cards, level, status)
    values (1, 'one', 'Что ждёт?', '[]', 'free', 'done') returning id`.execute(db);
  await sql`set timezone = 'Asia/Tokyo'`.execute(db);
  return reading.rows[0].id;
}

describe.runIf(process.env.TEST_PGLITE_REUSE === '1')('a reused PGlite test database', () => {
  it('comes back empty, with identities restarted, the migrations recorded and the session reset', async () => {
    const first = await createTestDatabase('pglite');
    const fresh = await state(first.db);
    expect(fresh).toMatchObject({
      users: 0,
      readings: 0,
      migrations: Object.keys(await migrationProvider.getMigrations()).length,
      leftBehind: 0,
    });
    expect(await useHard(first.db)).toBe(1);
    // An emptied table whose identity moved on: the next database still starts it at 1.
    await sql`delete from readings`.execute(first.db);
    await first.close();

    const reusedBefore = reuseCounts.reused;
    const second = await createTestDatabase('pglite');
    expect(reuseCounts.reused).toBe(reusedBefore + 1);
    expect(await state(second.db)).toEqual(fresh);
    expect(await useHard(second.db)).toBe(1);
    await second.close();
  });

  it('is not reused when a test changed its schema', async () => {
    const first = await createTestDatabase('pglite');
    await sql`create table left_behind (id int)`.execute(first.db);
    const discardedBefore = reuseCounts.discarded;
    await first.close();
    expect(reuseCounts.discarded).toBe(discardedBefore + 1);

    const second = await createTestDatabase('pglite');
    expect((await state(second.db)).leftBehind).toBe(0);
    await second.close();
  });
});
