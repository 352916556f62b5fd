// Reminders at scale and push sender throughput. 100 000 users (PUSH_RATE_MESSAGES) are due for the daily
// reminder: the time to schedule them (one scheduler pass, spread for a sender at 1000/s, the paid-broadcast
// ceiling), then the messages/s the sender sustains with paid broadcasts and no rate limit against the local
// Telegram (a fake Bot API on 127.0.0.1, in a process of its own as Telegram is another machine), and this
// process's memory (it holds the sender, and PGlite too when that is the database); then, with the limit set
// to 25/s, the most messages the fake received in any 1 s window (by the fake's own clock). PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else an in-memory PGlite. Budgets:
// value ≥ 1000, limited_max_1s ≤ 25.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pino from 'pino';
import { createPushSender } from '../bot/push-sender';
import { createServices } from '../services';
import { createTestDatabase } from '../test/databases';
import { spawnGroup, stopGroup } from '../test/app-process';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const TOKEN = '7000000001:AAHbenchTokenForTheTarotAppBench_0123456';
const UNLIMITED_MESSAGES = Number(process.env.PUSH_RATE_MESSAGES) || 100_000;
/** The rate the reminders are spread for when scheduled (paid broadcasts' ceiling). */
const SPREAD_RATE = 1000;
const LIMITED_MESSAGES = 125;
const LIMIT = 25;
/** 10:05 in Moscow: the daily reminder is due for everyone. */
const MORNING = new Date('2026-03-10T07:05:00Z');

export async function run(): Promise<Record<string, unknown>> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url && !process.env.TEST_DATABASE_URL) process.env.TEST_DATABASE_URL = url;
  const database = await createTestDatabase(url ? 'postgres' : 'pglite');
  let onReady!: (v: { apiRoot: string; control: string }) => void;
  const ready = new Promise<{ apiRoot: string; control: string }>((resolve) => (onReady = resolve));
  const fake = spawnGroup('npx', ['tsx', path.join('bench', 'lib', 'local-telegram.ts'), TOKEN], {
    cwd: ROOT,
    onStdout: (line) => {
      if (line.startsWith('{')) onReady(JSON.parse(line));
    },
  });
  const { apiRoot, control } = await ready;
  const ctl = async (p: string) => (await fetch(`${control}${p}`)).json() as Promise<any>;
  const logger = pino({ level: 'silent' });
  let now = MORNING;
  const services = createServices({
    db: database.db,
    clock: () => now,
    pushRatePerSecond: SPREAD_RATE,
    randomInt: (max) => Math.floor(Math.random() * max),
    defaultTimeZone: 'Europe/Moscow',
    serverSecret: 'bench-server-secret-0123456789abcdef0123456789',
    specialAccessUserIds: [],
    mockPayments: true,
  });
  const sender = (ratePerSecond: number | null) =>
    createPushSender({
      token: TOKEN,
      apiRoot,
      notifications: services.notifications,
      logger,
      webAppUrl: () => 'https://tarot.example',
      ratePerSecond,
      paidBroadcast: ratePerSecond === null,
      pollIntervalMs: 50,
    });
  const MB = 1024 * 1024;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const rssBefore = process.memoryUsage().rss;

  try {
    // Users who opened the chat; the reminder is due for all of them.
    await sql`
      insert into users (id, first_name, time_zone)
      select g, 'Пользователь', 'Europe/Moscow' from generate_series(1, ${UNLIMITED_MESSAGES}::bigint) g`.execute(database.db);
    await ctl(`/chats?from=1&to=${UNLIMITED_MESSAGES + LIMITED_MESSAGES}`);
    const s0 = performance.now();
    const scheduled = await services.notifications.scheduleDue();
    const scheduleMs = performance.now() - s0;
    if (scheduled.dailyReminders !== UNLIMITED_MESSAGES)
      throw new Error(`expected ${UNLIMITED_MESSAGES} reminders, got ${scheduled.dailyReminders}`);
    const span = await sql<{
      from: Date;
      to: Date;
    }>`select min(not_before) as "from", max(not_before) as "to" from notifications where status = 'pending'`.execute(database.db);
    const spreadS = (span.rows[0].to.getTime() - span.rows[0].from.getTime()) / 1000;
    // The sending is measured with every reminder due: the clock moves past the spread.
    now = new Date(MORNING.getTime() + Math.ceil(spreadS + 1) * 1000);

    // No limit: how fast the worker drains the queue (claim, send, record).
    const fast = sender(null);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const unlimited = await fast.drain();
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    if (unlimited.sent !== UNLIMITED_MESSAGES) throw new Error(`sent ${unlimited.sent} of ${UNLIMITED_MESSAGES}`);
    const value = Math.round(UNLIMITED_MESSAGES / seconds);
    await fast.stop();

    // Limited to 25/s: count what the fake received in each 1 s window.
    const received = await ctl('/stats');
    if (received.sends !== UNLIMITED_MESSAGES) throw new Error('the fake did not receive every message');
    if (received.paidBroadcast !== UNLIMITED_MESSAGES) throw new Error('not every message was a paid broadcast');
    const rssAfterSend = process.memoryUsage().rss;
    await ctl('/reset');
    await sql`
      insert into users (id, first_name, time_zone, notify_daily)
      select g, 'Пользователь', 'Europe/Moscow', false
      from generate_series(${UNLIMITED_MESSAGES + 1}::bigint, ${UNLIMITED_MESSAGES + LIMITED_MESSAGES}::bigint) g`.execute(database.db);
    for (let id = UNLIMITED_MESSAGES + 1; id <= UNLIMITED_MESSAGES + LIMITED_MESSAGES; id++)
      await services.notifications.paymentConfirmed(id, {
        product: 'week',
        until: new Date('2026-03-17T07:00:00Z'),
        paymentId: `bench-${id}`,
        timeZone: 'Europe/Moscow',
      });
    const slow = sender(LIMIT);
    const t1 = performance.now();
    const limited = await slow.drain();
    const limitedSeconds = (performance.now() - t1) / 1000;
    await slow.stop();
    const limitedMax: number = (await ctl('/stats?window=1000')).maxPerWindow;

    return {
      value,
      unit: 'msgs/s',
      budget: 1000,
      withinBudget: value >= 1000 && limitedMax <= LIMIT,
      messages: UNLIMITED_MESSAGES,
      scheduleMs: Math.round(scheduleMs),
      spreadS: Math.round(spreadS),
      spreadForRate: SPREAD_RATE,
      seconds: Math.round(seconds * 100) / 100,
      paidBroadcast: true,
      rssMb: { before: Math.round(rssBefore / MB), afterSend: Math.round(rssAfterSend / MB), peak: Math.round(peakRss / MB) },
      // The sender's own CPU time (independent of other load on the machine): the rate one free core gives.
      cpu_bound_msgs_per_s: Math.round(UNLIMITED_MESSAGES / ((cpu.user + cpu.system) / 1e6)),
      limited_max_1s: limitedMax,
      limited_rate: LIMIT,
      limited_messages: limited.sent,
      limited_effective_per_s: Math.round((limited.sent / limitedSeconds) * 10) / 10,
      database: url ? 'postgres' : 'pglite',
    };
  } finally {
    clearInterval(sampler);
    await stopGroup(fake);
    await database.close();
  }
}
