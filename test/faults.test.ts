// Faults, with the app as a child process (the built server) on each test database: SIGKILL in the middle of a stream
// of reading creations and YooKassa payment notifications loses nothing that was answered and leaves
// nothing half-written, and redelivered notifications grant nothing twice; SIGTERM lets the request and the
// bot update in flight finish and exits 0; on PostgreSQL, the database cut off behind a TCP proxy gives
// 503 answers and the app recovers by itself once it is back. (PGlite runs inside the process: it has no
// network to lose; see the note at the end of this file.)
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalTelegram, type LocalTelegram } from '../bot/local-telegram/index';
import type { Db } from '../db/connection';
import { getSpread } from '../domain/tarot/spreads';
import { createIdentity } from '../services/identity';
import { callApp, startAppProcess, type AppProcess } from './app-process';
import { type createTestDatabase, TEST_DB_KINDS, type TestDbKind } from './databases';
import { DEFAULT_FAKE_TEXT, startFakeOpenAI, type FakeOpenAI } from './fake-openai';
import { startFakeYooKassa, type FakeYooKassa } from './fake-yookassa';
import { TEST_BOT_TOKEN } from './harness';
import { sseEvents } from './sse-client';
import { openAppDatabase } from './app-database';
import type { startTcpProxy } from './tcp-proxy';

const until = <T>(fn: () => T | Promise<T>, timeout = 20_000) => vi.waitFor(fn, { timeout, interval: 50 });
const identity = createIdentity({ botToken: TEST_BOT_TOKEN, maxAgeS: 86400 });
const auth = (id: number) => `tma ${identity.signInitData({ id, first_name: 'Тест' })}`;
const DOWN_MESSAGE = 'Сервис временно недоступен, попробуйте через минуту';

interface StreamResult {
  /** Readings whose creation was answered 201. */
  readings: { id: number; userId: number }[];
  /** Every payment the fake YooKassa marked succeeded (its notification may or may not have been answered). */
  payments: { paymentId: string; userId: number; product: 'week' | 'micro'; readingId: number | null }[];
  /** Payments whose notification was answered 200 with outcome `applied`. */
  applied: Set<string>;
  /** Requests that got no answer (the process died under them). */
  failed: number;
}

/** The database's state must be whole: every effect has its cause and every cause its effect. */
async function checkIntegrity(db: Db, s: StreamResult) {
  const userIds = [...new Set([...s.readings.map((r) => r.userId), ...s.payments.map((p) => p.userId)])];
  // Every answered reading is there, with all its cards.
  const readings = await db.selectFrom('readings').selectAll().where('user_id', 'in', userIds).execute();
  const byId = new Map(readings.map((r) => [r.id, r]));
  for (const r of s.readings) expect(byId.get(r.id)?.user_id, `answered reading ${r.id}`).toBe(r.userId);
  for (const r of readings) {
    expect(r.cards).toHaveLength(getSpread(r.spread_type)!.cards);
    expect(r.charged_day).not.toBeNull();
  }
  // A spread is taken exactly when a reading exists (same transaction), and counted in the total. A plan
  // bought restarts the day's counter, so a user who bought the week pass counts no more than was read.
  const usage = await db.selectFrom('daily_usage').selectAll().where('user_id', 'in', userIds).execute();
  const users = await db.selectFrom('users').selectAll().where('id', 'in', userIds).execute();
  const planBuyers = new Set(
    (await db.selectFrom('payments').select(['user_id', 'product']).where('user_id', 'in', userIds).execute())
      .filter((p) => p.product === 'week')
      .map((p) => p.user_id),
  );
  for (const u of users) {
    const mine = readings.filter((r) => r.user_id === u.id);
    expect(u.total_spreads_used, `user ${u.id} total`).toBe(mine.length);
    const used = usage.filter((d) => d.user_id === u.id).reduce((n, d) => n + d.spreads_used, 0);
    if (planBuyers.has(u.id)) expect(used, `user ${u.id} spreads used`).toBeLessThanOrEqual(mine.length);
    else expect(used, `user ${u.id} spreads used`).toBe(mine.length);
  }

  // Payments: the ledger row, its grant, its order and its message exist together or not at all.
  const payments = await db.selectFrom('payments').selectAll().where('user_id', 'in', userIds).execute();
  const orders = await db.selectFrom('payment_orders').selectAll().where('user_id', 'in', userIds).execute();
  const micro = await db.selectFrom('micro_purchases').selectAll().where('user_id', 'in', userIds).execute();
  const messages = await db.selectFrom('notifications').selectAll().where('user_id', 'in', userIds).where('kind', '=', 'payment').execute();
  const paid = new Set(payments.map((p) => p.provider_payment_id));
  for (const id of s.applied) expect(paid.has(id), `applied payment ${id}`).toBe(true);
  for (const p of payments) {
    const granted = p.granted as { kind?: string; expires?: string };
    const user = users.find((u) => u.id === p.user_id)!;
    expect(orders.find((o) => o.id === p.order_id)?.status).toBe('succeeded');
    expect(messages.filter((m) => m.dedup_key === `yookassa:${p.provider_payment_id}`)).toHaveLength(1);
    if (p.product === 'week') {
      expect(granted.kind).toBe('plan');
      expect(user.subscription_type).toBe('week');
      expect(user.subscription_expires?.toISOString()).toBe(granted.expires);
    } else {
      expect(granted.kind).toBe('micro');
      expect(micro.filter((m) => m.payment_id === p.id)).toHaveLength(1);
    }
  }
  // …and no effect without its payment.
  for (const u of users)
    if (u.subscription_type !== 'free') expect(payments.some((p) => p.user_id === u.id && p.product === 'week')).toBe(true);
  for (const m of micro) expect(payments.some((p) => p.id === m.payment_id)).toBe(true);
  for (const o of orders) if (o.status === 'succeeded') expect(payments.some((p) => p.order_id === o.id)).toBe(true);
  for (const m of messages) expect(paid.has(m.dedup_key.replace(/^yookassa:/, ''))).toBe(true);
  return { payments: payments.length, paid, expiries: new Map(users.map((u) => [u.id, u.subscription_expires?.toISOString() ?? null])) };
}

describe.each(TEST_DB_KINDS)('faults (%s)', (kind: TestDbKind) => {
  let tg: LocalTelegram;
  let yoo: FakeYooKassa;
  let ai: FakeOpenAI;
  let pg: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>> | undefined;
  let database: Awaited<ReturnType<typeof openAppDatabase>> | undefined;
  let app: AppProcess | undefined;
  let env: Record<string, string>;
  let stream: StreamResult;
  let atCrash: Awaited<ReturnType<typeof checkIntegrity>>;
  const baseUser = kind === 'pglite' ? 710_000 : 720_000;

  beforeAll(async () => {
    tg = createLocalTelegram({ token: TEST_BOT_TOKEN, botUsername: 'tarot_test_bot' });
    await tg.listen();
    yoo = await startFakeYooKassa();
    ai = await startFakeOpenAI();
    env = {
      BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_ROOT: tg.apiRoot,
      BOT_MODE: 'polling',
      PUBLIC_URL: 'https://example.test',
      PAYMENTS_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: yoo.shopId,
      YOOKASSA_SECRET_KEY: yoo.secretKey,
      YOOKASSA_API_ROOT: yoo.apiRoot,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: ai.baseUrl,
    };
    database = await openAppDatabase(kind, 'taro-faults-');
    ({ pg, proxy } = database);
    Object.assign(env, database.env);
    app = await startAppProcess(`app-${kind}`, env);
  }, 120_000);

  afterAll(async () => {
    await app?.kill();
    await database?.close();
    await tg?.close();
    await yoo?.close();
    await ai?.close();
  });

  /** The database as the app left it: PostgreSQL directly; the PGlite folder opened here while no app runs. */
  async function withDatabase<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    if (!pg) expect(app?.alive ?? false).toBe(false);
    return database!.read(fn);
  }

  const notify = (base: string, id: string) =>
    callApp(base, 'POST', '/api/payments/yookassa/webhook', {
      json: { type: 'notification', event: 'payment.succeeded', object: { id, status: 'succeeded' } },
    });

  it('SIGKILL in the middle of reading creations and payment notifications: nothing answered is lost, nothing is half-written', async () => {
    const base = app!.base;
    const s: StreamResult = { readings: [], payments: [], applied: new Set(), failed: 0 };
    let next = baseUser;
    let killing: Promise<void> | null = null;
    const KILL_AFTER = 12;

    // Each flow: a new user creates a reading, orders a week pass or a micro pack for it, pays (the fake
    // YooKassa marks it succeeded) and YooKassa notifies. The process is killed while flows are running.
    async function worker() {
      while (!killing) {
        const userId = ++next;
        const product = userId % 2 ? 'week' : 'micro';
        try {
          const r = await callApp(base, 'POST', '/api/readings', {
            auth: auth(userId),
            json: { spreadType: 'free_daily', question: `Что меня ждёт? №${userId}` },
          });
          if (r.status !== 201) throw new Error(`reading: ${r.status} ${JSON.stringify(r.body)}`);
          s.readings.push({ id: r.body.data.id, userId });
          const readingId = product === 'micro' ? (r.body.data.id as number) : null;
          const order = await callApp(base, 'POST', '/api/payments/create-one-time', {
            auth: auth(userId),
            json: { product, mode: 'embedded', ...(readingId ? { readingId } : {}) },
          });
          if (order.status !== 200) throw new Error(`order: ${order.status} ${JSON.stringify(order.body)}`);
          const paymentId = order.body.data.paymentId as string;
          yoo.succeed(paymentId);
          s.payments.push({ paymentId, userId, product, readingId });
          const n = await notify(base, paymentId);
          if (n.status !== 200) throw new Error(`notification: ${n.status} ${JSON.stringify(n.body)}`);
          if (n.body.data.outcome === 'applied') s.applied.add(paymentId);
          if (s.applied.size >= KILL_AFTER && !killing) killing = app!.kill();
        } catch (err) {
          if (!killing) throw err;
          s.failed++;
          return;
        }
      }
    }
    await Promise.all(Array.from({ length: 6 }, worker));
    await killing;
    stream = s;
    expect(app!.alive).toBe(false);
    // Requests were in flight when it died.
    expect(s.failed).toBeGreaterThan(0);
    expect(s.applied.size).toBeGreaterThanOrEqual(KILL_AFTER);

    // The state the crash left: whole.
    atCrash = await withDatabase((db) => checkIntegrity(db, s));

    // Restarted on the same data: every answered reading is readable with its cards.
    app = await startAppProcess(`app-${kind}-restarted`, env);
    for (const r of s.readings) {
      const got = await callApp(app.base, 'GET', `/api/readings/${r.id}`, { auth: auth(r.userId) });
      expect(got.status).toBe(200);
      expect(got.body.data.cards).toHaveLength(3);
    }

    // YooKassa redelivers every notification: what was applied before the crash is a duplicate, what was
    // not (the process died first) is applied now, once.
    const statusOf = async (userId: number) =>
      (await callApp(app!.base, 'GET', '/api/user/status', { auth: auth(userId) })).body.data.userStatus.subscriptionExpires;
    const first = await Promise.all(s.payments.map(async (p) => ({ p, r: await notify(app!.base, p.paymentId) })));
    for (const { p, r } of first) {
      expect(r.status).toBe(200);
      expect(r.body.data.outcome, p.paymentId).toBe(atCrash.paid.has(p.paymentId) ? 'duplicate' : 'applied');
      if (p.product === 'week' && atCrash.paid.has(p.paymentId)) expect(await statusOf(p.userId)).toBe(atCrash.expiries.get(p.userId));
    }
    const after = new Map(await Promise.all(s.payments.map(async (p) => [p.userId, await statusOf(p.userId)] as const)));
    // And again: nothing moves any more.
    const second = await Promise.all(s.payments.map((p) => notify(app!.base, p.paymentId)));
    expect(second.map((r) => r.body.data.outcome)).toEqual(s.payments.map(() => 'duplicate'));
    for (const p of s.payments) expect(await statusOf(p.userId)).toBe(after.get(p.userId));
    for (const p of s.payments.filter((x) => x.product === 'micro')) {
      const e = await callApp(app!.base, 'GET', `/api/user/entitlements?readingId=${p.readingId}`, { auth: auth(p.userId) });
      expect(e.body.data.hasMicroForCurrentQuestion).toBe(true);
    }
    if (pg) {
      const now = await checkIntegrity(pg.db, s);
      expect(now.payments).toBe(s.payments.length);
    }
  }, 90_000);

  // PostgreSQL only: PGlite has no connection to lose (see the note at the end of this file).
  if (kind === 'postgres')
    it('the database cut off gives 503 (not 500) and the app recovers by itself when it is back', async () => {
      const user = baseUser + 900;
      const status = () => callApp(app!.base, 'GET', '/api/user/status', { auth: auth(user) });
      expect((await status()).status).toBe(200);
      const pid = app!.pid;

      for (const how of ['refuse', 'silent'] as const) {
        // Cut while queries are in flight: those answer 503 too (a dropped connection in use must not end
        // the process), and none answers 500.
        const burst = Array.from({ length: 30 }, (_, i) => callApp(app!.base, 'GET', '/api/user/status', { auth: auth(user + 1 + i) }));
        await Promise.race(burst);
        await proxy!.cut(how);
        const answers = await Promise.all(burst);
        expect(answers.map((r) => r.status).filter((st) => st !== 200 && st !== 503)).toEqual([]);
        const [down, create, health] = await Promise.all([
          status(),
          callApp(app!.base, 'POST', '/api/readings', { auth: auth(user), json: { spreadType: 'free_daily', question: 'Что меня ждёт?' } }),
          callApp(app!.base, 'GET', '/api/health'),
        ]);
        expect(down.status, `${how}: ${JSON.stringify(down.body)}`).toBe(503);
        expect(down.body).toEqual({ success: false, error: DOWN_MESSAGE });
        expect(create.status).toBe(503);
        expect(create.body.error).toBe(DOWN_MESSAGE);
        expect(health.status).toBe(503);

        await proxy!.restore();
        await until(async () => expect((await status()).status).toBe(200));
        expect((await callApp(app!.base, 'GET', '/api/health')).status).toBe(200);
      }
      // The same process all along: nothing restarted it.
      expect(app!.alive).toBe(true);
      expect(app!.pid).toBe(pid);
    }, 90_000);

  // PostgreSQL only: a database that stops answering without closing its connections (a network that
  // drops packets). Queries are bounded by the statement timeout and the pool's acquire timeout.
  if (kind === 'postgres')
    it('a database that stops answering without closing the connection: 503 within seconds, health too, and it recovers by itself', async () => {
      const user = baseUser + 920;
      const status = () => callApp(app!.base, 'GET', '/api/user/status', { auth: auth(user) });
      expect((await status()).status).toBe(200);
      proxy!.stall();
      const started = Date.now();
      const answers = await Promise.all([
        status(),
        callApp(app!.base, 'GET', '/api/health'),
        ...Array.from({ length: 20 }, (_, i) => callApp(app!.base, 'GET', '/api/user/status', { auth: auth(user + 1 + i) })),
      ]);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(answers.map((r) => r.status).filter((st) => st !== 503)).toEqual([]);
      await proxy!.restore();
      await until(async () => expect((await status()).status).toBe(200));
      expect((await callApp(app!.base, 'GET', '/api/health')).status).toBe(200);
    }, 90_000);

  it('SIGTERM lets the streamed interpretation and the chat reading in flight finish, then exits 0', async () => {
    const base = app!.base;
    ai.set({ mode: 'ok', firstTokenDelayMs: 200, tokenDelayMs: 40 });
    const user = baseUser + 950;
    const created = await callApp(base, 'POST', '/api/readings', {
      auth: auth(user),
      json: { spreadType: 'free_daily', question: 'Что принесёт этот день?' },
    });
    expect(created.status).toBe(201);

    // A chat reading up to its question (the bot long-polls the local Telegram).
    const chatUser = { id: baseUser + 951, first_name: 'Вера', language_code: 'ru' };
    tg.sendText(chatUser, '/reading');
    const menu = await tg.waitForBotMessage(chatUser.id, (m) => m.text.startsWith('🔮 Выберите расклад'), 20_000);
    tg.pressButton(chatUser.id, menu.message_id, 'rd:free_daily');
    await tg.waitForBotMessage(chatUser.id, (m) => m.text.includes('Напишите свой вопрос'), 20_000);

    const before = ai.requests.length;
    const res = await fetch(`${base}/api/readings/${created.body.data.id}/interpretation`, {
      headers: { Authorization: auth(user), Accept: 'text/event-stream' },
    });
    expect(res.status).toBe(200);
    const events = sseEvents(res);
    const firstEvent = await events.next();
    expect(firstEvent.value?.event).toBe('delta');
    tg.sendText(chatUser.id, 'Что меня ждёт на этой неделе?');
    await ai.waitForRequests(before + 2);

    app!.signal('SIGTERM');
    let text = firstEvent.value!.data.text as string;
    let done: any = null;
    for await (const e of events) {
      if (e.event === 'delta') text += e.data.text;
      else if (e.event === 'done') done = e.data;
      else throw new Error(`unexpected event ${e.event}: ${JSON.stringify(e.data)}`);
    }
    expect(done).toMatchObject({ fallback: false, error: null, reading: { status: 'done' } });
    expect(text).toBe(DEFAULT_FAKE_TEXT);
    expect(await app!.exited).toEqual({ code: 0, signal: null });
    // The bot finished the reading it had taken before exiting.
    const last = tg.botMessages(chatUser.id).at(-1)!;
    expect(last.text).toContain('Общий вывод');

    // Stopped cleanly: the data is whole, and both interpretations were stored.
    await withDatabase(async (db) => {
      await checkIntegrity(db, stream);
      const rows = await db
        .selectFrom('readings')
        .select(['status', 'interpretation'])
        .where('user_id', 'in', [user, chatUser.id])
        .execute();
      expect(rows).toHaveLength(2);
      for (const r of rows) expect(r).toEqual({ status: 'done', interpretation: DEFAULT_FAKE_TEXT });
    });
  }, 90_000);
});

// PGlite has no "database unreachable" state to test: it is PostgreSQL compiled to WebAssembly running in
// the app's own process over its own folder, with no network or server between them. What can go wrong is
// the process itself (covered above: SIGKILL and restart on the same folder) or the disk (a full or failing
// disk makes PostgreSQL PANIC, which ends the embedded instance; only a restart helps, not a retry).
