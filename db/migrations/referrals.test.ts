// Migration 0034: the day's bonus spreads (default 0 on existing rows), referral outcomes keyed by the friend's
// hash (the inviter's rows go with the inviter, the friend's id is cleared with the friend), and `down` removes
// both (up again works).
import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../connection';
import { pgliteMigratedBefore } from '../../test/databases';

describe('migration 0034_referrals', () => {
  let handle: DatabaseHandle;
  let migrator: Migrator;
  beforeAll(async () => {
    ({ handle, migrator } = await pgliteMigratedBefore('0034_referrals'));
  });
  afterAll(() => handle.close());

  it('adds bonus spreads and referral rewards, cascades from the users, and goes down and up', async () => {
    const db = handle.db;
    await sql`insert into users (id, first_name, time_zone) values (1, 'Анна', 'Europe/Moscow'), (2, 'Борис', 'Europe/Moscow')`.execute(db);
    await sql`insert into daily_usage (user_id, day, spreads_used) values (1, '2026-12-07', 1)`.execute(db);
    const { error } = await migrator.migrateTo('0034_referrals');
    if (error) throw error;
    expect((await sql<{ b: number }>`select bonus_spreads as b from daily_usage`.execute(db)).rows[0].b).toBe(0);
    await sql`insert into referral_rewards (invitee_key, inviter_id, invitee_id, month, granted) values ('k2', 1, 2, '2026-12', true)`.execute(
      db,
    );
    await expect(
      sql`insert into referral_rewards (invitee_key, inviter_id, invitee_id, month, granted) values ('k2', 1, 2, '2026-12', true)`.execute(
        db,
      ),
    ).rejects.toThrow();
    await sql`delete from users where id = 2`.execute(db);
    expect((await sql<{ invitee_id: number | null }>`select invitee_id from referral_rewards`.execute(db)).rows).toEqual([
      { invitee_id: null },
    ]);
    await sql`delete from users where id = 1`.execute(db);
    expect((await sql`select * from referral_rewards`.execute(db)).rows).toEqual([]);

    const down = await migrator.migrateDown();
    if (down.error) throw down.error;
    expect((await sql`select 1 from information_schema.tables where table_name = 'referral_rewards'`.execute(db)).rows).toEqual([]);
    const up = await migrator.migrateTo('0034_referrals');
    if (up.error) throw up.error;
  });
});
