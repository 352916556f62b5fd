// Two app processes (the built server, webhook mode) on one PostgreSQL database behind an imagined load balancer:
// API calls land on either, quotas hold across both, a chat conversation begun on one continues on the
// other, due pushes go out once although both instances schedule and send, and a user deleted through one is
// not answered from the other's memory. Needs TEST_DATABASE_URL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestTelegram, type TestTelegram } from './test-telegram';
import { createIdentity } from '../services/identity';
import { callApp, startAppProcess, type AppProcess } from './app-process';
import { createTestDatabase } from './databases';
import { TEST_BOT_TOKEN } from './harness';

const PG = process.env.TEST_DATABASE_URL;
if (!PG) console.log('test/instances.test.ts: TEST_DATABASE_URL is not set, so the two-instance test (it needs PostgreSQL) is skipped');

const SECRET = 'instances-webhook-secret_1';
const until = <T>(fn: () => T | Promise<T>, timeout = 30_000) => vi.waitFor(fn, { timeout, interval: 50 });
const identity = createIdentity({ botToken: TEST_BOT_TOKEN, maxAgeS: 86400 });
const auth = (id: number) => `tma ${identity.signInitData({ id, first_name: 'Тест' })}`;

/** An IANA zone (fixed offset) where it is now between 11:00 and 12:00: inside the 10:00 reminder's window. */
function zoneAtEleven(now = new Date()): string {
  const offset = 11 - now.getUTCHours(); // -12 … +11
  // Etc/GMT signs are inverted: Etc/GMT-3 is UTC+3.
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/**
 * Telegram's side of the webhook: the local Telegram posts each update here, and the relay forwards it to
 * the instance the test chose, with Telegram's secret header untouched. The test learns which instance
 * answered and when the update was fully handled (grammY answers the webhook after the handler ends).
 */
async function startWebhookRelay(targets: Record<string, string>) {
  let target = Object.keys(targets)[0];
  const handled = new Map<number, { instance: string; status: number }>();
  const waiters = new Set<() => void>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const instance = target;
    const upstream = await fetch(`${targets[instance]}/api/telegram/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'X-Telegram-Bot-Api-Secret-Token': String(req.headers['x-telegram-bot-api-secret-token'] ?? ''),
      },
      body,
    }).catch(() => null);
    const status = upstream?.status ?? 502;
    await upstream?.arrayBuffer().catch(() => undefined);
    handled.set(JSON.parse(body).update_id, { instance, status });
    for (const w of waiters) w();
    res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    /** Updates from now on go to this instance. */
    to(name: string) {
      target = name;
    },
    /** Waits until the update was answered by an instance; returns which one and its status. */
    async handled(updateId: number, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!handled.has(updateId)) {
        if (Date.now() > deadline) throw new Error(`update ${updateId} was not delivered within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const done = () => {
            waiters.delete(done);
            resolve();
          };
          waiters.add(done);
          setTimeout(done, 200);
        });
      }
      return handled.get(updateId)!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(!!PG)('two app instances on one PostgreSQL (webhook mode)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let tg: TestTelegram;
  let a: AppProcess | undefined;
  let b: AppProcess | undefined;
  let relay: Awaited<ReturnType<typeof startWebhookRelay>>;
  const remindedUsers = Array.from({ length: 24 }, (_, i) => 610_001 + i);
  const reminderZone = zoneAtEleven();

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    tg = createTestTelegram({ token: TEST_BOT_TOKEN, botUsername: 'tarot_test_bot' });
    await tg.listen();
    // Users due for today's 10:00 reminder in their zone, seeded before either instance schedules.
    await db.db
      .insertInto('users')
      .values(remindedUsers.map((id) => ({ id, first_name: 'Напоминание', time_zone: reminderZone })))
      .execute();
    for (const id of remindedUsers) tg.setProfile({ id, first_name: 'Напоминание' });

    const env = {
      DATABASE_URL: db.url!,
      BOT_TOKEN: TEST_BOT_TOKEN,
      BOT_MODE: 'webhook',
      PUBLIC_URL: 'https://example.test',
      WEBHOOK_SECRET: SECRET,
      TELEGRAM_API_ROOT: tg.apiRoot,
      PAYMENTS_PROVIDER: 'mock',
      DAILY_REMINDER_TIME: '10:00',
    };
    [a, b] = await Promise.all([startAppProcess('A', env), startAppProcess('B', env)]);
    relay = await startWebhookRelay({ A: a.base, B: b.base });
    tg.deliverWebhooksTo(relay.url);
    // Both instances registered the webhook (their bots are up).
    await until(() => expect(tg.calls.filter((c) => c.method === 'setWebhook' && c.ok).length).toBeGreaterThanOrEqual(2));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await relay?.close();
    await tg?.close();
    await db?.close();
  });

  it('API calls land on either instance: what A did, B reports, and the other way round', async () => {
    const user = 620_001;
    const drawn = await callApp(a!.base, 'POST', '/api/user/daily-card/use', { auth: auth(user), json: {} });
    expect(drawn.status).toBe(200);
    const fromA = await callApp(a!.base, 'GET', '/api/user/status', { auth: auth(user) });
    const fromB = await callApp(b!.base, 'GET', '/api/user/status', { auth: auth(user) });
    expect(fromB.status).toBe(200);
    expect(fromB.body.data).toEqual(fromA.body.data);
    expect(fromB.body.data.userStatus.dailyCardUsed).toBe(true);
    // The card B deals on asking again is the one A drew.
    const again = await callApp(b!.base, 'POST', '/api/user/daily-card/use', { auth: auth(user), json: {} });
    expect(again.body.data.card).toEqual(drawn.body.data.card);

    const settings = await callApp(b!.base, 'PUT', '/api/user/settings', { auth: auth(user), json: { notifyDaily: false } });
    expect(settings.status).toBe(200);
    expect((await callApp(a!.base, 'GET', '/api/user/status', { auth: auth(user) })).body.data.userStatus.notifyDaily).toBe(false);
  });

  it('quotas hold across both: 50 simultaneous readings of a basic user, split between A and B, grant exactly 5', async () => {
    const user = 620_002;
    expect(
      (await callApp(a!.base, 'POST', '/api/user/subscription', { auth: auth(user), json: { subscriptionType: 'basic' } })).status,
    ).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        callApp(i % 2 ? b!.base : a!.base, 'POST', '/api/readings', {
          auth: auth(user),
          json: { spreadType: 'love_relationship', question: `Что ждёт нас? №${i}` },
        }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(45);
    // Both instances granted some and refused some (the split really happened).
    const byInstance = (odd: number) => results.filter((_, i) => i % 2 === odd);
    expect(byInstance(0).some((r) => r.status === 429) && byInstance(1).some((r) => r.status === 429)).toBe(true);
    const rows = await db.db.selectFrom('readings').select('id').where('user_id', '=', user).execute();
    expect(rows.map((r) => r.id).sort()).toEqual(created.map((r) => r.body.data.id).sort());
    for (const inst of [a!, b!]) {
      const s = await callApp(inst.base, 'GET', '/api/user/status', { auth: auth(user) });
      expect(s.body.data.userStatus).toMatchObject({
        subscriptionType: 'basic',
        dailySpreadsUsed: 5,
        remainingSpreads: 0,
        totalSpreadsUsed: 5,
      });
    }
  });

  it('a user who deleted their data through A comes back through B as a fresh user, not from B’s memory', async () => {
    const user = 620_004;
    const drawn = await callApp(b!.base, 'POST', '/api/readings', {
      auth: auth(user),
      json: { spreadType: 'free_daily', question: 'Что ждёт меня сегодня?' },
    });
    expect(drawn.status).toBe(201);
    expect((await callApp(a!.base, 'DELETE', '/api/user', { auth: auth(user), json: { confirm: true } })).status).toBe(200);
    const back = await callApp(b!.base, 'GET', '/api/user/status', { auth: auth(user) });
    expect(back.status).toBe(200);
    expect(back.body.data.userStatus).toMatchObject({ subscriptionType: 'free', totalSpreadsUsed: 0 });
    expect((await callApp(b!.base, 'GET', `/api/readings/${drawn.body.data.id}`, { auth: auth(user) })).status).toBe(404);
    expect(await db.db.selectFrom('users').select('first_name').where('id', '=', user).executeTakeFirst()).toEqual({ first_name: 'Тест' });
  });

  it('a /reading begun by an update delivered to A continues with updates delivered to B', async () => {
    const u = { id: 620_003, first_name: 'Ольга', language_code: 'ru' };

    relay.to('A');
    const start = tg.sendText(u, '/reading');
    expect(await relay.handled(start.update_id)).toEqual({ instance: 'A', status: 200 });
    const menu = await tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🔮 Выберите расклад'));

    relay.to('B');
    const press = tg.pressButton(u.id, menu.message_id, 'rd:free_daily');
    expect(await relay.handled(press.update_id)).toEqual({ instance: 'B', status: 200 });
    await tg.waitForBotMessage(u.id, (m) => m.text.includes('Напишите свой вопрос'));
    // B answered the button (A's conversation state was in the database): no «button no longer works».
    expect(tg.chatState(u.id).toasts.map((t) => t.text)).not.toContain('Эта кнопка больше не действует');

    relay.to('A');
    const question = tg.sendText(u.id, 'Что принесёт мне эта неделя?');
    expect(await relay.handled(question.update_id)).toEqual({ instance: 'A', status: 200 });
    const cards = await tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🃏'));
    const readings = await db.db.selectFrom('readings').selectAll().where('user_id', '=', u.id).execute();
    expect(readings).toHaveLength(1);
    expect(readings[0]).toMatchObject({ spread_type: 'free_daily', question: 'Что принесёт мне эта неделя?' });
    expect(cards.text).toContain('Что принесёт мне эта неделя?');
    // Neither instance took the question for anything else.
    expect(tg.botMessages(u.id).filter((m) => m.text.startsWith('Я понимаю команды'))).toHaveLength(0);
  });

  it('due reminders are sent once per user although both instances schedule and send', async () => {
    const sendsTo = (id: number) => tg.calls.filter((c) => c.method === 'sendMessage' && c.ok && c.chatId === id);
    await until(() => {
      for (const id of remindedUsers) expect(sendsTo(id).length).toBeGreaterThanOrEqual(1);
    });
    const jobs = await db.db.selectFrom('notifications').selectAll().where('user_id', 'in', remindedUsers).execute();
    expect(jobs).toHaveLength(remindedUsers.length);
    await until(async () => {
      const rows = await db.db.selectFrom('notifications').select(['status', 'attempts']).where('user_id', 'in', remindedUsers).execute();
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    });
    // A push queued after the reminders went out, through each instance (which wakes its own sender): once
    // both are delivered, the senders have claimed from the queue again, and still each reminder went once.
    const later = [610_101, 610_102];
    for (const id of later) tg.setProfile({ id, first_name: 'Позже' });
    const paid = await Promise.all(
      later.map((id, i) =>
        callApp([a!, b!][i].base, 'POST', '/api/payments/create-one-time', { auth: auth(id), json: { product: 'week' } }),
      ),
    );
    expect(paid.map((p) => p.status)).toEqual([200, 200]);
    await until(() => {
      for (const id of later) expect(sendsTo(id).map((c) => c.params.text)).toEqual([expect.stringContaining('Оплата получена')]);
    });
    for (const id of remindedUsers) {
      const sends = sendsTo(id);
      expect(sends).toHaveLength(1);
      expect(sends[0].params.text).toContain('карта дня');
    }
    expect(a!.alive && b!.alive).toBe(true);
  }, 60_000);
});
