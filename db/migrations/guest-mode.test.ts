// Migration 0026 adds guest mode's two tables (hashed rate slots, per-day counts); `down` drops them.
import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../connection';
import { countGuestAnswer, guestAnswersOn, takeGuestSlot } from '../repositories/guest-answers';
import { pgliteMigratedBefore } from '../../test/databases';

describe('migration 0026_guest_mode', () => {
  let handle: DatabaseHandle;
  let migrator: Migrator;
  beforeAll(async () => {
    ({ handle, migrator } = await pgliteMigratedBefore('0026_guest_mode'));
  });
  afterAll(() => handle.close());

  const tables = async () =>
    (
      await sql<{ table_name: string }>`select table_name from information_schema.tables where table_name like 'guest_%'`.execute(handle.db)
    ).rows
      .map((r) => r.table_name)
      .sort();

  it('up makes the slots and the counts work; down drops both tables', async () => {
    expect((await migrator.migrateTo('0026_guest_mode')).error).toBeUndefined();
    expect(await tables()).toEqual(['guest_answer_days', 'guest_rate_slots']);
    const now = new Date('2026-11-27T10:00:00Z');
    expect(await takeGuestSlot(handle.db, 'k', 'q1', now, 60)).toEqual({ count: 1, winner: 'q1' });
    expect(await takeGuestSlot(handle.db, 'k', 'q1', now, 60)).toEqual({ count: 1, winner: 'q1' });
    expect(await takeGuestSlot(handle.db, 'k', 'q2', new Date(now.getTime() + 59_000), 60)).toEqual({ count: 2, winner: 'q1' });
    expect(await takeGuestSlot(handle.db, 'k', 'q3', new Date(now.getTime() + 60_000), 60)).toEqual({ count: 1, winner: 'q3' });
    await countGuestAnswer(handle.db, '2026-11-27', 'daily');
    await countGuestAnswer(handle.db, '2026-11-27', 'daily');
    expect(await guestAnswersOn(handle.db, '2026-11-27')).toEqual({ daily: 2 });
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await tables()).toEqual([]);
  });
});
