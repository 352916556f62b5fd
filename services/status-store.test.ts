// The status kept in process on PGlite (status-store.ts) is always what the database holds: every write,
// through any code path, is seen by the next status read.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeWatchOf } from '../db/write-watch';
import { createTestDatabase } from '../test/databases';
import { createServices, type Services } from './index';

describe('status kept in process (PGlite)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let s: Services;
  const now = new Date('2026-03-10T09:00:00Z');
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    s = createServices({
      db: database.db,
      clock: () => now,
      randomInt: (m) => m - 1,
      defaultTimeZone: 'Europe/Moscow',
      serverSecret: 'test-server-secret-0123456789abcdef0123456789abcdef',
      specialAccessUserIds: [],
      mockPayments: true,
    });
  });
  afterAll(() => database.close());

  it('is on for PGlite, and every write — a service, a raw statement, a transaction — shows in the next read', async () => {
    expect(writeWatchOf(database.db)).toBeDefined();
    await s.users.ensure(42);
    expect((await s.users.status(42)).status.remainingSpreads).toBe(1);
    expect((await s.users.status(42)).status.remainingSpreads).toBe(1); // from memory

    await s.readings.useSpread(42, true);
    expect((await s.users.status(42)).status.remainingSpreads).toBe(0);

    await sql`update users set subscription_type = 'basic', subscription_expires = ${new Date('2026-04-01T00:00:00Z')} where id = 42`.execute(
      database.db,
    );
    expect((await s.users.status(42)).status.subscriptionType).toBe('basic');

    // PGlite has one connection: a read waits for the transaction, which then commits.
    await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ time_zone: 'Asia/Tokyo' }).where('id', '=', 42).execute();
    });
    expect((await s.users.status(42)).status.timeZone).toBe('Asia/Tokyo');
    await database.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ time_zone: 'Europe/Samara' }).where('id', '=', 42).execute();
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect((await s.users.status(42)).status.timeZone).toBe('Asia/Tokyo');
  });

  it('50 simultaneous reads while spreads are taken never show fewer used than were taken before the read began', async () => {
    await s.users.activateMockPlan(42, 'basic');
    const results = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        if (i % 10 === 0) await s.readings.useSpread(42, false).catch(() => null);
        const taken = Number(
          (await sql<{ n: number }>`select coalesce(max(spreads_used), 0) as n from daily_usage where user_id = 42`.execute(database.db))
            .rows[0].n,
        );
        const shown = (await s.users.status(42)).status.dailySpreadsUsed;
        return { taken, shown };
      }),
    );
    for (const r of results) expect(r.shown).toBeGreaterThanOrEqual(r.taken);
    const final = (await s.users.status(42)).status;
    const used = Number(
      (await sql<{ n: number }>`select coalesce(max(spreads_used), 0) as n from daily_usage where user_id = 42`.execute(database.db))
        .rows[0].n,
    );
    expect(final.dailySpreadsUsed).toBe(used);
  });
});
