// Seeded data with known answers for the owner's dashboard (api/admin.test.ts, webapp/e2e/admin.test.ts):
// 1,000 users in each micro price variant served the offer 5 days before `now`; 4 % of A (40) bought the
// micro pack at 99 ₽, 6 % of B (60) at 79 ₽. Around them: a mock payment and a refunded one (neither is
// revenue) and one Stars plan (100 ⭐); an order for each real payment. Readings: 200 by the AI (first text
// after 500..699 ms, the end after 2000..3990 ms, 3,000 + 1,500 characters each; the provider reported the
// tokens of the first 100: 900 + 400, the rest are estimated at 3 characters a token) and 50 by the cards after a
// timeout after 5000 ms (counted in the time to the end); 100 of those users come back the next day. Pushes: 100 delivered to B users (20 followed by a
// reading within the hour), 10 failed; 10 bots blocked, 5 reminders off.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { chooseMicroVariant } from '../domain/commerce/pricing';
import { AI_ERRORS, backendApiError } from '../services/ai-provider';

export const SEED_FIRST_ID = 500_000;

export const SEED_EXPECT = {
  usersPerVariant: 1000,
  conversions: { A: 40, B: 60 },
  revenueRub: 40 * 99 + 60 * 79,
  revenueStars: 100,
  payingUsers: 101,
  refunds: 1,
  funnel: { opened: 2000, reading: 270, offer: 2000, checkout: 102, paid: 101 },
  ai: {
    byAi: 200,
    byCards: 50,
    firstP50: 600,
    firstP95: 689,
    totalP50: 3245,
    totalP95: 5000,
    tokensIn: 100 * 900 + 150 * 1000,
    tokensOut: 100 * 400 + 100 * 500,
    tokensReported: 100,
    tokensEstimated: 150,
  },
  pushes: { queued: 110, delivered: 100, failed: 10, blocked: 10, remindersOff: 5, followed: 20 },
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
    await db
      .insertInto('users')
      .values(chunk.map((id) => ({ id, first_name: 'Гость', time_zone: 'Europe/Moscow', created_at: offerAt })))
      .execute();
    await db
      .insertInto('micro_offers')
      .values(chunk.map((user_id) => ({ user_id, started_at: offerAt, expires_at: new Date(offerAt.getTime() + 86_400_000) })))
      .execute();
  }
  let n = 0;
  const pay = (
    user_id: number,
    product: string,
    amount_minor: number,
    currency: string,
    provider: 'yookassa' | 'stars' | 'mock',
    refunded = false,
  ) => ({
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
  const payers = await db
    .selectFrom('payments')
    .select(['user_id', 'provider', 'product', 'amount_minor', 'currency'])
    .where('provider', '<>', 'mock')
    .where('provider_payment_id', 'like', 'seed-%')
    .execute();
  await db
    .insertInto('payment_orders')
    .values(
      payers.map((p) => ({
        id: crypto.randomUUID(),
        user_id: p.user_id,
        provider: p.provider,
        product: p.product,
        plan: null,
        days: null,
        amount_minor: p.amount_minor,
        currency: p.currency,
        reading_id: null,
        provider_payment_id: null,
        idempotence_key: crypto.randomUUID(),
        context: null,
        created_at: paidAt,
      })),
    )
    .execute();
  const reading = (user_id: number, created_at: Date, extra: Record<string, unknown>) => ({
    user_id,
    spread_type: 'free_daily',
    question: 'Что ждёт меня?',
    cards: JSON.stringify([]),
    level: 'basic' as const,
    status: 'done' as const,
    charged_day: null,
    interpretation: 'Текст',
    created_at,
    ...extra,
  });
  const readAt = new Date(offerAt.getTime() + 30 * 60_000);
  await db
    .insertInto('readings')
    .values([
      ...groups.A.slice(0, 200).map((u, i) =>
        reading(u, readAt, {
          ai_first_ms: 500 + i,
          ai_total_ms: 2000 + 10 * i,
          ai_prompt_chars: 3000,
          ai_output_chars: 1500,
          ...(i < 100 && { ai_input_tokens: 900, ai_output_tokens: 400 }),
        }),
      ),
      // The AI failed: 30 timeouts, 12 answers of 503, 8 network errors in the HTTP library's own words.
      ...groups.A.slice(200, 250).map((u, i) =>
        reading(u, readAt, {
          status: 'fallback',
          ai_error: i < 30 ? AI_ERRORS.timeout : i < 42 ? backendApiError(503) : i < 47 ? 'fetch failed' : 'Connection error.',
          ai_total_ms: 5000,
          ai_prompt_chars: 3000,
          ai_output_chars: 0,
        }),
      ),
      // Came back the next day (a saved reading: no AI, not counted among the interpreted).
      ...groups.A.slice(0, 100).map((u) => reading(u, new Date(readAt.getTime() + 86_400_000), { status: 'saved' })),
    ] as never)
    .execute();
  const pushAt = new Date(offerAt.getTime() + 2 * 3600_000);
  const push = (user_id: number, i: number, status: 'sent' | 'failed') => ({
    user_id,
    kind: 'daily_reminder',
    dedup_key: `seed-${i}`,
    payload: JSON.stringify({ text: 'Карта дня ждёт' }),
    status,
    not_before: pushAt,
    sent_at: status === 'sent' ? pushAt : null,
    created_at: pushAt,
  });
  await db
    .insertInto('notifications')
    .values([
      ...groups.B.slice(0, 100).map((u, i) => push(u, i, 'sent')),
      ...groups.B.slice(100, 110).map((u, i) => push(u, 100 + i, 'failed')),
    ] as never)
    .execute();
  await db
    .insertInto('readings')
    .values(groups.B.slice(0, 20).map((u) => reading(u, new Date(pushAt.getTime() + 30 * 60_000), { status: 'saved' })) as never)
    .execute();
  await db.updateTable('users').set({ bot_reachable: false }).where('id', 'in', groups.B.slice(100, 110)).execute();
  await db.updateTable('users').set({ notify_daily: false }).where('id', 'in', groups.B.slice(200, 205)).execute();
  return groups;
}
