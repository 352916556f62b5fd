// Per-user limits on what costs us or others, through the real Hono app: payment orders (each an invoice
// link on the bot's shared Bot API limit, or a YooKassa payment), client-saved readings, and YooKassa
// notifications that make us call YooKassa with our credentials (shared per payment, never counted against
// the payment's owner).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIMITS } from '../services/user-limits';
import { TEST_DB_KINDS } from '../test/databases';
import { startFakeYooKassa, type FakeYooKassa, yookassaPayments } from '../test/fake-yookassa';
import { withOrder } from '../test/answers';
import { createHarness, type Harness } from '../test/harness';

describe.each(TEST_DB_KINDS)('per-user limits (%s)', (kind) => {
  let h: Harness;
  let fake: FakeYooKassa;
  beforeAll(async () => {
    fake = await startFakeYooKassa();
    h = await createHarness(kind, yookassaPayments(fake));
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('payment orders: a user may open only so many an hour (429 with Retry-After), others are not affected', async () => {
    const user = 64_001;
    const before = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments').length;
    const statuses: number[] = [];
    for (let i = 0; i < USER_LIMITS.checkout.limit + 3; i++)
      statuses.push((await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'week' })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(USER_LIMITS.checkout.limit);
    const refused = await h.call(user, 'POST', '/api/payments/create', { type: 'basic' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const calls = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments').length - before;
    expect(calls).toBe(USER_LIMITS.checkout.limit);
    expect((await h.call(64_002, 'POST', '/api/payments/create-one-time', { product: 'week' })).status).toBe(200);
    // An hour later the user may pay again.
    h.setNow(new Date(Date.now() + 3_601_000));
    expect((await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'week' })).status).toBe(200);
  });

  it('client-saved readings: only so many a day', async () => {
    const user = 64_010;
    const statuses: number[] = [];
    for (let i = 0; i < USER_LIMITS.saved_reading.limit + 2; i++)
      statuses.push((await h.call(user, 'POST', '/api/user/reading', { question: `Вопрос ${i}`, cards: ['Шут'] })).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(USER_LIMITS.saved_reading.limit);
    expect(statuses.at(-1)).toBe(429);
    const count = await h.db.selectFrom('readings').select('id').where('user_id', '=', user).execute();
    expect(count).toHaveLength(USER_LIMITS.saved_reading.limit);
  });

  it('YooKassa notifications: a flood about one payment, or about made-up ids, does not become a flood of calls to YooKassa', async () => {
    const user = 64_020;
    const order = withOrder(await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'week' }));
    const id = order.body.data.paymentId as string;
    const notify = (pid: string) =>
      h.call(null, 'POST', '/api/payments/yookassa/webhook', {
        type: 'notification',
        event: 'payment.succeeded',
        object: { id: pid, status: 'succeeded' },
      });
    const readBacks = () => fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v3/payments/')).length;
    let before = readBacks();
    // One payment: the notifications share read-backs (none is refused: the owner's checks are not theirs to spend).
    const statuses = await Promise.all(Array.from({ length: USER_LIMITS.yookassa_readback.limit + 10 }, () => notify(id)));
    expect(new Set(statuses.map((r) => r.status))).toEqual(new Set([200]));
    expect(readBacks() - before).toBeLessThanOrEqual(2);
    expect((await h.call(user, 'POST', '/api/payments/sync-method', { paymentId: id })).status).toBe(200);
    // Made-up ids: bounded per instance.
    before = readBacks();
    for (let i = 0; i < 100; i++) await notify(`2f${String(i).padStart(6, '0')}-000f-5000-9000-1d1e2f3a4b5c`);
    expect(readBacks() - before).toBeLessThanOrEqual(60);
    // A payment already applied is answered from the database, without a call.
    const paidUser = 64_021;
    const paid = withOrder(await h.call(paidUser, 'POST', '/api/payments/create-one-time', { product: 'week' }));
    fake.succeed(paid.body.data.paymentId!);
    expect((await notify(paid.body.data.paymentId!)).body.data.outcome).toBe('applied');
    before = readBacks();
    for (let i = 0; i < 5; i++) expect((await notify(paid.body.data.paymentId!)).body.data.outcome).toBe('duplicate');
    expect(readBacks()).toBe(before);
  });
});
