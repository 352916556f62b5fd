// YooKassa against a fake YooKassa on 127.0.0.1: payments are created with an Idempotence-Key, and a
// notification is believed only after the payment is read back from the API and matches its order.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../domain/text/time';
import { TEST_DB_KINDS } from '../test/databases';
import { startFakeYooKassa, type FakeYooKassa, yookassaPayments } from '../test/fake-yookassa';
import { withOrder } from '../test/answers';
import { createHarness, type Harness } from '../test/harness';

const ADMIN = 88_001;
const PUBLIC = 'https://tarot.example.com';

describe.each(TEST_DB_KINDS)('YooKassa on %s', (kind) => {
  let h: Harness;
  let fake: FakeYooKassa;
  beforeAll(async () => {
    fake = await startFakeYooKassa();
    const yookassa = yookassaPayments(fake, PUBLIC);
    h = await createHarness(kind, {
      ...yookassa,
      // The 2 s between two read-backs of one payment is what yookassa-readback.test.ts and the notification
      // tests check (yookassa-notifications, user-limits); here it would only be waited out, once per repeated webhook.
      payments: { ...yookassa.payments, yookassa: { ...yookassa.payments.yookassa, readBackGapMs: 10 } },
      adminUserIds: [ADMIN],
    });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });
  beforeEach(() => {
    h.setNow(new Date());
    fake.failNext(0);
  });

  const webhook = (id: string, event = 'payment.succeeded', extra: Record<string, unknown> = {}) =>
    h.call(null, 'POST', '/api/payments/yookassa/webhook', { type: 'notification', event, object: { id, status: 'succeeded', ...extra } });
  const status = async (user: number) => (await h.call(user, 'GET', '/api/user/status')).body.data.userStatus;
  const paymentsOf = (user: number) => h.db.selectFrom('payments').selectAll().where('user_id', '=', user).execute();

  it('creates the payment with an Idempotence-Key, a two-decimal amount, metadata and our own return address', async () => {
    const user = 30_001;
    const before = fake.requests.length;
    const r = withOrder(
      await h.call(user, 'POST', '/api/payments/create-one-time', {
        product: 'week',
        mode: 'redirect',
        returnUrl: 'https://evil.example/steal',
      }),
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ provider: 'yookassa', mock: false });
    expect(r.body.data.confirmationUrl).toMatch(/^http:\/\/127\.0\.0\.1\/checkout\//);
    const req = fake.requests.slice(before).find((q) => q.method === 'POST' && q.path === '/v3/payments')!;
    expect(req.idempotenceKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(req.authorization).toBe(`Basic ${Buffer.from(`${fake.shopId}:${fake.secretKey}`).toString('base64')}`);
    expect(req.body).toMatchObject({
      amount: { value: '149.00', currency: 'RUB' },
      capture: true,
      metadata: { userId: String(user), product: 'week', orderId: r.body.data.orderId },
    });
    const back = new URL(req.body.confirmation.return_url);
    expect(back.origin).toBe(PUBLIC);
    expect(back.pathname).toBe('/subscription');
    expect(back.searchParams.get('orderId')).toBe(r.body.data.orderId);
    // A single-use return token: exchanged once for a session token of that user, refused the second time.
    const token = new URLSearchParams(back.hash.slice(1)).get('return')!;
    const first = await h.call(null, 'POST', '/api/auth/exchange', { token });
    expect(first.status).toBe(200);
    expect(h.identity.verifyAuthorization(`Bearer ${first.body.data.token}`)).toMatchObject({
      ok: true,
      identity: { userId: user, via: 'sessionToken' },
    });
    const again = await h.call(null, 'POST', '/api/auth/exchange', { token });
    expect(again.status).toBe(401);
    // Nothing is granted by creating a payment.
    expect((await status(user)).subscriptionType).toBe('free');
  });

  it('the embedded widget gets a confirmation token; a micro pack binds its reading in the metadata', async () => {
    const user = 30_002;
    const card = await h.call(user, 'POST', '/api/user/daily-card/use', {});
    const saved = await h.call(user, 'POST', '/api/user/reading', { title: 'Карта дня', cards: [card.body.data.card.name] });
    const readingId = saved.body.data.readingId;
    const r = withOrder(await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'micro', mode: 'embedded', readingId }));
    expect(r.body.data.confirmationToken).toMatch(/^ct-/);
    const p = fake.payments.get(r.body.data.paymentId!)!;
    expect(p.metadata).toMatchObject({ product: 'micro', readingId: String(readingId), userId: String(user) });
    expect(['99.00', '79.00']).toContain(p.amount.value);
  });

  it('a 500 from YooKassa is retried with the same Idempotence-Key', async () => {
    const before = fake.requests.length;
    fake.failNext(1, 500);
    const r = withOrder(await h.call(30_003, 'POST', '/api/payments/create', { type: 'basic' }));
    expect(r.status).toBe(200);
    const creates = fake.requests.slice(before).filter((q) => q.path === '/v3/payments');
    expect(creates).toHaveLength(2);
    expect(creates[0].idempotenceKey).toBe(creates[1].idempotenceKey);
    expect(fake.payments.get(r.body.data.paymentId!)!.amount.value).toBe('299.00');
  });

  it('a webhook for a payment the API reports as pending or canceled grants nothing', async () => {
    const user = 30_004;
    const r = withOrder(await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'week' }));
    const id = r.body.data.paymentId!;
    const pending = await webhook(id);
    expect(pending.status).toBe(200);
    expect(pending.body.data.outcome).toBe('pending');
    expect((await status(user)).subscriptionType).toBe('free');
    fake.cancel(id);
    expect((await webhook(id, 'payment.canceled')).body.data.outcome).toBe('canceled');
    expect((await status(user)).subscriptionType).toBe('free');
    expect(await paymentsOf(user)).toHaveLength(0);
    const order = await h.db.selectFrom('payment_orders').select('status').where('id', '=', r.body.data.orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe('canceled');
  });

  it('a succeeded payment grants once however often the notification arrives', async () => {
    const user = 30_005;
    const t0 = new Date('2026-08-01T10:00:00Z');
    h.setNow(t0);
    const r = withOrder(await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'week' }));
    fake.succeed(r.body.data.paymentId!);
    const results = await Promise.all([webhook(r.body.data.paymentId!), webhook(r.body.data.paymentId!), webhook(r.body.data.paymentId!)]);
    expect(results.map((x) => x.status)).toEqual([200, 200, 200]);
    expect(results.map((x) => x.body.data.outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    expect((await webhook(r.body.data.paymentId!)).body.data.outcome).toBe('duplicate');
    const s = await status(user);
    expect(s).toMatchObject({
      subscriptionType: 'week',
      autoRenew: false,
      subscriptionExpires: new Date(t0.getTime() + 7 * DAY_MS).toISOString(),
    });
    expect(await paymentsOf(user)).toHaveLength(1);
    const messages = await h.db.selectFrom('notifications').select(['kind']).where('user_id', '=', user).execute();
    expect(messages.filter((m) => m.kind === 'payment')).toHaveLength(1);
  });

  it('a forged webhook naming another user\u2019s payment grants nothing to the forger', async () => {
    const victim = 30_006;
    const forger = 30_007;
    const r = withOrder(await h.call(victim, 'POST', '/api/payments/create', { type: 'vip' }));
    const id = r.body.data.paymentId!;
    // The body lies about status, owner and product; only the id is used, and the API says pending.
    const forged = await webhook(id, 'payment.succeeded', {
      paid: true,
      metadata: { userId: String(forger), product: 'vip' },
      amount: { value: '499.00', currency: 'RUB' },
    });
    expect(forged.body.data.outcome).toBe('pending');
    expect((await status(forger)).subscriptionType).toBe('free');
    expect((await status(victim)).subscriptionType).toBe('free');
    // The forger cannot re-check the victim's payment either.
    expect((await h.call(forger, 'POST', '/api/payments/sync-method', { paymentId: id })).status).toBe(404);
    // Once the victim really paid, the same forged call grants the victim's plan to the victim only.
    fake.succeed(id);
    expect((await webhook(id, 'payment.succeeded', { metadata: { userId: String(forger) } })).body.data.outcome).toBe('applied');
    expect((await status(forger)).subscriptionType).toBe('free');
    expect((await status(victim)).subscriptionType).toBe('vip');
    // A made-up payment id is ignored.
    expect((await webhook('no-such-payment')).body.data.outcome).toBe('unknown');
  });

  it('amounts, currencies and metadata must match the order', async () => {
    const user = 30_008;
    for (const tamper of [
      (p: any) => (p.amount.value = '1.00'),
      (p: any) => (p.amount.currency = 'USD'),
      (p: any) => (p.metadata.userId = '1'),
      (p: any) => (p.metadata.product = 'vip'),
    ]) {
      const r = withOrder(await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'week' }));
      const p = fake.succeed(r.body.data.paymentId!);
      tamper(p);
      const w = await webhook(p.id);
      expect(w.status).toBe(200);
      expect(w.body.data.outcome).toBe('mismatch');
    }
    expect((await status(user)).subscriptionType).toBe('free');
    expect(await paymentsOf(user)).toHaveLength(0);
  });

  it('when YooKassa cannot be asked the webhook answers 503 (delivered again later), and malformed bodies 400', async () => {
    const user = 30_009;
    const r = withOrder(await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'week' }));
    fake.succeed(r.body.data.paymentId!);
    fake.failNext(3, 500);
    expect((await webhook(r.body.data.paymentId!)).status).toBe(503);
    expect((await status(user)).subscriptionType).toBe('free');
    expect((await webhook(r.body.data.paymentId!)).body.data.outcome).toBe('applied');
    expect(
      (await h.call(null, 'POST', '/api/payments/yookassa/webhook', { event: 'payment.succeeded', object: { id: '../../etc' } })).status,
    ).toBe(400);
    expect((await h.call(null, 'POST', '/api/payments/yookassa/webhook', 'garbage')).status).toBe(400);
  });

  it('sync-method lets the returning user re-check their own payment (by payment or order id)', async () => {
    const user = 30_010;
    const r = withOrder(await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'week' }));
    const pending = await h.call(user, 'POST', '/api/payments/sync-method', { userId: user, orderId: r.body.data.orderId });
    expect(pending.body.data).toMatchObject({ status: 'pending', applied: false });
    fake.succeed(r.body.data.paymentId!);
    const done = await h.call(user, 'POST', '/api/payments/sync-method', { userId: user, paymentId: r.body.data.paymentId });
    expect(done.body.data).toMatchObject({ status: 'succeeded', applied: true, outcome: 'applied' });
    expect(done.body.data.userStatus.subscriptionType).toBe('week');
    // The webhook arriving afterwards changes nothing.
    expect((await webhook(r.body.data.paymentId!)).body.data.outcome).toBe('duplicate');
  });

  it('trial with autopay consent: 10 ₽ keeps the card; the saved card is charged once per period at renewal; cancel stops it', async () => {
    const user = 30_011;
    const t0 = new Date('2026-09-01T12:00:00Z');
    h.setNow(t0);
    const r = await h.call(user, 'POST', '/api/payments/create-initial', {
      userId: user,
      amount: 10,
      currency: 'RUB',
      planId: 'vip',
      autopayConsent: true,
      trialDays: 7,
      mode: 'embedded',
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ trial: true, amount: 10 });
    const p = fake.payments.get(r.body.data.paymentId!)!;
    expect(p).toMatchObject({ amount: { value: '10.00', currency: 'RUB' }, save_payment_method: true });
    fake.succeed(p.id);
    expect((await webhook(p.id)).body.data.outcome).toBe('applied');
    expect(await status(user)).toMatchObject({
      subscriptionType: 'vip',
      autoRenew: true,
      subscriptionExpires: new Date(t0.getTime() + 7 * DAY_MS).toISOString(),
    });

    // Not due yet.
    expect((await h.services.payments.runRenewals(new Date(t0.getTime() + 5 * DAY_MS))).attempted).toBe(0);
    const due = new Date(t0.getTime() + 7 * DAY_MS - 30 * 60_000);
    h.setNow(due);
    const before = fake.requests.length;
    const run = await h.services.payments.runRenewals(due);
    expect(run).toMatchObject({ attempted: 1, outcomes: ['applied'] });
    const charge = fake.requests.slice(before).find((q) => q.method === 'POST' && q.path === '/v3/payments')!;
    expect(charge.body).toMatchObject({ payment_method_id: `pm-${p.id}`, amount: { value: '499.00', currency: 'RUB' } });
    expect(charge.body.confirmation).toBeUndefined();
    expect(charge.idempotenceKey).toBe(`renew:${user}:${new Date(t0.getTime() + 7 * DAY_MS).toISOString()}`);
    expect((await status(user)).subscriptionExpires).toBe(new Date(t0.getTime() + 37 * DAY_MS).toISOString());
    // The same period is never charged twice (and the next one is not due).
    expect((await h.services.payments.runRenewals(due)).attempted).toBe(0);

    const cancel = await h.call(user, 'POST', '/api/user/subscription/cancel');
    expect(cancel.body.data.userStatus).toMatchObject({ autoRenew: false, subscriptionType: 'vip' });
    expect((await h.services.payments.runRenewals(new Date(t0.getTime() + 37 * DAY_MS - 60_000))).attempted).toBe(0);
  });

  it('without consent the widget charges the full price and keeps no card', async () => {
    const r = await h.call(30_012, 'POST', '/api/payments/create-initial', { planId: 'basic', autopayConsent: false });
    expect(r.body.data).toMatchObject({ trial: false, amount: 299 });
    const p = fake.payments.get(r.body.data.paymentId!)!;
    expect(p.save_payment_method).toBe(false);
    fake.succeed(p.id);
    await webhook(p.id);
    expect(await status(30_012)).toMatchObject({ subscriptionType: 'basic', autoRenew: false });
  });

  it('a refund revokes what the payment granted, once', async () => {
    const user = 30_013;
    const r = withOrder(await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'week' }));
    fake.succeed(r.body.data.paymentId!);
    await webhook(r.body.data.paymentId!);
    expect((await status(user)).subscriptionType).toBe('week');
    const [payment] = await paymentsOf(user);
    expect((await h.call(user, 'POST', '/api/admin/refund', { paymentId: payment.id })).status).toBe(404);
    const refund = await h.call(ADMIN, 'POST', '/api/admin/refund', { paymentId: payment.id });
    expect(refund.body.data).toMatchObject({ revoked: true });
    expect((await status(user)).subscriptionType).toBe('free');
    const refundReq = fake.requests.filter((q) => q.path === '/v3/refunds').at(-1)!;
    expect(refundReq.body).toEqual({ payment_id: r.body.data.paymentId, amount: { value: '149.00', currency: 'RUB' } });
    expect(refundReq.idempotenceKey).toBe(`refund:${payment.id}`);
    expect((await h.call(ADMIN, 'POST', '/api/admin/refund', { paymentId: payment.id })).body.data).toMatchObject({ revoked: false });
    // YooKassa's refund notification afterwards takes nothing more.
    const refundId = [...fake.refunds.keys()].at(-1)!;
    expect((await webhook(refundId, 'refund.succeeded')).body.data.outcome).toBe('duplicate');
    expect((await status(user)).subscriptionType).toBe('free');
  });
});
