// YooKassa notifications sent by outsiders, through the real Hono app: a flood naming a victim's payment id
// collapses into few read-backs and never blocks the real confirmation or the victim's own check; with
// YOOKASSA_TRUSTED_IPS only YooKassa's addresses are heard (the socket's peer, or X-Forwarded-For from
// TRUSTED_PROXIES only), and a refused notification reads nothing back.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from './app';
import { TEST_DB_KINDS } from '../test/databases';
import { startFakeYooKassa, type FakeYooKassa, yookassaPayments } from '../test/fake-yookassa';
import { createHarness, type Harness } from '../test/harness';
import { serveApp, type ServedApp } from '../test/sse-client';

/** YooKassa's published notification addresses (docs/operations.md). */
const YOOKASSA_RANGES = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11',
  '77.75.156.35',
  '77.75.154.128/25',
  '2a02:5180::/32',
];

describe.each(TEST_DB_KINDS)('YooKassa notifications from outsiders (%s)', (kind) => {
  let h: Harness;
  let fake: FakeYooKassa;
  const served: ServedApp[] = [];
  beforeAll(async () => {
    fake = await startFakeYooKassa();
    h = await createHarness(kind, yookassaPayments(fake));
  });
  afterAll(async () => {
    for (const s of served) await s.close();
    await h?.close();
    await fake?.close();
  });

  const body = (id: string) => ({ type: 'notification', event: 'payment.succeeded', object: { id, status: 'succeeded' } });
  const notify = (id: string) => h.call(null, 'POST', '/api/payments/yookassa/webhook', body(id));
  const readBacks = (id: string) => fake.requests.filter((r) => r.method === 'GET' && r.path === `/v3/payments/${id}`).length;
  const order = async (user: number) =>
    (await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'week' })).body.data as { paymentId: string; orderId: string };
  const granted = async (user: number) => ({
    payments: (await h.db.selectFrom('payments').select('id').where('user_id', '=', user).execute()).length,
    messages: (await h.db.selectFrom('notifications').select('id').where('user_id', '=', user).where('kind', '=', 'payment').execute())
      .length,
  });

  it('35 forged notifications for a victim’s payment: few read-backs, the real one is applied once, the victim’s check answers', async () => {
    const victim = 65_001;
    const { paymentId, orderId } = await order(victim);
    const flood = await Promise.all(Array.from({ length: 35 }, () => notify(paymentId)));
    expect(flood.map((r) => r.status)).toEqual(Array(35).fill(200));
    expect(new Set(flood.map((r) => r.body.data.outcome))).toEqual(new Set(['pending']));
    // The victim coming back from the payment page is answered, not told to wait ten minutes.
    const check = await h.call(victim, 'POST', '/api/payments/sync-method', { orderId });
    expect(check.status).toBe(200);
    expect(check.body.data).toMatchObject({ status: 'pending', applied: false });
    // The victim really pays: YooKassa's notification is heard and grants, once.
    fake.succeed(paymentId);
    const real = await notify(paymentId);
    expect(real.status).toBe(200);
    expect(real.body.data.outcome).toBe('applied');
    const sync = await h.call(victim, 'POST', '/api/payments/sync-method', { paymentId });
    expect(sync.status).toBe(200);
    expect(sync.body.data).toMatchObject({ status: 'succeeded', applied: true, userStatus: { subscriptionType: 'week' } });
    expect(await granted(victim)).toEqual({ payments: 1, messages: 1 });
    // 38 requests named the payment; YooKassa was asked a handful of times.
    expect(readBacks(paymentId)).toBeLessThanOrEqual(5);
  });

  /** The same app, with these addresses trusted. */
  const variant = (o: { yookassaTrustedIps: string[]; trustedProxies?: string[] }) =>
    createApi({ services: h.services, identity: h.identity, logger: pino({ level: 'silent' }), localMode: false, ...o });

  /** The variant on a real socket. */
  async function serve(o: { yookassaTrustedIps: string[]; trustedProxies?: string[] }) {
    const s = await serveApp(variant(o));
    served.push(s);
    return (id: string, headers: Record<string, string> = {}) =>
      fetch(`${s.url}/api/payments/yookassa/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body(id)),
      }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as any,
      }));
  }

  it('with YOOKASSA_TRUSTED_IPS, a notification from any other address is refused (403) and reads nothing back', async () => {
    const user = 65_010;
    const { paymentId } = await order(user);
    fake.succeed(paymentId);
    // The socket's peer (127.0.0.1) is not YooKassa, whatever X-Forwarded-For says (no proxy is trusted).
    const direct = await serve({ yookassaTrustedIps: YOOKASSA_RANGES });
    for (const headers of [{}, { 'X-Forwarded-For': '185.71.76.5' }] as Record<string, string>[]) {
      const r = await direct(paymentId, headers);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ success: false, error: expect.stringMatching(/[а-я]/) });
    }
    // Behind our proxy the client is the address the proxy names.
    const proxied = await serve({ yookassaTrustedIps: YOOKASSA_RANGES, trustedProxies: ['127.0.0.1'] });
    for (const forwarded of ['203.0.113.7', '185.71.76.5, 203.0.113.7', '77.75.156.12', '2a02:5181::1'])
      expect((await proxied(paymentId, { 'X-Forwarded-For': forwarded })).status).toBe(403);
    expect(readBacks(paymentId)).toBe(0);
    expect(await granted(user)).toEqual({ payments: 0, messages: 0 });
    // A request with no socket has no address at all: refused too.
    const inProcess = await variant({ yookassaTrustedIps: YOOKASSA_RANGES }).request('/api/payments/yookassa/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '185.71.76.5' },
      body: JSON.stringify(body(paymentId)),
    });
    expect(inProcess.status).toBe(403);
    expect(readBacks(paymentId)).toBe(0);
  });

  it('with YOOKASSA_TRUSTED_IPS, YooKassa’s own addresses are heard (IPv4, IPv6, single addresses)', async () => {
    const proxied = await serve({ yookassaTrustedIps: YOOKASSA_RANGES, trustedProxies: ['127.0.0.1'] });
    for (const [i, forwarded] of ['185.71.76.5', '203.0.113.7, 77.75.156.11', '2a02:5180::1'].entries()) {
      const user = 65_020 + i;
      const { paymentId } = await order(user);
      fake.succeed(paymentId);
      const r = await proxied(paymentId, { 'X-Forwarded-For': forwarded });
      expect(r.status).toBe(200);
      expect(r.body.data.outcome).toBe('applied');
      expect(await granted(user)).toEqual({ payments: 1, messages: 1 });
    }
    // Straight from the socket, when the socket's peer is in the list.
    const direct = await serve({ yookassaTrustedIps: ['127.0.0.0/8'] });
    const { paymentId } = await order(65_030);
    fake.succeed(paymentId);
    expect((await direct(paymentId)).body.data.outcome).toBe('applied');
  });

  // Last in the file: it spends this instance's minute of unknown read-backs.
  it('a flood of junk notifications never keeps out a known payment or the refund of a known payment', async () => {
    const user = 65_040;
    const paid = await order(user);
    fake.succeed(paid.paymentId);
    expect((await notify(paid.paymentId)).body.data.outcome).toBe('applied');
    const waiting = await order(65_041);
    // 61 junk notifications a minute, payments and refunds of ids nobody knows: the last ones are refused.
    const junk = await Promise.all(
      Array.from({ length: 61 }, (_, i) =>
        i % 2
          ? notify(`junk-${i}`)
          : h.call(null, 'POST', '/api/payments/yookassa/webhook', {
              type: 'notification',
              event: 'refund.succeeded',
              object: { id: `junk-refund-${i}`, payment_id: `junk-${i}`, status: 'succeeded' },
            }),
      ),
    );
    expect(junk.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect((await notify('junk-after')).status).toBe(429);
    // A refund made in YooKassa's dashboard: its notification is heard at once and takes the week back.
    const refundId = 'rf-dashboard-65040';
    fake.refunds.set(refundId, {
      id: refundId,
      payment_id: paid.paymentId,
      status: 'succeeded',
      amount: { value: '149.00', currency: 'RUB' },
    });
    const refund = await h.call(null, 'POST', '/api/payments/yookassa/webhook', {
      type: 'notification',
      event: 'refund.succeeded',
      object: { id: refundId, payment_id: paid.paymentId, status: 'succeeded' },
    });
    expect(refund.status).toBe(200);
    expect(refund.body.data.outcome).toBe('refunded');
    expect((await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.subscriptionType).toBe('free');
    // A known payment's own notification is heard too.
    fake.succeed(waiting.paymentId);
    const real = await notify(waiting.paymentId);
    expect(real.status).toBe(200);
    expect(real.body.data.outcome).toBe('applied');
    expect(await granted(65_041)).toEqual({ payments: 1, messages: 1 });
  });
});
