// Migration 0016 stores what a live subscription's renewal charges and when: a Stars subscription made
// before it keeps the price of the payment that started it (not today's price). `down` drops the columns.
import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../connection';
import { pgliteMigratedBefore } from '../../test/databases';

describe('migration 0016_autopay', () => {
  let handle: DatabaseHandle;
  let migrator: Migrator;
  const end = new Date('2026-11-01T10:00:00Z');
  beforeAll(async () => {
    ({ handle, migrator } = await pgliteMigratedBefore('0016_autopay'));
    const db = handle.db;
    await sql`insert into users (id, first_name, time_zone, subscription_type, subscription_expires, subscription_auto_renew) values (1, 'Анна', 'Europe/Moscow', 'vip', ${end}, true), (2, 'Борис', 'Europe/Moscow', 'basic', ${end}, true)`.execute(
      db,
    );
    await sql`insert into payments (provider, provider_payment_id, user_id, product, amount_minor, currency) values ('stars', 'c1', 1, 'vip', 350, 'XTR'), ('yookassa', 'y1', 2, 'trial', 1000, 'RUB')`.execute(
      db,
    );
    await sql`insert into recurring_billing (user_id, provider, plan, reference, consent_at) values (1, 'stars', 'vip', 'c1', now()), (2, 'yookassa', 'basic', 'pm_1', now())`.execute(
      db,
    );
  });
  afterAll(() => handle.close());

  it('a Stars subscription keeps its price; a kept card has none stored (its plan price applies); down drops the columns', async () => {
    const up = await migrator.migrateTo('0016_autopay');
    expect(up.error).toBeUndefined();
    const rows = (
      await sql<{
        user_id: string;
        amount_minor: number | null;
        currency: string | null;
        renews_at: Date;
      }>`select user_id, amount_minor, currency, renews_at from recurring_billing order by user_id`.execute(handle.db)
    ).rows;
    expect(rows.map((r) => [r.amount_minor, r.currency, new Date(r.renews_at).toISOString()])).toEqual([
      [350, 'XTR', end.toISOString()],
      [null, null, end.toISOString()],
    ]);
    const users = (await sql<{ last_paid_at: Date | null }>`select last_paid_at from users`.execute(handle.db)).rows;
    expect(users.map((u) => u.last_paid_at)).toEqual([null, null]);

    const down = await migrator.migrateDown();
    expect(down.error).toBeUndefined();
    const cols = (
      await sql<{
        column_name: string;
      }>`select column_name from information_schema.columns where table_name in ('recurring_billing', 'users') and column_name in ('amount_minor', 'currency', 'renews_at', 'last_paid_at')`.execute(
        handle.db,
      )
    ).rows;
    expect(cols).toEqual([]);
  });
});
