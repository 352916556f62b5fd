// Push notifications end to end: the scheduler fills the queue in the database, the sender delivers through
// the local Telegram on 127.0.0.1 (which records every call with its time), on every test database.
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/connection';
import { createServices, type ServiceDeps, type Services } from '../services';
import { PUSH_KINDS } from '../services/notifications';
import { createTestDatabase, TEST_DB_KINDS, type TestDbKind } from '../test/databases';
import { TEST_BOT_TOKEN, TEST_SERVER_SECRET } from '../test/harness';
import { TEST_PUBLIC_URL } from '../test/bot-harness';
import { createTestTelegram, type TestTelegram } from '../test/test-telegram';
import { createPushSender, type PushSenderOptions } from './push-sender';

const logger = pino({ level: 'silent' });
/** 10:05 in Moscow: the default reminder time (10:00) has passed today. */
const MORNING = new Date('2026-03-10T07:05:00Z');

describe.each(TEST_DB_KINDS)('push notifications (%s)', (kind: TestDbKind) => {
  let database: DatabaseHandle & { url?: string };
  let services: Services;
  let tg: TestTelegram;
  let now = MORNING;
  let nextId = 5_000_000;

  const makeServices = (db: DatabaseHandle['db'], extra: Partial<ServiceDeps> = {}) =>
    createServices({
      db,
      clock: () => now,
      randomInt: (max) => Math.floor(Math.random() * max),
      defaultTimeZone: 'Europe/Moscow',
      serverSecret: TEST_SERVER_SECRET,
      specialAccessUserIds: [],
      mockPayments: true,
      ...extra,
    });

  const sender = (o: Partial<PushSenderOptions> = {}, s: Services = services) =>
    createPushSender({
      token: TEST_BOT_TOKEN,
      apiRoot: tg.apiRoot,
      notifications: s.notifications,
      logger,
      webAppUrl: () => TEST_PUBLIC_URL,
      ratePerSecond: null,
      pollIntervalMs: 50,
      ...o,
    });

  /** `count` users in one statement, each with a chat open with the bot in the local Telegram. */
  async function addUsers(count: number, extra: { timeZone?: string; notifyDaily?: boolean; reachable?: boolean } = {}): Promise<number[]> {
    const first = nextId;
    nextId += count;
    await sql`
      insert into users (id, first_name, time_zone, notify_daily, bot_reachable)
      select g, 'Пользователь', ${extra.timeZone ?? 'Europe/Moscow'}, ${extra.notifyDaily ?? true}, ${extra.reachable ?? true}
      from generate_series(${first}::bigint, ${first + count - 1}::bigint) g`.execute(database.db);
    const ids = Array.from({ length: count }, (_, i) => first + i);
    for (const id of ids) tg.setProfile({ id, first_name: 'Пользователь' });
    return ids;
  }

  const sendsTo = (chatId: number) => tg.calls.filter((c) => c.method === 'sendMessage' && c.chatId === chatId);
  const jobs = (userId: number) =>
    database.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    services = makeServices(database.db);
    tg = createTestTelegram({ token: TEST_BOT_TOKEN });
    await tg.listen();
  });
  afterAll(async () => {
    await tg?.close();
    await database?.close();
  });
  afterEach(async () => {
    now = MORNING;
    // Every test starts with an empty queue and no users due.
    await database.db.deleteFrom('notifications').execute();
    await database.db.updateTable('users').set({ notify_daily: false }).where('notify_daily', '=', true).execute();
    tg.calls.length = 0;
  });

  it('1 000 users due at once each get exactly one reminder, with a button into the daily card', async () => {
    const due = await addUsers(1000);
    const [drew] = await addUsers(1);
    await services.dailyCard.draw(drew, false);
    const [off] = await addUsers(1, { notifyDaily: false });
    const [gone] = await addUsers(1, { reachable: false });
    const [early] = await addUsers(1, { timeZone: 'Asia/Vladivostok' }); // 17:05 there: past its window

    // Schedulers of several instances, and repeated ticks, enqueue each reminder once.
    const counts = await Promise.all([services.notifications.scheduleDue(), services.notifications.scheduleDue()]);
    expect(counts.reduce((s, c) => s + c.dailyReminders, 0)).toBe(1000);
    expect((await services.notifications.scheduleDue()).dailyReminders).toBe(0);

    const stats = await sender().drain();
    expect(stats.sent).toBe(1000);
    for (const id of due) expect(sendsTo(id)).toHaveLength(1);
    for (const id of [drew, off, gone, early]) expect(sendsTo(id)).toHaveLength(0);
    const sample = sendsTo(due[17])[0].params;
    expect(sample.text).toContain('карта дня');
    // The button says where the user came from: the funnel's «daily push» entry.
    expect(sample.reply_markup.inline_keyboard[0][0].web_app.url).toBe(`${TEST_PUBLIC_URL}/daily-card?startapp=push_daily`);

    // Later ticks of the same day send nothing more.
    now = new Date(MORNING.getTime() + 30 * 60_000);
    expect((await services.notifications.scheduleDue()).dailyReminders).toBe(0);
    expect((await sender().drain()).sent).toBe(0);
    const sentRows = await database.db
      .selectFrom('notifications')
      .select(sql<number>`count(*)`.as('n'))
      .where('status', '=', 'sent')
      .executeTakeFirst();
    expect(Number(sentRows?.n)).toBe(1000);
  });

  it("a large pass refreshes the queue's statistics: claims read the pending index in order, not every due job sorted", async () => {
    await addUsers(3000);
    expect((await services.notifications.scheduleDue()).dailyReminders).toBe(3000);
    now = new Date(MORNING.getTime() + 3600_000);
    // The claim's selection (repositories/notifications.ts, claimDue) as the planner plans it now.
    const { rows } = await sql<{ 'QUERY PLAN': unknown }>`
      explain (format json) select id from notifications
      where status = 'pending' and not_before <= ${now}
      order by priority desc, not_before, id
      limit 256
      for update skip locked`.execute(database.db);
    const plan = JSON.stringify(rows[0]['QUERY PLAN']);
    expect(plan).toContain('"Index Name":"notifications_pending_idx"');
    expect(plan).not.toContain('"Node Type":"Sort"');
  });

  it('paid broadcasts: with the setting every push goes with allow_paid_broadcast, without it none does', async () => {
    const [a, b] = await addUsers(2);
    await services.notifications.scheduleDue();
    expect((await sender({ paidBroadcast: true }).drain()).sent).toBe(2);
    for (const id of [a, b]) expect(sendsTo(id)[0].params.allow_paid_broadcast).toBe(true);
    const [c] = await addUsers(1);
    await services.notifications.scheduleDue();
    expect((await sender().drain()).sent).toBe(1);
    expect(sendsTo(c)[0].params.allow_paid_broadcast).toBeUndefined();
  });

  it("at a known rate one zone's reminders are spread over the time the sender needs for them, each user at a fixed place", async () => {
    const ids = await addUsers(300);
    // 300 reminders at 10/s: 30 s from now, evenly by a hash of the id.
    const spreadServices = makeServices(database.db, { pushRatePerSecond: 10 });
    expect((await spreadServices.notifications.scheduleDue()).dailyReminders).toBe(300);
    const rows = await database.db.selectFrom('notifications').select(['user_id', 'not_before']).where('user_id', 'in', ids).execute();
    const offsets = rows.map((r) => (r.not_before.getTime() - MORNING.getTime()) / 1000);
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...offsets)).toBeLessThanOrEqual(30);
    expect(Math.max(...offsets)).toBeGreaterThan(20);
    // Only the first part is due now; a sender drains what is due.
    expect((await sender().drain()).sent).toBe(rows.filter((r) => r.not_before <= MORNING).length);
    now = new Date(MORNING.getTime() + 31_000);
    await sender().drain();
    for (const id of ids) expect(sendsTo(id)).toHaveLength(1);
  });

  it('a reminder still queued when its window has ended is dropped, never sent late', async () => {
    const [u] = await addUsers(1);
    await services.notifications.scheduleDue();
    now = new Date('2026-03-10T10:01:00Z'); // 13:01 in Moscow: the three hours from 10:00 are over
    const stats = await sender().drain();
    expect(stats.sent).toBe(0);
    expect(sendsTo(u)).toHaveLength(0);
    expect((await jobs(u))[0]).toMatchObject({ status: 'skipped', last_error: 'reminder window over' });
  });

  it('nothing before the reminder time; a card drawn after scheduling cancels the reminder', async () => {
    const [u, v] = await addUsers(2);
    now = new Date('2026-03-10T06:55:00Z'); // 09:55 in Moscow
    expect((await services.notifications.scheduleDue()).dailyReminders).toBe(0);
    now = MORNING;
    expect((await services.notifications.scheduleDue()).dailyReminders).toBe(2);
    await services.dailyCard.draw(u, false);
    await sender().drain();
    expect(sendsTo(u)).toHaveLength(0);
    expect(sendsTo(v)).toHaveLength(1);
    expect((await jobs(u))[0]).toMatchObject({ status: 'skipped', last_error: 'card already drawn' });
  });

  it('two senders running at once never send one job twice', async () => {
    const ids = await addUsers(300);
    await services.notifications.scheduleDue();
    // On PostgreSQL the second sender has its own connection pool, as another instance would.
    const second = kind === 'postgres' ? await connectDatabase({ databaseUrl: database.url!, dataDir: '' }) : null;
    try {
      const otherServices = second ? makeServices(second.db) : services;
      const a = sender({ concurrency: 16 });
      const b = sender({ concurrency: 16 }, otherServices);
      const [sa, sb] = await Promise.all([a.drain(), b.drain()]);
      expect(sa.sent + sb.sent).toBe(300);
      if (kind === 'postgres') expect(Math.min(sa.sent, sb.sent)).toBeGreaterThan(0);
      for (const id of ids) expect(sendsTo(id)).toHaveLength(1);
    } finally {
      await second?.close();
    }
  });

  it('a stopped sender gives back the jobs it claimed but never started: the next sender sends each once', async () => {
    const ids = await addUsers(40);
    await services.notifications.scheduleDue();
    // Two in flight, forty claimed at once, two a second: most are still waiting when it stops.
    const first = sender({ concurrency: 2, claimBatch: 40, ratePerSecond: 2 });
    first.start();
    await expect.poll(() => tg.calls.filter((c) => c.method === 'sendMessage').length).toBeGreaterThan(0);
    await first.stop();
    const after = await database.db.selectFrom('notifications').select(['status', 'attempts']).where('user_id', 'in', ids).execute();
    expect(after.filter((j) => j.status === 'sending')).toEqual([]);
    expect(after.filter((j) => j.status === 'pending').length).toBeGreaterThan(0);
    // Given back as they were: no attempt counted for a job never tried.
    for (const j of after.filter((j) => j.status === 'pending')) expect(j.attempts).toBe(0);
    await sender().drain();
    for (const id of ids) expect(sendsTo(id)).toHaveLength(1);
  });

  it('a 429 with retry_after is waited out, and the message is delivered', async () => {
    const [u, v] = await addUsers(2);
    await services.notifications.scheduleDue();
    tg.failNext(u, { error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } });
    const stats = await sender().drain();
    expect(stats.sent).toBe(2);
    const attempts = sendsTo(u);
    expect(attempts.map((c) => c.ok)).toEqual([false, true]);
    expect(attempts[0].errorCode).toBe(429);
    // The retry went out no sooner than Telegram asked (times as the local Telegram recorded them).
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(1000);
    expect(sendsTo(v)).toHaveLength(1);
    expect((await jobs(u))[0].status).toBe('sent');
  });

  it('a 403 marks the user unreachable and stops further sends to them, without holding up others', async () => {
    const [blocked, ok] = await addUsers(2);
    tg.setBlocked(blocked, true);
    await services.notifications.scheduleDue();
    await services.notifications.paymentConfirmed(blocked, { product: 'vip', until: new Date('2026-04-10T07:00:00Z'), paymentId: 'p-403' });
    const stats = await sender().drain();
    expect(stats.blocked).toBe(1);
    expect(sendsTo(blocked)).toHaveLength(1); // the first job tried once, the second not at all
    expect(sendsTo(blocked)[0].errorCode).toBe(403);
    expect(sendsTo(ok)).toHaveLength(1);
    const user = await database.db.selectFrom('users').select('bot_reachable').where('id', '=', blocked).executeTakeFirstOrThrow();
    expect(user.bot_reachable).toBe(false);
    expect((await jobs(blocked)).map((j) => j.status).sort()).toEqual(['failed', 'skipped']);

    // The next day they are not even scheduled.
    now = new Date(MORNING.getTime() + 86_400_000);
    await services.notifications.scheduleDue();
    expect((await jobs(blocked)).filter((j) => j.kind === PUSH_KINDS.dailyReminder)).toHaveLength(1);
  });

  it('never sends faster than the configured rate (counted per 1 s window by the local Telegram)', async () => {
    await addUsers(36);
    await services.notifications.scheduleDue();
    const stats = await sender({ ratePerSecond: 12 }).drain();
    expect(stats.sent).toBe(36);
    expect(tg.maxSendsPerWindow(1000)).toBeLessThanOrEqual(12);
    expect(tg.maxSendsPerWindow(1000)).toBeGreaterThanOrEqual(10);
  });

  it('one chat gets at most one message a second', async () => {
    const [u] = await addUsers(1);
    await services.notifications.paymentConfirmed(u, { product: 'week', until: new Date('2026-03-17T07:00:00Z'), paymentId: 'a' });
    await services.notifications.paymentConfirmed(u, { product: 'micro', paymentId: 'b' });
    await services.notifications.scheduleDue();
    // The per-chat pacing on a virtual clock that moves only when the pacing waits: the spacing it keeps is
    // exact, whatever the machine's load does to the time a request takes to reach the local Telegram.
    let t = 0;
    const waits: { until: number; delivered: number }[] = [];
    const perChatClock = {
      now: () => t,
      async sleep(ms: number) {
        waits.push({ until: t + ms, delivered: sendsTo(u).length });
        t += ms;
      },
    };
    await sender({ perChatClock }).drain();
    expect(sendsTo(u)).toHaveLength(3);
    // The first goes at 0; the second waits until 1 s after it, the third until 1 s after the second, and
    // each wait starts with only the messages before it delivered (none overtakes its wait).
    expect(waits).toEqual([
      { until: 1000, delivered: 1 },
      { until: 2000, delivered: 2 },
    ]);
  });

  it('week pass: a notice 24 hours before and one at expiry, each once; a renewed pass cancels the old notice', async () => {
    const [u] = await addUsers(1, { notifyDaily: false });
    const expires = new Date(MORNING.getTime() + 20 * 3600_000);
    await database.db.updateTable('users').set({ subscription_type: 'week', subscription_expires: expires }).where('id', '=', u).execute();

    expect((await services.notifications.scheduleDue()).weekPass).toBe(1);
    expect((await services.notifications.scheduleDue()).weekPass).toBe(0);
    await sender().drain();
    expect(sendsTo(u)).toHaveLength(1);
    expect(sendsTo(u)[0].params.text).toMatch(/заканчивается 11 марта в 06:05/);
    expect(sendsTo(u)[0].params.reply_markup.inline_keyboard[0][0].web_app.url).toBe(`${TEST_PUBLIC_URL}/subscription`);

    now = new Date(expires.getTime() + 60_000);
    expect((await services.notifications.scheduleDue()).weekPass).toBe(1);
    await sender().drain();
    expect(sendsTo(u)).toHaveLength(2);
    expect(sendsTo(u)[1].params.text).toMatch(/закончилась/);

    // A renewed pass: its own notice, and a queued notice of the old expiry is dropped when its turn comes.
    const [w] = await addUsers(1, { notifyDaily: false });
    now = MORNING;
    await database.db.updateTable('users').set({ subscription_type: 'week', subscription_expires: expires }).where('id', '=', w).execute();
    await services.notifications.scheduleDue();
    await database.db
      .updateTable('users')
      .set({ subscription_expires: new Date(expires.getTime() + 7 * 86_400_000) })
      .where('id', '=', w)
      .execute();
    await sender().drain();
    expect(sendsTo(w)).toHaveLength(0);
    expect((await jobs(w))[0]).toMatchObject({ status: 'skipped', last_error: 'plan changed' });
  });

  it('payment confirmation: what was activated and until when, once per payment', async () => {
    const [u] = await addUsers(1, { notifyDaily: false });
    const until = new Date('2026-04-09T21:00:00Z');
    expect(await services.notifications.paymentConfirmed(u, { product: 'basic', until, paymentId: 'charge-1' })).toBe(true);
    expect(await services.notifications.paymentConfirmed(u, { product: 'basic', until, paymentId: 'charge-1' })).toBe(false);
    await sender().drain();
    expect(sendsTo(u)).toHaveLength(1);
    expect(sendsTo(u)[0].params.text).toBe('✅ Оплата получена, спасибо! Активировано: «Basic». Доступ действует до 10 апреля в 00:00.');
  });
});
