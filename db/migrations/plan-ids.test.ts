// Migration 0015 renames every stored plan id (vip_499 → vip …) and `down` restores them.
import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../connection';
import { pgliteMigratedBefore } from '../../test/databases';

describe('migration 0015_plan_ids', () => {
  let handle: DatabaseHandle;
  let migrator: Migrator;
  beforeAll(async () => {
    ({ handle, migrator } = await pgliteMigratedBefore('0015_plan_ids'));
    const db = handle.db;
    await sql`insert into users (id, first_name, time_zone, subscription_type) values (1, 'Анна', 'Europe/Moscow', 'vip_499'), (2, 'Борис', 'Europe/Moscow', 'week_7d'), (3, 'Вера', 'Europe/Moscow', 'free')`.execute(
      db,
    );
    await sql`insert into payment_orders (id, user_id, provider, product, plan, amount_minor, currency, idempotence_key) values ('o1', 1, 'stars', 'vip_499', 'vip_499', 385, 'XTR', 'k1'), ('o2', 2, 'stars', 'week', 'week_7d', 115, 'XTR', 'k2'), ('o3', 3, 'stars', 'micro', null, 75, 'XTR', 'k3')`.execute(
      db,
    );
    await sql`insert into payments (provider, provider_payment_id, order_id, user_id, product, amount_minor, currency, granted) values ('stars', 'c1', 'o1', 1, 'vip_499', 385, 'XTR', ${JSON.stringify({ kind: 'plan', tier: 'vip_499', previous: { type: 'basic_299', expires: null, autoRenew: false } })}::jsonb)`.execute(
      db,
    );
    await sql`insert into recurring_billing (user_id, provider, plan, reference, consent_at) values (1, 'stars', 'vip_499', 'c1', now())`.execute(
      db,
    );
  });
  afterAll(() => handle.close());

  const snapshot = async () => ({
    users: (
      await sql<{ id: string; subscription_type: string }>`select id, subscription_type from users order by id`.execute(handle.db)
    ).rows.map((r) => r.subscription_type),
    orders: (await sql<{ product: string; plan: string | null }>`select product, plan from payment_orders order by id`.execute(handle.db))
      .rows,
    payment: (
      await sql<{ product: string; granted: { tier: string; previous: { type: string } } }>`select product, granted from payments`.execute(
        handle.db,
      )
    ).rows[0],
    recurring: (await sql<{ plan: string }>`select plan from recurring_billing`.execute(handle.db)).rows[0].plan,
  });

  it('renames every stored plan and product, and down restores them', async () => {
    const before = await snapshot();
    const up = await migrator.migrateTo('0015_plan_ids');
    expect(up.error).toBeUndefined();
    const after = await snapshot();
    expect(after.users).toEqual(['vip', 'week', 'free']);
    expect(after.orders).toEqual([
      { product: 'vip', plan: 'vip' },
      { product: 'week', plan: 'week' },
      { product: 'micro', plan: null },
    ]);
    expect(after.payment.product).toBe('vip');
    expect(after.payment.granted.tier).toBe('vip');
    expect(after.payment.granted.previous.type).toBe('basic');
    expect(after.recurring).toBe('vip');

    const down = await migrator.migrateDown();
    expect(down.error).toBeUndefined();
    expect(await snapshot()).toEqual(before);
  });
});
