// The hostile-input test's target: the production shape of the app (webhook-mode bot, the built web app as a
// small stand-in, no /dev, YooKassa and Stars faked on loopback) and, on the same database, the mock-payments
// app; the victims seeded through the real flows, and the attacker's valid and forged Authorization headers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Api, InputFile } from 'grammy';
import { sql } from 'kysely';
import pino from 'pino';
import { expect } from 'vitest';
import { createApi } from '../../api/app';
import type { SendExport } from '../../api/routes/user';
import { createLocalTelegram, type LocalTelegram } from '../../bot/local-telegram/index';
import { createTelegramRuntime } from '../../bot/runtime';
import { createServices } from '../../services';
import { createIdentity } from '../../services/identity';
import type { TestDbKind } from '../databases';
import { startFakeYooKassa, type FakeYooKassa } from '../fake-yookassa';
import { madeOrder } from '../answers';
import { createHarness, TEST_BOT_TOKEN, type Harness } from '../harness';
import { asHeaderBytes } from './values';
import { ATTACKER, FREE, BASIC, VIP, ADMIN, VICTIMS, WEBHOOK_SECRET, OTHER_BOT_TOKEN, SECRET_MARKER, USER_TABLES } from './constants';

interface Seeds {
  freeReading: number;
  basicReading: number;
  vipReading: number;
  /** YooKassa payment ids: the victims' paid ones and the free user's pending one. */
  paidPaymentIds: string[];
  pendingPaymentId: string;
  orderIds: string[];
  /** Row ids of the payments table (what /refund takes). */
  paymentRowIds: number[];
}

export type HostileApp = Awaited<ReturnType<typeof startHostileApp>>;

export async function startHostileApp(kind: TestDbKind) {
  let h!: Harness;
  let fake!: FakeYooKassa;
  let tg!: LocalTelegram;
  let prod!: ReturnType<typeof createApi>;
  let mock!: ReturnType<typeof createApi>;
  let seeds!: Seeds;
  let dist = '';
  /** The attacker's own valid Authorization headers, and every forged, tampered, replayed or expired one. */
  let attackerAuth: string[] = [];
  let forgedAuth: string[] = [];
  /** The attacker's own readings (seeded, and created during the run): their ids go into requests too. */
  const attackerReadings: number[] = [];

  async function close() {
    await h?.close();
    await fake?.close();
    await tg?.close();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  }

  /** The victims reach their state through the real flows: plans paid through (fake) YooKassa. */
  async function seed(): Promise<Seeds> {
    const must = async <M extends string, P extends string>(user: number, method: M, p: P, body?: unknown) => {
      const r = await h.call(user, method, p, body);
      if (r.status >= 300) throw new Error(`seed ${method} ${p} for ${user}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.data;
    };
    const pay = async (user: number, p: '/api/payments/create' | '/api/payments/create-one-time', body: unknown) => {
      const created = madeOrder(await must(user, 'POST', p, body));
      if (!created.paymentId) throw new Error(`seed payment for ${user}: no YooKassa payment: ${JSON.stringify(created)}`);
      fake.succeed(created.paymentId);
      const w = await h.call(null, 'POST', '/api/payments/yookassa/webhook', {
        type: 'notification',
        event: 'payment.succeeded',
        object: { id: created.paymentId },
      });
      if (w.body?.data?.outcome !== 'applied') throw new Error(`seed payment for ${user}: ${JSON.stringify(w.body)}`);
      return { paymentId: created.paymentId, orderId: created.orderId };
    };
    for (const u of [ATTACKER, FREE, BASIC, VIP, ADMIN]) await must(u, 'GET', '/api/user/status');
    // The attacker holds a (mock) VIP plan and a reading of their own, so the paid paths are reached too.
    const plan = await mock.request('/api/user/subscription', {
      method: 'POST',
      headers: { authorization: h.authFor(ATTACKER), 'content-type': 'application/json' },
      body: JSON.stringify({ subscriptionType: 'vip' }),
    });
    expect(plan.status).toBe(200);
    attackerReadings.push(
      (await must(ATTACKER, 'POST', '/api/readings', { spreadType: 'celtic_cross', question: 'Мой собственный вопрос?' })).id,
    );
    const freeReading = (await must(FREE, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что ждёт меня сегодня?' })).id;
    await must(FREE, 'POST', '/api/user/daily-card/use', {});
    const pending = madeOrder(await must(FREE, 'POST', '/api/payments/create-one-time', { product: 'week' }));
    const basicPaid = await pay(BASIC, '/api/payments/create', { type: 'basic' });
    const basicReading = (
      await must(BASIC, 'POST', '/api/readings', { spreadType: 'love_relationship', question: 'Что ждёт наши отношения?' })
    ).id;
    // The micro pack is bought before VIP (a VIP user is never offered it), for the free reading of that day.
    const vipFreeReading = (await must(VIP, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что ждёт меня сегодня?' })).id;
    const microPaid = await pay(VIP, '/api/payments/create-one-time', { product: 'micro', readingId: vipFreeReading });
    await must(VIP, 'POST', '/api/readings/micro/reveal', { readingId: vipFreeReading });
    // VIP restarts the day's counters.
    const vipPaid = await pay(VIP, '/api/payments/create', { type: 'vip' });
    await must(VIP, 'POST', '/api/user/daily-card/use', {});
    const vipReading = (await must(VIP, 'POST', '/api/readings', { spreadType: 'celtic_cross', question: 'Как сложится мой год?' })).id;
    await must(VIP, 'POST', '/api/natal/chart', { date: '1990-05-17', time: '12:30', city: 'Москва' });
    const status = (await must(VIP, 'GET', '/api/user/status')).userStatus;
    expect(status.subscriptionType).toBe('vip');
    const rows = await h.db.selectFrom('payments').select('id').where('user_id', 'in', VICTIMS).execute();
    expect(rows).toHaveLength(3);
    return {
      freeReading,
      basicReading,
      vipReading,
      paidPaymentIds: [basicPaid.paymentId, vipPaid.paymentId, microPaid.paymentId],
      pendingPaymentId: pending.paymentId!,
      orderIds: [pending.orderId, basicPaid.orderId, vipPaid.orderId, microPaid.orderId],
      paymentRowIds: rows.map((r) => r.id),
    };
  }

  /**
   * Everything of everyone but the attacker that a request could change: each table's rows as JSON text,
   * sorted, read in one statement (it runs after every route; one query per table cost a second of the run).
   */
  async function snapshot(): Promise<Record<string, string[]>> {
    const rowsOf = (table: string, owner: string) =>
      sql`(select coalesce(array_agg(row_to_json(t)::text order by row_to_json(t)::text), '{}') from ${sql.table(table)} t where ${sql.ref(owner)} <> ${ATTACKER}) as ${sql.ref(table)}`;
    const { rows } = await sql<Record<string, string[]>>`select ${sql.join([
      rowsOf('users', 'id'),
      ...USER_TABLES.map((t) => rowsOf(t, 'user_id')),
    ])}`.execute(h.db);
    return rows[0];
  }

  /** Ids the attacker puts in bodies, paths and queries: the victims', their readings', their payments'. */
  const ids = (): (number | string)[] => [
    FREE,
    BASIC,
    VIP,
    String(VIP),
    ADMIN,
    ATTACKER,
    seeds.freeReading,
    seeds.basicReading,
    seeds.vipReading,
    String(seeds.vipReading),
    ...seeds.paymentRowIds,
    ...seeds.paidPaymentIds,
    seeds.pendingPaymentId,
    ...seeds.orderIds,
    ...attackerReadings,
  ];

  try {
    fake = await startFakeYooKassa();
    tg = createLocalTelegram({ token: TEST_BOT_TOKEN, botUsername: 'tarot_test_bot' });
    const apiRoot = await tg.listen();
    const botApi = new Api(TEST_BOT_TOKEN, { apiRoot });
    h = await createHarness(kind, {
      mockPayments: false,
      localMode: false,
      adminUserIds: [ADMIN],
      payments: {
        provider: 'yookassa',
        publicUrl: 'https://tarot.example',
        // The flood of forged notifications for a few ids would wait out production's 2 s per read-back
        // of an id (26 s of the run); the gap rule itself is tested in yookassa-readback.test.ts.
        yookassa: { shopId: fake.shopId, secretKey: fake.secretKey, apiRoot: fake.apiRoot, readBackGapMs: 20 },
        starsApi: {
          createInvoiceLink: (...a) => botApi.createInvoiceLink(...a),
          refundStarPayment: (...a) => botApi.refundStarPayment(...a),
          editUserStarSubscription: (...a) => botApi.editUserStarSubscription(...a),
        },
      },
    });
    // The production shape of the app: webhook mode bot, the built web app (a small stand-in), no /dev.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'taro-hostile-'));
    fs.writeFileSync(path.join(dist, 'secret.txt'), SECRET_MARKER);
    const web = path.join(dist, 'webapp');
    fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
    fs.mkdirSync(path.join(web, 'cards'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(web, 'assets', 'index-abc.js'), 'console.log(1)');
    fs.writeFileSync(path.join(web, 'cards', 'back.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const logger = pino({ level: 'silent' });
    const telegram = createTelegramRuntime({
      token: TEST_BOT_TOKEN,
      apiRoot,
      mode: 'webhook',
      webhookUrl: 'https://tarot.example/api/telegram/webhook',
      webhookSecret: WEBHOOK_SECRET,
      services: h.services,
      identity: h.identity,
      logger,
      webAppUrl: () => 'https://tarot.example',
      push: { ratePerSecond: 25 },
      botInfo: (await botApi.getMe()) as any,
    });
    // The data export goes to the chat as documents, as main.ts sends it.
    const sendExport: SendExport = async (userId, files) => {
      for (const f of files) await botApi.sendDocument(userId, new InputFile(f.chunks, f.fileName), { caption: f.caption });
    };
    prod = createApi({
      services: h.services,
      identity: h.identity,
      logger,
      localMode: false,
      webDist: web,
      telegramWebhook: telegram.webhookHandler,
      sendExport,
    });
    // The same database behind mock payments (local mode's), so no mock path grants anything to anyone else.
    const mockServices = createServices({ ...h.deps, mockPayments: true, payments: { ...h.deps.payments!, provider: 'mock' } });
    mock = createApi({ services: mockServices, identity: h.identity, logger, localMode: false, sendExport });
    seeds = await seed();

    const other = createIdentity({ botToken: OTHER_BOT_TOKEN, maxAgeS: 86400 });
    const id = h.identity;
    const victimInit = id.signInitData({ id: VIP, first_name: 'Вика', username: 'vika' });
    const attackerInit = id.signInitData({ id: ATTACKER, first_name: 'Злой' });
    const edit = (raw: string, f: (p: URLSearchParams) => void) => {
      const p = new URLSearchParams(raw);
      f(p);
      return p.toString();
    };
    const future = Math.floor(Date.now() / 1000) + 3600;
    attackerAuth = [
      `tma ${attackerInit}`,
      `Bearer ${attackerInit}`,
      `tma ${id.signInitData({ id: ATTACKER, first_name: 'Злой', language_code: 'uk', is_premium: true })}`,
      `Bearer ${id.signLaunchToken(ATTACKER)}`,
    ];
    forgedAuth = [
      '',
      'tma',
      'tma ',
      'Bearer',
      'Basic dXNlcjpwYXNz',
      `${victimInit}`,
      // Tampered or replayed: the victim's id put into the attacker's signed data, the victim's data with the
      // user changed to the attacker (or only renamed), a later auth_date, a start parameter, doubled fields.
      `tma ${edit(attackerInit, (p) => p.set('user', JSON.stringify({ id: VIP, first_name: 'Злой' })))}`,
      `tma ${edit(victimInit, (p) => p.set('user', JSON.stringify({ id: ATTACKER, first_name: 'Вика' })))}`,
      `tma ${edit(victimInit, (p) => p.set('user', JSON.stringify({ id: VIP, first_name: 'Не Вика' })))}`,
      `tma ${edit(victimInit, (p) => p.set('auth_date', String(Math.floor(Date.now() / 1000) + 60)))}`,
      `tma ${edit(victimInit, (p) => p.set('start_param', 'ref_999'))}`,
      `tma ${edit(victimInit, (p) => p.append('user', JSON.stringify({ id: ATTACKER, first_name: 'x' })))}`,
      `tma ${edit(victimInit, (p) => p.append('hash', '0'.repeat(64)))}`,
      // Wrong hash, no hash, a signature only.
      `tma ${edit(victimInit, (p) => p.set('hash', 'a'.repeat(64)))}`,
      `tma ${edit(victimInit, (p) => p.set('hash', ''))}`,
      `tma ${edit(victimInit, (p) => p.delete('hash'))}`,
      `tma ${edit(victimInit, (p) => p.set('hash', edit(attackerInit, () => {}).match(/hash=([0-9a-f]+)/)![1]))}`,
      // Another bot's valid signature; expired data (the victim's and the attacker's own).
      `tma ${other.signInitData({ id: VIP, first_name: 'Вика' })}`,
      `tma ${other.signInitData({ id: ATTACKER, first_name: 'Злой' })}`,
      `tma ${id.signInitData({ id: VIP, first_name: 'Вика' }, { authDate: new Date(Date.now() - 2 * 86400_000) })}`,
      `tma ${id.signInitData({ id: ATTACKER, first_name: 'Злой' }, { authDate: new Date(Date.now() - 2 * 86400_000) })}`,
      // Launch tokens: a made-up MAC, another bot's, expired, cut short, with the victim's id swapped in.
      `Bearer lt1.${VIP}.${future}.${'A'.repeat(43)}`,
      `Bearer ${other.signLaunchToken(VIP)}`,
      `Bearer ${id.signLaunchToken(VIP, -60)}`,
      `Bearer lt1.${VIP}.${future}`,
      `Bearer ${id.signLaunchToken(ATTACKER).replace(`lt1.${ATTACKER}.`, `lt1.${VIP}.`)}`,
      `tma ${id.signLaunchToken(ATTACKER).replace(/\.\d+\./, `.${future + 10 ** 9}.`)}`,
      // Huge and garbled.
      `tma ${'x'.repeat(9_000)}`,
      `tma ${'%'.repeat(200)}`,
      `tma user=${'%7B'.repeat(100)}&hash=${'0'.repeat(64)}`,
      `tma ${victimInit}&${victimInit}`,
      asHeaderBytes(`tma ${edit(victimInit, (p) => p.set('user', JSON.stringify({ id: VIP, first_name: 'Вика\u0000🙂' })))}`),
    ];
  } catch (err) {
    await close();
    throw err;
  }
  return { h, fake, tg, prod, mock, seeds, attackerAuth, forgedAuth, attackerReadings, snapshot, ids, close };
}
