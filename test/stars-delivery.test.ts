// Telegram Stars payments through crashes and outages, with the app as a child process (the built server, webhook
// mode): SIGKILL while dozens of successful_payment updates are in flight, then a restart on the same
// database and every update redelivered twice, ends in exactly one payment row and one grant per payment;
// a database outage during successful_payment answers non-2xx so Telegram redelivers (webhook), or is
// handled again once the database is back (polling); a body that is no update is answered 200 and dropped.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestTelegram, type TestTelegram } from './test-telegram';
import type { Db } from '../db/connection';
import { createIdentity } from '../services/identity';
import { callApp, startAppProcess, type AppProcess } from './app-process';
import { type createTestDatabase, TEST_DB_KINDS, type TestDbKind } from './databases';
import { TEST_BOT_TOKEN } from './harness';
import { openAppDatabase } from './app-database';
import { starsWebhookEnv, successfulPaymentUpdate } from './stars-webhook';
import { DAY_MS } from '../domain/text/time';
import type { startTcpProxy } from './tcp-proxy';

const SECRET = 'stars-delivery_secret-1';
const until = <T>(fn: () => T | Promise<T>, timeout = 30_000) => vi.waitFor(fn, { timeout, interval: 100 });
const identity = createIdentity({ botToken: TEST_BOT_TOKEN, maxAgeS: 86400 });
const auth = (id: number) => `tma ${identity.signInitData({ id, first_name: 'Тест' })}`;

interface Paid {
  userId: number;
  orderId: string;
  update: Record<string, unknown>;
  chargeId: string;
}

describe.each(TEST_DB_KINDS)('Stars payments through crashes and outages (%s)', (kind: TestDbKind) => {
  let tg: TestTelegram;
  let pg: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>> | undefined;
  let database: Awaited<ReturnType<typeof openAppDatabase>> | undefined;
  let app: AppProcess | undefined;
  let env: Record<string, string>;
  const baseUser = kind === 'pglite' ? 810_000 : 820_000;
  let nextUpdate = kind === 'pglite' ? 50_000_000 : 60_000_000;

  beforeAll(async () => {
    tg = createTestTelegram({ token: TEST_BOT_TOKEN, botUsername: 'tarot_test_bot' });
    await tg.listen();
    env = starsWebhookEnv(tg.apiRoot, SECRET);
    database = await openAppDatabase(kind, 'taro-stars-');
    ({ pg, proxy } = database);
    Object.assign(env, database.env);
    app = await startAppProcess(`stars-${kind}`, env);
  }, 120_000);

  afterAll(async () => {
    await app?.kill();
    await database?.close();
    await tg?.close();
  });

  /** The database as the app left it: PostgreSQL directly; the PGlite folder only while no app runs. */
  async function withDatabase<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    if (!pg) expect(app?.alive ?? false).toBe(false);
    return database!.read(fn);
  }

  const post = (base: string, update: unknown) =>
    fetch(`${base}/api/telegram/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': SECRET },
      body: JSON.stringify(update),
      signal: AbortSignal.timeout(30_000),
    }).then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    });

  /** A week pass ordered through the API for Stars, and the successful_payment update Telegram would send for it. */
  async function orderAndPay(userId: number, on: { base: string; tg: TestTelegram } = { base: app!.base, tg }): Promise<Paid> {
    const order = await callApp(on.base, 'POST', '/api/payments/create-one-time', {
      auth: auth(userId),
      json: { product: 'week', provider: 'stars' },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const orderId = order.body.data.orderId as string;
    const invoice = on.tg.calls.find((c) => c.method === 'createInvoiceLink' && c.params.payload === orderId)!;
    const amount = invoice.params.prices[0].amount as number;
    const chargeId = `charge_${kind}_${userId}`;
    const update = successfulPaymentUpdate(++nextUpdate, userId, { payload: orderId, amount, chargeId });
    return { userId, orderId, update, chargeId };
  }

  /** Exactly one payment row per charge, its order succeeded, one message, and a week granted once (not twice). */
  async function expectGrantedOnce(db: Db, paid: Paid[]) {
    const ids = paid.map((p) => p.userId);
    const payments = await db.selectFrom('payments').selectAll().where('user_id', 'in', ids).execute();
    const users = await db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    const orders = await db.selectFrom('payment_orders').selectAll().where('user_id', 'in', ids).execute();
    const messages = await db.selectFrom('notifications').selectAll().where('user_id', 'in', ids).where('kind', '=', 'payment').execute();
    for (const p of paid) {
      const rows = payments.filter((x) => x.provider_payment_id === p.chargeId);
      expect(rows, `payment rows of ${p.chargeId}`).toHaveLength(1);
      expect((rows[0].granted as { kind: string }).kind).toBe('plan');
      expect(orders.find((o) => o.id === p.orderId)?.status).toBe('succeeded');
      expect(messages.filter((m) => m.dedup_key === `stars:${p.chargeId}`)).toHaveLength(1);
      const user = users.find((u) => u.id === p.userId)!;
      expect(user.subscription_type).toBe('week');
      // One week from the payment, not two.
      const days = (user.subscription_expires!.getTime() - rows[0].created_at.getTime()) / DAY_MS;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThan(7.1);
    }
  }

  it('SIGKILL with dozens of successful_payment updates in flight: after a restart and two redeliveries, each payment is granted exactly once', async () => {
    const COUNT = 40;
    const paid: Paid[] = [];
    for (let i = 0; i < COUNT; i++) paid.push(await orderAndPay(baseUser + i));

    // Every update posted at once; the process is killed as soon as the first is answered.
    let answered = 0;
    let killing: Promise<void> | null = null;
    const first = paid.map((p) =>
      post(app!.base, p.update)
        .then((status) => {
          answered++;
          if (!killing) killing = app!.kill();
          return status;
        })
        .catch(() => null),
    );
    await Promise.all(first);
    await killing;
    expect(app!.alive).toBe(false);
    // Most were still in flight when the process died.
    expect(answered).toBeLessThan(COUNT);

    // Restarted on the same database, Telegram redelivers every update, twice.
    app = await startAppProcess(`stars-${kind}-restarted`, env);
    for (let round = 0; round < 2; round++) {
      const statuses = await Promise.all(paid.map((p) => post(app!.base, p.update)));
      expect(statuses).toEqual(paid.map(() => 200));
    }
    for (const p of paid.slice(0, 3)) {
      const s = await callApp(app!.base, 'GET', '/api/user/status', { auth: auth(p.userId) });
      expect(s.body.data.userStatus.subscriptionType).toBe('week');
    }
    if (!pg) await app.stop();
    await withDatabase((db) => expectGrantedOnce(db, paid));
    if (!app.alive) app = await startAppProcess(`stars-${kind}-again`, env);
  }, 180_000);

  it('a webhook body that is no update is answered 200 and dropped (never redelivered forever)', async () => {
    for (const body of [{}, { update_id: 'x' }, [1, 2], { update_id: -1 }]) expect(await post(app!.base, body)).toBe(200);
    const raw = await fetch(`${app!.base}/api/telegram/webhook`, {
      method: 'POST',
      headers: { 'X-Telegram-Bot-Api-Secret-Token': SECRET },
      body: 'not json',
    });
    expect(raw.status).toBe(200);
    expect((await callApp(app!.base, 'GET', '/api/health')).status).toBe(200);
  });

  // PostgreSQL only: PGlite runs inside the process and has no connection to lose.
  if (kind === 'postgres')
    it('the database down during successful_payment: the webhook answers 503, and the redelivery once it is back applies it once', async () => {
      const p = await orderAndPay(baseUser + 500);
      await proxy!.cut('refuse');
      try {
        const status = await post(app!.base, p.update);
        expect(status).toBeGreaterThanOrEqual(500);
      } finally {
        await proxy!.restore();
      }
      await until(async () => expect((await callApp(app!.base, 'GET', '/api/health')).status).toBe(200));
      expect(await post(app!.base, p.update)).toBe(200);
      expect(await post(app!.base, p.update)).toBe(200);
      await expectGrantedOnce(pg!.db, [p]);
    }, 60_000);

  if (kind === 'postgres')
    it('polling: a successful_payment met by a database outage is handled again once the database is back, not skipped', async () => {
      const tg2 = createTestTelegram({ token: TEST_BOT_TOKEN, botUsername: 'tarot_test_bot' });
      await tg2.listen();
      const polling = await startAppProcess('stars-polling', { ...env, BOT_MODE: 'polling', TELEGRAM_API_ROOT: tg2.apiRoot });
      try {
        const p = await orderAndPay(baseUser + 600, { base: polling.base, tg: tg2 });
        await proxy!.cut('refuse');
        try {
          const { update_id: _id, ...rest } = p.update;
          tg2.sendUpdate(rest);
          await until(() => expect(tg2.pendingUpdates).toBe(0));
          // Fetched (Telegram forgets it now), and failed against the database at least once.
          await until(() => expect(polling.output()).toContain('it will be handled again'));
        } finally {
          await proxy!.restore();
        }
        await until(async () => {
          const s = await callApp(polling.base, 'GET', '/api/user/status', { auth: auth(p.userId) });
          expect(s.body.data?.userStatus.subscriptionType).toBe('week');
        });
        await expectGrantedOnce(pg!.db, [p]);
      } finally {
        await polling.kill();
        await tg2.close();
      }
    }, 90_000);
});
