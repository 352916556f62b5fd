// Seeded data with known answers for the owner's dashboard (api/admin.test.ts, webapp/e2e/admin.test.ts):
// 1,000 users in each micro price variant served the offer 5 days before `now`; 4 % of A (40) bought the
// micro pack at 99 ₽, 6 % of B (60) at 79 ₽. Around them: a mock payment and a refunded one (neither is
// revenue) and one Stars plan (100 ⭐).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { chooseMicroVariant } from '../domain/pricing';

export const SEED_FIRST_ID = 500_000;

export const SEED_EXPECT = {
  usersPerVariant: 1000,
  conversions: { A: 40, B: 60 },
  revenueRub: 40 * 99 + 60 * 79,
  revenueStars: 100,
  payingUsers: 101,
  refunds: 1,
};

export async function seedDashboard(db: Kysely<Database>, now: Date) {
  const offerAt = new Date(now.getTime() - 5 * 86_400_000);
  const paidAt = new Date(offerAt.getTime() + 3600_000);
  const groups: Record<'A' | 'B', number[]> = { A: [], B: [] };
  for (let id = SEED_FIRST_ID; groups.A.length < 1000 || groups.B.length < 1000; id++) {
    const g = groups[chooseMicroVariant(id)];
    if (g.length < 1000) g.push(id);
  }
  const ids = [...groups.A, ...groups.B];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db.insertInto('users').values(chunk.map((id) => ({ id, first_name: 'Гость', time_zone: 'Europe/Moscow', created_at: offerAt }))).execute();
    await db.insertInto('micro_offers').values(chunk.map((user_id) => ({ user_id, started_at: offerAt, expires_at: new Date(offerAt.getTime() + 86_400_000) }))).execute();
  }
  let n = 0;
  const pay = (user_id: number, product: string, amount_minor: number, currency: string, provider: 'yookassa' | 'stars' | 'mock', refunded = false) => ({
    provider,
    provider_payment_id: `seed-${++n}`,
    order_id: null,
    user_id,
    product,
    amount_minor,
    currency,
    status: refunded ? ('refunded' as const) : ('succeeded' as const),
    granted: '{}',
    details: null,
    created_at: paidAt,
    refunded_at: refunded ? new Date(paidAt.getTime() + 3600_000) : null,
  });
  await db
    .insertInto('payments')
    .values([
      ...groups.A.slice(0, 40).map((u) => pay(u, 'micro', 9900, 'RUB', 'yookassa')),
      ...groups.B.slice(0, 60).map((u) => pay(u, 'micro', 7900, 'RUB', 'yookassa')),
      pay(groups.B[500], 'vip', 49900, 'RUB', 'mock'),
      pay(groups.A[500], 'micro', 9900, 'RUB', 'yookassa', true),
      pay(groups.A[600], 'basic', 100, 'XTR', 'stars'),
    ])
    .execute();
  return groups;
}
