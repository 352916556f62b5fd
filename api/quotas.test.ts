// Quotas are decided by the server, atomically: racing requests never pass a limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from '../domain/text/time';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

describe.each(TEST_DB_KINDS)('quotas on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('50 simultaneous free-spread/use calls of a free user grant exactly one', async () => {
    const user = 10_001;
    await h.call(user, 'GET', '/api/user/status');
    const results = await Promise.all(Array.from({ length: 50 }, () => h.call(user, 'POST', '/api/user/free-spread/use')));
    const granted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 429);
    expect(granted).toHaveLength(1);
    expect(refused).toHaveLength(49);
    expect(refused[0].body.error).toMatch(/Бесплатный расклад на сегодня уже использован/);
    const status = await h.call(user, 'GET', '/api/user/status');
    expect(status.body.data.userStatus).toMatchObject({
      dailySpreadsUsed: 1,
      freeSpreadUsed: true,
      freeSpreadAvailable: false,
      remainingSpreads: 0,
    });
  });

  it('50 simultaneous POST /api/readings of a basic user create exactly 5 readings', async () => {
    const user = 10_002;
    expect((await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'basic' })).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.call(user, 'POST', '/api/readings', { spreadType: 'love_relationship', question: `Что ждёт нас? №${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(45);
    expect(results.every((r) => r.status === 201 || r.status === 429)).toBe(true);
    const rows = await h.db.selectFrom('readings').select('id').where('user_id', '=', user).execute();
    expect(rows).toHaveLength(5);
    const status = await h.call(user, 'GET', '/api/user/status');
    expect(status.body.data.userStatus).toMatchObject({
      dailySpreadsUsed: 5,
      remainingSpreads: 0,
      maxDailySpreads: 5,
      totalSpreadsUsed: 5,
    });
  });

  it('the day turns over at the user local midnight, not the server one', async () => {
    const user = 10_003;
    // 23:59 in Vladivostok (UTC+10) is 13:59 UTC: the server's UTC day has hours left, the user's none.
    h.setNow(zonedTimeToUtc('2026-03-10', '23:59', 'Asia/Vladivostok'));
    await h.call(user, 'PUT', '/api/user/settings', { timeZone: 'Asia/Vladivostok' });
    expect((await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Каким будет день?' })).status).toBe(201);
    const refused = await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'А ещё раз?' });
    expect(refused.status).toBe(429);
    expect(refused.body.resetsAt).toBe(zonedTimeToUtc('2026-03-11', '00:00', 'Asia/Vladivostok').toISOString());
    expect(refused.body.error).toMatch(/Новые расклады через 1 минуту\./);

    h.setNow(zonedTimeToUtc('2026-03-11', '00:00', 'Asia/Vladivostok'));
    const status = await h.call(user, 'GET', '/api/user/status');
    expect(status.body.data.userStatus).toMatchObject({ dailySpreadsUsed: 0, freeSpreadAvailable: true, dailySpreadsDate: '2026-03-11' });
    expect((await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Каким будет новый день?' })).status).toBe(
      201,
    );
  });

  it('a paid-only spread needs a plan (402) and a VIP-only spread needs VIP', async () => {
    const free = await h.call(10_004, 'POST', '/api/readings', { spreadType: 'career_finance', question: 'Будет ли повышение?' });
    expect(free.status).toBe(402);
    expect(free.body.requiredPlan).toBe('basic');
    await h.call(10_005, 'POST', '/api/user/subscription', { subscriptionType: 'basic' });
    const basic = await h.call(10_005, 'POST', '/api/readings', { spreadType: 'celtic_cross', question: 'Что меня ждёт?' });
    expect(basic.status).toBe(402);
    expect(basic.body.requiredPlan).toBe('vip');
    await h.call(10_006, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    const vip = await h.call(10_006, 'POST', '/api/readings', { spreadType: 'celtic_cross', question: 'Что меня ждёт?' });
    expect(vip.status).toBe(201);
    expect(vip.body.data.cards).toHaveLength(10);
    expect(vip.body.data.level).toBe('premium');
  });

  it('an expired plan counts as free', async () => {
    const user = 10_007;
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'week' });
    expect((await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.subscriptionType).toBe('week');
    h.setNow(new Date(Date.now() + 8 * 86400_000));
    const status = await h.call(user, 'GET', '/api/user/status');
    expect(status.body.data.userStatus).toMatchObject({ subscriptionType: 'free', maxDailySpreads: 1, subscriptionExpires: null });
  });

  it('the daily card: a free user gets one a day, asking again returns the same card; paid users redraw', async () => {
    const free = 10_008;
    const first = await h.call(free, 'POST', '/api/user/daily-card/use');
    expect(first.status).toBe(200);
    expect(first.body.data.drawn).toBe(true);
    const again = await h.call(free, 'POST', '/api/user/daily-card/use', { redraw: true });
    expect(again.body.data).toMatchObject({ drawn: false, canRedraw: false });
    expect(again.body.data.card.cardId).toBe(first.body.data.card.cardId);
    const avail = await h.call(free, 'GET', '/api/user/daily-card/available');
    expect(avail.body.data).toMatchObject({ available: false, used: true });

    const paid = 10_009;
    await h.call(paid, 'POST', '/api/user/subscription', { subscriptionType: 'basic' });
    await h.call(paid, 'POST', '/api/user/daily-card/use');
    const redraw = await h.call(paid, 'POST', '/api/user/daily-card/use', { redraw: true });
    expect(redraw.body.data).toMatchObject({ drawn: true, canRedraw: true });
    expect((await h.call(paid, 'GET', '/api/user/daily-card/available')).body.data.available).toBe(true);
  });

  it('50 simultaneous daily-card draws of a free user agree on one card', async () => {
    const user = 10_010;
    await h.call(user, 'GET', '/api/user/status');
    const results = await Promise.all(Array.from({ length: 50 }, () => h.call(user, 'POST', '/api/user/daily-card/use')));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.card.cardId)).size).toBe(1);
    expect(results.filter((r) => r.body.data.drawn)).toHaveLength(1);
  });
});

describe('special access', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('pglite', { specialAccessUserIds: [424242] });
  });
  afterAll(() => h.close());

  it('opens every spread with 999 a day, from configuration', async () => {
    const res = await h.call(424242, 'POST', '/api/readings', { spreadType: 'spiritual_guidance', question: 'Мой путь?' });
    expect(res.status).toBe(201);
    const status = await h.call(424242, 'GET', '/api/user/status');
    expect(status.body.data.userStatus).toMatchObject({ special: true, maxDailySpreads: 999, freeSpreadUsed: false });
  });
});
