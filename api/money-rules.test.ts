// Money and quota rules through the real Hono app: one trial per user (decided when the payment is
// applied), a time-zone change never opens a new day early, a plan bought today starts with its full daily
// allowance, and the micro pack is never offered to VIP or week-pass users.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../domain/text/time';
import { TEST_DB_KINDS } from '../test/databases';
import { startFakeYooKassa, type FakeYooKassa, yookassaPayments } from '../test/fake-yookassa';
import { createHarness, type Harness } from '../test/harness';

const reading = (h: Harness, user: number) =>
  h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что меня ждёт сегодня?' });
const statusOf = async (h: Harness, user: number) => (await h.call(user, 'GET', '/api/user/status')).body.data.userStatus;

describe.each(TEST_DB_KINDS)('money and quota rules (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h?.close());

  describe('a time-zone change never opens a new day early', () => {
    it('a free user hopping east past midnight gets no second reading until the old day ended', async () => {
      const user = 61_001;
      // 22:00 in Moscow (UTC+3): the day's free spread is used.
      h.setNow(new Date('2026-10-05T19:00:00Z'));
      expect((await reading(h, user)).status).toBe(201);
      expect((await reading(h, user)).status).toBe(429);
      // Kiritimati (UTC+14) is already on the 6th: the counters keep Moscow's 5th until it ends.
      const hop = await h.call(user, 'PUT', '/api/user/settings', { timeZone: 'Pacific/Kiritimati' });
      expect(hop.status).toBe(200);
      expect(hop.body.data.userStatus).toMatchObject({ remainingSpreads: 0, resetsAt: '2026-10-05T21:00:00.000Z' });
      const again = await reading(h, user);
      expect(again.status).toBe(429);
      expect(again.body.resetsAt).toBe('2026-10-05T21:00:00.000Z');
      // Hopping on and back does not help either.
      await h.call(user, 'PUT', '/api/user/settings', { timeZone: 'Asia/Tokyo' });
      expect((await reading(h, user)).status).toBe(429);
      // Once Moscow's day is over, the new zone's day counts.
      h.setNow(new Date('2026-10-05T21:00:01Z'));
      expect((await reading(h, user)).status).toBe(201);
      expect((await reading(h, user)).status).toBe(429);
    });

    it('a free user hopping west to a zone still on yesterday gets no second reading', async () => {
      const user = 61_002;
      // 00:30 on the 6th in Moscow; Los Angeles is still on the 5th.
      h.setNow(new Date('2026-10-05T21:30:00Z'));
      expect((await reading(h, user)).status).toBe(201);
      await h.call(user, 'PUT', '/api/user/settings', { timeZone: 'America/Los_Angeles' });
      expect((await reading(h, user)).status).toBe(429);
      h.setNow(new Date('2026-10-06T12:00:00Z'));
      expect((await reading(h, user)).status).toBe(429);
      // The 6th ends in Los Angeles at 07:00 UTC on the 7th.
      h.setNow(new Date('2026-10-07T07:00:01Z'));
      expect((await reading(h, user)).status).toBe(201);
    });

    it('a basic user gets five a day, not fifteen, however the zone changes', async () => {
      const user = 61_003;
      h.setNow(new Date('2026-10-05T19:00:00Z'));
      expect((await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'basic' })).status).toBe(200);
      let made = 0;
      for (const tz of ['Europe/Moscow', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
        await h.call(user, 'PUT', '/api/user/settings', { timeZone: tz });
        for (let i = 0; i < 6; i++) if ((await reading(h, user)).status === 201) made++;
      }
      expect(made).toBe(5);
    });
  });

  it('buying a plan restarts the day: its full allowance today', async () => {
    const user = 61_010;
    h.setNow(new Date('2026-10-08T09:00:00Z'));
    expect((await reading(h, user)).status).toBe(201);
    expect(await statusOf(h, user)).toMatchObject({ subscriptionType: 'free', remainingSpreads: 0 });
    const paid = await h.call(user, 'POST', '/api/payments/create', { type: 'basic' });
    expect(paid.status).toBe(200);
    expect(await statusOf(h, user)).toMatchObject({ subscriptionType: 'basic', dailySpreadsUsed: 0, remainingSpreads: 5 });
    let made = 0;
    for (let i = 0; i < 7; i++) if ((await reading(h, user)).status === 201) made++;
    expect(made).toBe(5);
    // An upgrade is a new plan too: VIP's allowance from zero.
    expect((await h.call(user, 'POST', '/api/payments/create', { type: 'vip' })).status).toBe(200);
    expect(await statusOf(h, user)).toMatchObject({ subscriptionType: 'vip', dailySpreadsUsed: 0 });
  });

  it('a VIP or week-pass user is never offered the micro pack', async () => {
    h.setNow(new Date('2026-10-09T09:00:00Z'));
    const free = 61_020;
    expect((await h.call(free, 'GET', '/api/offers/micro')).status).toBe(200);
    expect((await h.call(free, 'GET', '/api/config/pricing')).body.data.micro.available).toBe(true);
    for (const [user, buy] of [
      [61_021, { type: 'vip' }],
      [61_022, { type: 'week' }],
    ] as const) {
      expect((await h.call(user, 'POST', '/api/payments/create', buy)).status).toBe(200);
      const offer = await h.call(user, 'GET', '/api/offers/micro');
      expect(offer.status).toBe(409);
      expect(offer.body.code).toBe('not_needed');
      expect((await h.call(user, 'GET', '/api/config/pricing')).body.data.micro.available).toBe(false);
      expect((await h.call(user, 'GET', '/api/offer/micro/state')).body.data.available).toBe(false);
      const order = await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'micro' });
      expect(order.status).toBe(409);
      expect(await h.db.selectFrom('micro_offers').select('user_id').where('user_id', '=', user).execute()).toHaveLength(0);
    }
  });
});

describe.each(TEST_DB_KINDS)('one trial per user (%s, YooKassa)', (kind) => {
  let h: Harness;
  let fake: FakeYooKassa;
  beforeAll(async () => {
    fake = await startFakeYooKassa();
    h = await createHarness(kind, yookassaPayments(fake));
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });
  beforeEach(() => h.setNow(new Date()));

  const webhook = (id: string) =>
    h.call(null, 'POST', '/api/payments/yookassa/webhook', {
      type: 'notification',
      event: 'payment.succeeded',
      object: { id, status: 'succeeded' },
    });

  it('several trial orders paid give one trial; the others are refunded and grant nothing', async () => {
    const user = 62_001;
    const t0 = new Date('2026-10-10T12:00:00Z');
    h.setNow(t0);
    // Three trial orders opened before any is paid: each is offered as a trial.
    const orders = [];
    for (let i = 0; i < 3; i++) {
      const r = await h.call(user, 'POST', '/api/payments/create-initial', {
        planId: 'vip',
        autopayConsent: true,
        trialDays: 7,
        mode: 'embedded',
      });
      expect(r.body.data).toMatchObject({ trial: true, amount: 10 });
      orders.push(r.body.data.paymentId as string);
    }
    for (const id of orders) fake.succeed(id);
    const outcomes = await Promise.all(orders.map((id) => webhook(id)));
    expect(outcomes.map((o) => o.status)).toEqual([200, 200, 200]);
    // One week, not three.
    expect(await statusOf(h, user)).toMatchObject({
      subscriptionType: 'vip',
      subscriptionExpires: new Date(t0.getTime() + 7 * DAY_MS).toISOString(),
    });
    const payments = await h.db.selectFrom('payments').selectAll().where('user_id', '=', user).orderBy('id').execute();
    expect(payments).toHaveLength(3);
    expect(payments.filter((p) => (p.granted as { kind: string }).kind === 'plan')).toHaveLength(1);
    const extra = payments.filter((p) => (p.granted as { kind: string }).kind === 'none');
    expect(extra).toHaveLength(2);
    for (const p of extra) expect(p.status).toBe('refunded');
    // Their money went back through YooKassa.
    const refunded = [...fake.refunds.values()].map((r) => r.payment_id).sort();
    expect(refunded).toEqual(extra.map((p) => p.provider_payment_id).sort());
    // Redelivered notifications change nothing.
    for (const id of orders) expect((await webhook(id)).body.data.outcome).toBe('duplicate');
    expect((await statusOf(h, user)).subscriptionExpires).toBe(new Date(t0.getTime() + 7 * DAY_MS).toISOString());
  });
});
