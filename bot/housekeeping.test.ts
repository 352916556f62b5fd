// What the database would otherwise keep forever is pruned by the running process, at start and every hour:
// handled update ids after two days, idle conversations after a day, delivered pushes after two weeks,
// stored share pictures after thirty days (they are drawn again on demand), prepared share messages once
// Telegram's expiry has passed, and browser sessions and sign-in or return tokens once they expired (used or
// not), and a deleted user's detached payment records once five whole years after the year of the payment
// are over. Anything younger, any user's own payment, and any push still to be delivered, stays.
import type { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { startApp, type RunningApp } from '../main';
import { DAY_MS } from '../domain/text/time';
import { callApp, launchUser } from '../test/app-process';
import type { OpenedPglite } from '../db/pglite';
import { createTestDatabase, openTestPglite, TEST_DB_KINDS, type TestDbKind } from '../test/databases';

/** `pglite` with a close() that leaves it open. */
const keptOpen = (pglite: PGlite) =>
  new Proxy(pglite, {
    get(target, prop) {
      if (prop === 'close') return async () => {};
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

describe.each(TEST_DB_KINDS)('housekeeping (%s)', (kind: TestDbKind) => {
  let pg: Awaited<ReturnType<typeof createTestDatabase>> | null = null;
  let pglite: OpenedPglite | null = null;
  let app: RunningApp | null = null;

  async function start() {
    pg ??= kind === 'postgres' ? await createTestDatabase('postgres') : null;
    pglite ??= pg ? null : await openTestPglite();
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      // PGlite in memory, handed to the app opened (as npm start does): it outlives each app on it, as a
      // folder outlives its process, so the app's close() leaves it open.
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      ...(pg ? { DATABASE_URL: pg.url! } : {}),
    });
    const outliving = pglite && { pglite: keptOpen(pglite.pglite), unlock: () => {} };
    app = await startApp(config, pino({ level: 'silent' }), { pglite: outliving && Promise.resolve(outliving) });
    // The bot (and its housekeeping at start) loads once the API answered its first request: the health check.
    expect((await fetch(`http://127.0.0.1:${app.port}/api/health`)).status).toBe(200);
    await app.bot.ready;
    return app;
  }

  afterAll(async () => {
    await app?.close();
    await pg?.close();
    await pglite?.pglite.close();
  });

  it('prunes old update ids, conversations, delivered pushes, share pictures, expired share messages, browser sessions, tokens and kept payments past their time at start, and keeps the rest', async () => {
    let running = await start();
    const base = `http://127.0.0.1:${running.port}`;
    const created = await callApp(base, 'POST', '/api/readings', {
      auth: await launchUser(base, 4_100_001),
      json: { spreadType: 'free_daily', question: 'Что меня ждёт?' },
    });
    expect(created.status).toBe(201);
    const readingId = created.body.data.id as number;

    const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
    const db = running.db;
    await db
      .insertInto('share_pictures')
      .values([
        { hash: 'old', jpeg: Buffer.from('jpeg'), created_at: ago(31) },
        { hash: 'fresh', jpeg: Buffer.from('jpeg'), created_at: ago(29) },
      ])
      .execute();
    await db
      .insertInto('share_messages')
      .values([
        { reading_id: readingId, variant: 'rws:n', content_hash: 'x', message_id: 'expired', expires_at: ago(0.01) },
        { reading_id: readingId, variant: 'rws:q', content_hash: 'x', message_id: 'valid', expires_at: ago(-0.5) },
      ])
      .execute();
    await db
      .insertInto('bot_updates')
      .values([
        { update_id: 1, received_at: ago(3) },
        { update_id: 2, received_at: ago(1) },
      ])
      .execute();
    await db
      .insertInto('bot_conversations')
      .values([
        { key: 'old', version: '[0,"x"]', state: JSON.stringify({}), updated_at: ago(2) },
        { key: 'fresh', version: '[0,"x"]', state: JSON.stringify({}), updated_at: ago(0.5) },
      ])
      .execute();
    const push = (dedup: string, status: 'sent' | 'pending', days: number) => ({
      user_id: 4_100_001,
      kind: 'daily_reminder',
      dedup_key: dedup,
      payload: JSON.stringify({ text: 'Карта дня ждёт' }),
      status,
      // A push still to be delivered is due tomorrow: the worker leaves it alone during the test.
      not_before: status === 'pending' ? ago(-1) : ago(days),
      created_at: ago(days),
    });
    await db
      .insertInto('notifications')
      .values([push('sent-old', 'sent', 15), push('sent-fresh', 'sent', 13), push('pending-old', 'pending', 15)])
      .execute();

    const session = (id: string, expiresInDays: number) => ({
      id_hash: id,
      user_id: 4_100_001,
      device: 'Chrome · Linux',
      created_at: ago(31),
      last_seen_at: ago(1),
      expires_at: ago(-expiresInDays),
    });
    await db
      .insertInto('web_sessions')
      .values([session('session-expired', -0.01), session('session-live', 29)])
      .execute();
    const token = (hash: string, kind: 'link' | 'return', expiresInDays: number, used: boolean) => ({
      token_hash: hash,
      user_id: 4_100_001,
      kind,
      expires_at: ago(-expiresInDays),
      used_at: used ? ago(0.001) : null,
    });
    await db
      .insertInto('auth_tokens')
      .values([
        token('link-expired', 'link', -0.01, false),
        token('return-used-expired', 'return', -0.01, true),
        token('link-live', 'link', 0.005, false),
        token('return-used-live', 'return', 0.02, true),
      ])
      .execute();

    // Detached (a deleted user's) payment records: kept until five whole years after the payment's year.
    const year = new Date().getUTCFullYear();
    const order = (id: string, userId: number | null, at: Date) => ({
      id,
      user_id: userId,
      provider: 'yookassa' as const,
      product: 'basic',
      amount_minor: 34900,
      currency: 'RUB',
      idempotence_key: `k-${id}`,
      status: 'succeeded' as const,
      created_at: at,
    });
    await db
      .insertInto('payment_orders')
      .values([
        order('old-detached', null, new Date(Date.UTC(year - 6, 11, 31, 12))),
        order('kept-detached', null, new Date(Date.UTC(year - 5, 0, 1, 12))),
        order('old-own', 4_100_001, new Date(Date.UTC(year - 7, 5, 1))),
      ])
      .execute();
    const payment = (pid: string, userId: number | null, at: Date) => ({
      provider: 'yookassa' as const,
      provider_payment_id: pid,
      user_id: userId,
      product: 'basic',
      amount_minor: 34900,
      currency: 'RUB',
      created_at: at,
    });
    await db
      .insertInto('payments')
      .values([
        payment('old-detached', null, new Date(Date.UTC(year - 6, 11, 31, 12))),
        payment('kept-detached', null, new Date(Date.UTC(year - 5, 0, 1, 12))),
        payment('old-own', 4_100_001, new Date(Date.UTC(year - 7, 5, 1))),
      ])
      .execute();

    // The same data, a new app: housekeeping runs as it starts.
    await running.close();
    running = await start();
    const rows = running.db;
    // Waited for as a whole: the first app's own housekeeping at its start may still have been running when the
    // rows went in, and pruned some of them (the pictures) before the new app's housekeeping reached the others.
    await vi.waitFor(
      async () => {
        expect((await rows.selectFrom('share_pictures').select('hash').execute()).map((r) => r.hash)).toEqual(['fresh']);
        expect((await rows.selectFrom('share_messages').select('message_id').execute()).map((r) => r.message_id)).toEqual(['valid']);
        expect((await rows.selectFrom('bot_updates').select('update_id').execute()).map((r) => Number(r.update_id))).toEqual([2]);
        expect((await rows.selectFrom('bot_conversations').select('key').execute()).map((r) => r.key)).toEqual(['fresh']);
        const pushes = await rows
          .selectFrom('notifications')
          .select('dedup_key')
          .where('user_id', '=', 4_100_001)
          .orderBy('dedup_key')
          .execute();
        // The started app may already have queued today's reminder (keyed by the date): not a seeded row.
        expect(pushes.map((r) => r.dedup_key).filter((k) => !/^\d{4}-\d{2}-\d{2}$/.test(k))).toEqual(['pending-old', 'sent-fresh']);
      },
      { timeout: 10_000, interval: 50 },
    );
    // The parts run one after another: the sessions, tokens and kept payments come after the pictures.
    await vi.waitFor(
      async () => {
        expect((await rows.selectFrom('web_sessions').select('id_hash').execute()).map((r) => r.id_hash)).toEqual(['session-live']);
        const tokens = await rows.selectFrom('auth_tokens').select('token_hash').orderBy('token_hash').execute();
        expect(tokens.map((r) => r.token_hash)).toEqual(['link-live', 'return-used-live']);
        const payments = await rows
          .selectFrom('payments')
          .select('provider_payment_id')
          .where('provider', '=', 'yookassa')
          .orderBy('provider_payment_id')
          .execute();
        expect(payments.map((r) => r.provider_payment_id)).toEqual(['kept-detached', 'old-own']);
        const orders = await rows.selectFrom('payment_orders').select('id').where('provider', '=', 'yookassa').orderBy('id').execute();
        expect(orders.map((r) => r.id)).toEqual(['kept-detached', 'old-own']);
      },
      { timeout: 10_000, interval: 50 },
    );
  }, 120_000);
});
