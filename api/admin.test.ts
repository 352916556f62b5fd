// The owner's calls under /api/admin: 404 to anyone but ADMIN_USER_IDS (as an unknown path), and the
// dashboard's figures over seeded data with known answers (test/dashboard-seed.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { TEST_DB_KINDS } from '../test/databases';
import { SEED_EXPECT, seedDashboard } from '../test/dashboard-seed';
import { aiPricesPerM } from '../services/dashboard';

const ADMIN = 9_301;
const NOW = new Date('2026-03-15T09:00:00Z');

const ADMIN_CALLS: [string, string, unknown?][] = [
  ['GET', '/api/admin/experiments'],
  ['GET', '/api/admin/money?days=7'],
  ['GET', '/api/admin/funnel'],
  ['GET', '/api/admin/retention'],
  ['GET', '/api/admin/ai'],
  ['GET', '/api/admin/pushes'],
  ['GET', '/api/admin/referrals'],
  ['GET', '/api/admin/csv?tab=referrals'],
  ['GET', '/api/admin/micro-status'],
  ['GET', '/api/debug/micro-status'],
  ['POST', '/api/admin/refund', { paymentId: 1 }],
  ['GET', '/api/admin/csv?tab=money'],
  ['POST', '/api/admin/csv/send-to-chat?tab=money'],
];

describe.each(TEST_DB_KINDS)('owner dashboard API (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { adminUserIds: [ADMIN], now: NOW });
    await seedDashboard(h.db, NOW);
  });
  afterAll(() => h?.close());

  it('answers 404 to a non-admin on every admin call, exactly as an unknown path', async () => {
    const unknown = await h.call(9_302, 'GET', '/api/admin/nothing-here');
    expect(unknown.status).toBe(404);
    for (const [method, path, body] of ADMIN_CALLS) {
      const r = await h.call(9_302, method, path, body);
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.error).toBe(`Не найдено: ${method} ${path.split('?')[0]}`);
    }
    // Without any sign-in: 401 as everywhere.
    expect((await h.call(null, 'GET', '/api/admin/experiments')).status).toBe(401);
  });

  it('experiments: 1,000 users per price variant at 4 % and 6 %, B leads', async () => {
    const r = await h.call(ADMIN, 'GET', '/api/admin/experiments?days=7');
    expect(r.status).toBe(200);
    const micro = r.body.data.experiments.find((e: { id: string }) => e.id === 'micro_price')!;
    expect(micro.variants.map((v: { users: number; conversions: number }) => [v.users, v.conversions])).toEqual([
      [1000, 40],
      [1000, 60],
    ]);
    expect(micro.enoughData).toBe(true);
    expect(micro.verdict).toMatch(/^Лидирует B: 79 ₽: конверсия 6,0 % против 4,0 % \(\+2,0 п\.п\.\)/);
    expect(micro.variants[1].diff!.value).toBeCloseTo(0.02, 10);
    expect(micro.variants[0].revenuePerUser.mean).toBeCloseTo(3.96, 10);
    expect(micro.variants[1].revenuePerUser.mean).toBeCloseTo(4.74, 10);
    // The tone test counts any payment: the Stars plan too.
    const tone = r.body.data.experiments.find((e: { id: string }) => e.id === 'tone')!;
    expect(tone.variants.reduce((a: number, v: { users: number }) => a + v.users, 0)).toBe(2000);
    expect(tone.variants.reduce((a: number, v: { conversions: number }) => a + v.conversions, 0)).toBe(101);
    expect(r.body.data.period).toEqual({ from: '2026-03-09', to: '2026-03-15', timeZone: 'Europe/Moscow' });
  });

  it('a period before the offers: «рано судить»', async () => {
    const r = await h.call(ADMIN, 'GET', '/api/admin/experiments?from=2026-01-01&to=2026-01-31');
    expect(r.status).toBe(200);
    expect(r.body.data.experiments[0].variants.map((v: { users: number }) => v.users)).toEqual([0, 0]);
    expect(r.body.data.experiments[0].verdict).toMatch(/^Рано судить/);
  });

  it('money: mock payments never count, refunded ones only as refunds', async () => {
    const r = await h.call(ADMIN, 'GET', '/api/admin/money?days=7');
    expect(r.status).toBe(200);
    const m = r.body.data;
    expect(m.revenueRub).toBe(SEED_EXPECT.revenueRub);
    expect(m.revenueStars).toBe(SEED_EXPECT.revenueStars);
    expect(m.estimateRub).toBeCloseTo(SEED_EXPECT.revenueRub + 130, 6);
    expect(m.payingUsers).toBe(SEED_EXPECT.payingUsers);
    expect(m.refunds).toBe(1);
    expect(m.refundedRub).toBe(99);
    expect(m.newPlans).toBe(1);
    expect(m.renewedPlans).toBe(0);
    expect(m.days.map((d: { product: string; currency: string; amount: number }) => [d.product, d.currency, d.amount])).toEqual([
      ['basic', 'XTR', 100],
      ['micro', 'RUB', 8700],
    ]);
  });

  it('funnel: new users by entry point through reading, offer, checkout and payment', async () => {
    await h.db
      .insertInto('users')
      .values([{ id: 9_400, first_name: 'Друг', time_zone: 'Europe/Moscow', start_param: 'ref_5', created_at: NOW }])
      .execute();
    const r = await h.call(ADMIN, 'GET', '/api/admin/funnel?days=7');
    expect(r.status).toBe(200);
    const f = SEED_EXPECT.funnel;
    // The admin's own sign-ins make users too (today, direct): the seeded ones plus those.
    const direct = r.body.data.byEntry.find((e: { entry: string }) => e.entry === 'direct')!;
    const admins = direct.steps[0].users - f.opened;
    expect(admins).toBeGreaterThanOrEqual(0);
    expect(direct.steps.map((s: { users: number }) => s.users)).toEqual([f.opened + admins, f.reading, f.offer, f.checkout, f.paid]);
    expect(direct.steps[4].ofPrevious).toBeCloseTo(101 / 102, 10);
    const shared = r.body.data.byEntry.find((e: { entry: string }) => e.entry === 'share')!;
    expect(shared.label).toBe('Ссылка из расклада');
    expect(shared.steps.map((s: { users: number }) => s.users)).toEqual([1, 0, 0, 0, 0]);
    expect(r.body.data.total.steps[0].users).toBe(f.opened + admins + 1);
  });

  it('funnel: a push button’s start parameter (X-Start-Param beside initData) is the entry point; a referral is not taken from it', async () => {
    await h.call(9_401, 'GET', '/api/user/status', undefined, { 'X-Start-Param': 'push_daily' });
    await h.call(9_402, 'GET', '/api/user/status', undefined, { 'X-Start-Param': 'ref_9401' });
    // They came on the harness's day (the sign-in wrote the real clock's).
    await h.db.updateTable('users').set({ created_at: NOW }).where('id', 'in', [9_401, 9_402]).execute();
    const params = await h.db.selectFrom('users').select(['id', 'start_param']).where('id', 'in', [9_401, 9_402]).orderBy('id').execute();
    expect(params).toEqual([
      { id: 9_401, start_param: 'push_daily' },
      { id: 9_402, start_param: null },
    ]);
    const r = await h.call(ADMIN, 'GET', '/api/admin/funnel?days=7');
    const push = r.body.data.byEntry.find((e: { entry: string }) => e.entry === 'push')!;
    expect(push.label).toBe('Ежедневный пуш');
    expect(push.steps[0].users).toBe(1);
  });

  it('funnel: a refund takes the payment back out of «оплатили»; a mock payment never enters it', async () => {
    await h.db
      .insertInto('users')
      .values([{ id: 9_410, first_name: 'Возврат', time_zone: 'Europe/Moscow', start_param: 'inv_1', created_at: NOW }])
      .execute();
    const paid = () =>
      h
        .call(ADMIN, 'GET', '/api/admin/funnel?days=7')
        .then((r) => r.body.data.byEntry.find((e: { entry: string }) => e.entry === 'invite')!.steps[4].users);
    const pay = (provider: 'yookassa' | 'mock', id: string) => ({
      provider,
      provider_payment_id: id,
      user_id: 9_410,
      product: 'micro',
      amount_minor: 9900,
      currency: 'RUB',
      status: 'succeeded' as const,
      granted: '{}',
      created_at: NOW,
    });
    await h.db.insertInto('payments').values(pay('mock', 'facts-mock')).execute();
    expect(await paid()).toBe(0);
    await h.db.insertInto('payments').values(pay('yookassa', 'facts-real')).execute();
    expect(await paid()).toBe(1);
    await h.db
      .updateTable('payments')
      .set({ status: 'refunded', refunded_at: NOW })
      .where('provider_payment_id', '=', 'facts-real')
      .execute();
    expect(await paid()).toBe(0);
  });

  it('retention: the weekly cohort, 5 % back on day 1, days 7 and 30 not come yet', async () => {
    const r = await h.call(ADMIN, 'GET', '/api/admin/retention?from=2026-03-09&to=2026-03-12');
    expect(r.status).toBe(200);
    expect(r.body.data.cohorts).toEqual([{ week: '2026-03-09', users: 2000, day1: 0.05, day7: null, day30: null }]);
  });

  it('AI: readings by author, failures by kind, p50/p95 timings and the tokens’ cost', async () => {
    const r = await h.call(ADMIN, 'GET', '/api/admin/ai?days=7');
    expect(r.status).toBe(200);
    const a = SEED_EXPECT.ai;
    expect(r.body.data).toMatchObject({
      byAi: a.byAi,
      byCards: a.byCards,
      // In Russian, by kind: the HTTP library's messages are one kind.
      failures: [
        { kind: 'ИИ не ответил вовремя', readings: 30 },
        { kind: 'Сервис ИИ ответил ошибкой 503', readings: 12 },
        { kind: 'Сбой связи с ИИ', readings: 8 },
      ],
      firstText: { p50: a.firstP50, p95: a.firstP95 },
      total: { p50: a.totalP50, p95: a.totalP95 },
      tokensIn: a.tokensIn,
      tokensOut: a.tokensOut,
      tokensReported: a.tokensReported,
      tokensEstimated: a.tokensEstimated,
    });
  });

  it('AI cost with no AI_PRICE_* set: the default model gpt-6-luna at its list price ($0.10 / $0.50) and 90 ₽/$', async () => {
    const r = await h.call(ADMIN, 'GET', '/api/admin/ai?days=7');
    const a = SEED_EXPECT.ai;
    const expected = Math.round(((a.tokensIn * 0.1 * 90 + a.tokensOut * 0.5 * 90) / 1e6) * 100) / 100;
    expect(expected).toBeGreaterThan(0);
    expect(r.body.data.costRub).toBe(expected);
    expect(r.body.data.pricesPerM).toEqual({ input: 9, output: 45, source: 'model' });
    const csv = await h.call(ADMIN, 'GET', '/api/admin/csv?tab=ai&days=7');
    expect(String(csv.body)).toContain(`Стоимость, ₽;${String(expected).replace('.', ',')}`);
    // Settings win over the list price; the rate converts it.
    expect(aiPricesPerM('gpt-6-luna', { aiPriceInputPerM: 20, aiPriceOutputPerM: 60 })).toEqual({
      input: 20,
      output: 60,
      source: 'settings',
    });
    expect(aiPricesPerM('gpt-6-luna', { usdRubRate: 100 })).toEqual({ input: 10, output: 50, source: 'model' });
  });

  it('AI cost of a model without a known price: unknown, never 0 ₽', async () => {
    const other = await createHarness(kind, { adminUserIds: [ADMIN], now: NOW, ai: { model: 'some-other-model' } });
    try {
      const r = await other.call(ADMIN, 'GET', '/api/admin/ai?days=7');
      expect(r.status).toBe(200);
      expect(r.body.data.costRub).toBeNull();
      expect(r.body.data.pricesPerM).toBeNull();
      expect(r.body.data.model).toBe('some-other-model');
    } finally {
      await other.close();
    }
  });

  it('pushes: delivered, failed, blocked bots, reminders off and readings within the hour', async () => {
    const r = await h.call(ADMIN, 'GET', '/api/admin/pushes?days=7');
    expect(r.status).toBe(200);
    const x = SEED_EXPECT.pushes;
    expect(r.body.data).toMatchObject({
      queued: x.queued,
      delivered: x.delivered,
      failed: x.failed,
      blockedBots: x.blocked,
      remindersOff: x.remindersOff,
      followedByReading: x.followed,
    });
  });

  it('a tab downloads as CSV (semicolons, decimal commas)', async () => {
    const r = await h.call(ADMIN, 'GET', '/api/admin/csv?tab=money&days=7');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="admin-money-2026-03-09_2026-03-15.csv"');
    const lines = String(r.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('День;Продукт;Валюта;Платежей;Сумма;Сумма, ₽ (оценка)');
    expect(lines).toContain('2026-03-10;basic;XTR;1;100;130');
    expect(lines).toContain('2026-03-10;micro;RUB;100;8700;8700');
    const e = await h.call(ADMIN, 'GET', '/api/admin/csv?tab=experiments&days=7');
    expect(String(e.body)).toContain('Цена микро-расклада;B: 79 ₽;1000;60;0,06;0,02;');
    expect((await h.call(ADMIN, 'GET', '/api/admin/csv?tab=sql')).body.error).toMatch(/^tab: /);
  });

  it('bad periods get 400 naming the field', async () => {
    for (const [q, field] of [
      ['days=5', 'days'],
      ['from=2026-01-01', 'from'],
      ['from=2026-03-01&to=2026-01-01', 'from'],
      ['from=1.1.2026&to=2026-01-02', 'from'],
      ['from=01.03.2026&to=31.02.2026', 'to'],
    ]) {
      const r = await h.call(ADMIN, 'GET', `/api/admin/money?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error).toMatch(new RegExp(`^${field}: `));
    }
    expect((await h.call(ADMIN, 'GET', '/api/admin/money?from=01.03.2026&to=31.02.2026')).body.error).toBe(
      'to: дата «по»: ожидается ДД.ММ.ГГГГ, например 01.03.2026, а не «31.02.2026»',
    );
    // Typed the Russian way, the period is the same as in ISO.
    const ru = await h.call(ADMIN, 'GET', '/api/admin/money?from=09.03.2026&to=15.03.2026');
    expect(ru.status).toBe(200);
    expect(ru.body.data.period).toMatchObject({ from: '2026-03-09', to: '2026-03-15' });
    expect(ru.body.data.revenueRub).toBe(SEED_EXPECT.revenueRub);
  });
});
