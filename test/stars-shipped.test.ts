// The built server (dist/server, what `npm start` and the Docker image run) with a real bot token, Stars and
// the Bot API faked on 127.0.0.1: every product is bought with Stars (an invoice link Telegram made, then
// successful_payment granted once however often it is delivered), a payment that matches no order is
// refunded (again on redelivery when Telegram refused the first refund), a share kit gets its prepared
// inline message, and /api/bot-link names the bot. The bundle once loaded grammY in a shape the sources
// never have, and none of this worked while the tests ran the sources.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIdentity } from '../services/identity';
import { callApp, startAppProcess, type AppProcess } from './app-process';
import { openAppDatabase } from './app-database';
import { TEST_BOT_TOKEN } from './harness';
import { starsWebhookEnv, successfulPaymentUpdate } from './stars-webhook';
import { createTestTelegram, type TestTelegram } from './test-telegram';

const SECRET = 'stars-shipped_secret-1';
const identity = createIdentity({ botToken: TEST_BOT_TOKEN, maxAgeS: 86400 });
const auth = (id: number) => `tma ${identity.signInitData({ id, first_name: 'Тест' })}`;
const until = <T>(fn: () => T | Promise<T>) => vi.waitFor(fn, { timeout: 20_000, interval: 50 });

describe('the built server takes Stars and talks to the Bot API', () => {
  let tg: TestTelegram;
  let app: AppProcess;
  let database: Awaited<ReturnType<typeof openAppDatabase>>;
  let nextUpdate = 70_000_000;

  beforeAll(async () => {
    tg = createTestTelegram({ token: TEST_BOT_TOKEN, botUsername: 'tarot_test_bot' });
    await tg.listen();
    database = await openAppDatabase('pglite', 'taro-stars-shipped-');
    app = await startAppProcess('stars-shipped', {
      ...database.env,
      ...starsWebhookEnv(tg.apiRoot, SECRET),
    });
  }, 120_000);

  afterAll(async () => {
    await app?.kill();
    await database?.close();
    await tg?.close();
  });

  const deliver = async (userId: number, payment: { payload: string; amount: number; chargeId: string }) => {
    const update = successfulPaymentUpdate(++nextUpdate, userId, payment);
    const res = await fetch(`${app.base}/api/telegram/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': SECRET },
      body: JSON.stringify(update),
    });
    await res.arrayBuffer();
    return res.status;
  };

  const repliesTo = (userId: number) =>
    tg.calls.filter((c) => c.method === 'sendMessage' && c.chatId === userId).map((c) => String(c.params.text));

  const products = [
    { product: 'micro', path: '/api/payments/create-one-time', body: { product: 'micro' } },
    { product: 'week', path: '/api/payments/create-one-time', body: { product: 'week' } },
    { product: 'basic', path: '/api/payments/create', body: { type: 'basic', autopayConsent: true } },
    { product: 'vip', path: '/api/payments/create', body: { type: 'vip' } },
  ] as const;

  it.each(products.map((p, i) => [p.product, p, 830_001 + i] as const))(
    'buys %s with Stars: an invoice link from Telegram, granted once for two deliveries',
    async (product, p, userId) => {
      const order = await callApp(app.base, 'POST', p.path, { auth: auth(userId), json: { ...p.body, provider: 'stars' } });
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      const orderId = order.body.data.orderId as string;
      const invoice = tg.calls.find((c) => c.method === 'createInvoiceLink' && c.params.payload === orderId);
      expect(invoice, 'createInvoiceLink reached Telegram').toBeDefined();
      expect(invoice!.params.currency).toBe('XTR');
      expect(order.body.data.invoiceLink).toMatch(/^https:\/\/t\.me\/\$/);
      // A plan with autopay consent is a Stars subscription; without it (vip here), the week pass and the micro
      // pack are one-off invoices.
      expect(!!invoice!.params.subscription_period).toBe(product === 'basic');

      const paid = { payload: orderId, amount: invoice!.params.prices[0].amount as number, chargeId: `shipped_${product}` };
      expect(await deliver(userId, paid)).toBe(200);
      expect(await deliver(userId, paid)).toBe(200);

      if (product === 'micro') {
        const ent = await callApp(app.base, 'GET', '/api/user/entitlements', { auth: auth(userId) });
        expect(ent.body.data.hasMicroPurchase).toBe(true);
      } else {
        const status = await callApp(app.base, 'GET', '/api/user/status', { auth: auth(userId) });
        expect(status.body.data.userStatus.subscriptionType).toBe(product === 'week' ? 'week' : product);
      }
      // One confirmation message for two deliveries.
      await until(() => expect(tg.calls.filter((c) => c.method === 'sendMessage' && c.chatId === userId)).toHaveLength(1));
    },
  );

  it('refunds a Stars payment that matches no order, and tries again on redelivery when Telegram refused the refund', async () => {
    const userId = 830_101;
    const orphan = { payload: 'not-an-order', amount: 50, chargeId: 'shipped_orphan' };
    tg.failNext(userId, { error_code: 500, description: 'Internal Server Error' });
    expect(await deliver(userId, orphan)).toBe(200);
    const refunds = () =>
      tg.calls.filter((c) => c.method === 'refundStarPayment' && c.params.telegram_payment_charge_id === orphan.chargeId);
    expect(refunds().map((c) => c.ok)).toEqual([false]);
    await until(() => expect(repliesTo(userId).join('\n')).toMatch(/Звёзды вернутся автоматически/));
    // The log line reaches the process's output on its own schedule.
    await until(() => expect(app.output()).toMatch(/Bot API call failed/));

    // Telegram delivers it again: the refund goes through now, and only now.
    expect(await deliver(userId, orphan)).toBe(200);
    expect(refunds().map((c) => c.ok)).toEqual([false, true]);
    expect(Number(refunds()[1].params.user_id)).toBe(userId);
    await until(() => expect(repliesTo(userId).join('\n')).toMatch(/звёзды возвращены/));
    // Refunded once: a third delivery asks Telegram for nothing.
    expect(await deliver(userId, orphan)).toBe(200);
    expect(refunds()).toHaveLength(2);
    const status = await callApp(app.base, 'GET', '/api/user/status', { auth: auth(userId) });
    expect(status.body.data.userStatus.subscriptionType).toBe('free');
  });

  it('prepares a share message through the Bot API for a reading, and names the bot at /api/bot-link', async () => {
    const userId = 830_201;
    const created = await callApp(app.base, 'POST', '/api/readings', {
      auth: auth(userId),
      json: { spreadType: 'free_daily', question: 'Что принесёт неделя?' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const share = await callApp(app.base, 'POST', `/api/readings/${created.body.data.id}/share`, {
      auth: auth(userId),
      json: { includeQuestion: false },
    });
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    expect(share.body.data.preparedMessageId).toBeTruthy();
    expect(tg.calls.filter((c) => c.method === 'savePreparedInlineMessage' && Number(c.params.user_id) === userId)).toHaveLength(1);

    const link = await callApp(app.base, 'GET', '/api/bot-link', { auth: auth(userId) });
    expect(link.body.data.url).toBe('https://t.me/tarot_test_bot');
  });
});
