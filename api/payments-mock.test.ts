// Money in mock mode (local mode and tests) and the rules that hold for every provider: entitlements come
// only from confirmed payments, the micro pack reveals once and stably, plans extend, cancel keeps access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseMicroVariant, chooseTone } from '../domain/commerce/pricing';
import { DAY_MS } from '../domain/text/time';
import { TEST_DB_KINDS } from '../test/databases';
import { withOrder } from '../test/answers';
import { createHarness, type Harness } from '../test/harness';

const ADMIN = 77_001;

async function dailyReading(h: Harness, user: number) {
  const card = await h.call(user, 'POST', '/api/user/daily-card/use', {});
  expect(card.status).toBe(200);
  const saved = await h.call(user, 'POST', '/api/user/reading', {
    title: 'Карта дня',
    cards: [card.body.data.card.name],
    spreadType: 'free_daily',
  });
  expect(saved.status).toBe(201);
  return { readingId: saved.body.data.readingId as number, cardId: card.body.data.card.cardId as string };
}

describe.each(TEST_DB_KINDS)('payments in mock mode on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { adminUserIds: [ADMIN] });
  });
  afterAll(() => h.close());

  it('reveal before payment is refused; after a mock micro payment it shows the daily card and two distinct extra cards, stably', async () => {
    const user = 20_001;
    const { readingId, cardId } = await dailyReading(h, user);

    const before = await h.call(user, 'POST', '/api/readings/micro/reveal', { readingId });
    expect(before.status).toBe(402);
    expect(before.body.code).toBe('micro_not_purchased');
    expect((await h.call(user, 'GET', `/api/user/entitlements?readingId=${readingId}`)).body.data).toMatchObject({
      hasMicroForCurrentQuestion: false,
      hasMicroPurchase: false,
      hasActiveWeek: false,
    });

    const paid = await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'micro', mode: 'redirect', readingId });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ mock: true, provider: 'mock', applied: true, readingId });

    const ent = await h.call(user, 'GET', `/api/user/entitlements?readingId=${readingId}`);
    expect(ent.body.data).toMatchObject({ hasMicroForCurrentQuestion: true, hasMicroPurchase: true, detailedGuidance: true });

    const first = await h.call(user, 'POST', '/api/readings/micro/reveal', { readingId: String(readingId) });
    expect(first.status).toBe(200);
    const cards = first.body.data.cards as { cardId: string; orientation: string; imgUrl: string; label: string }[];
    expect(cards).toHaveLength(3);
    expect(cards[0].cardId).toBe(cardId);
    expect(cards[0].label).toBe('Карта дня');
    expect(new Set(cards.map((c) => c.cardId)).size).toBe(3);
    for (const c of cards.slice(1)) {
      expect(['upright', 'reversed']).toContain(c.orientation);
      expect(c.label).toBe('Дополнительная карта');
      expect(c.imgUrl).toMatch(/^\/cards\/\w+\/[\w-]+\.svg$/);
    }
    expect(first.body.data.advice.text.length).toBeGreaterThan(20);

    const again = await h.call(user, 'POST', '/api/readings/micro/reveal', { readingId });
    expect(again.body.data.cards).toEqual(first.body.data.cards);
    expect(again.body.data.advice).toEqual(first.body.data.advice);

    // Buying again for the same reading is not charged twice.
    const twice = await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'micro', readingId });
    expect(twice.body.data).toMatchObject({ alreadyPurchased: true });
    expect(await h.db.selectFrom('payments').select('id').where('user_id', '=', user).execute()).toHaveLength(1);
  });

  it('concurrent reveals of one purchase deal one set of cards', async () => {
    const user = 20_002;
    const { readingId } = await dailyReading(h, user);
    await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'micro', readingId });
    const results = await Promise.all(Array.from({ length: 8 }, () => h.call(user, 'POST', '/api/readings/micro/reveal', { readingId })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const distinct = new Set(results.map((r) => JSON.stringify(r.body.data.cards)));
    expect(distinct.size).toBe(1);
  });

  it('someone else\u2019s reading cannot be revealed or bought for', async () => {
    const { readingId } = await dailyReading(h, 20_003);
    const other = 20_004;
    // Answered as a missing reading (404), so ids do not tell what exists.
    expect((await h.call(other, 'POST', '/api/readings/micro/reveal', { readingId })).status).toBe(404);
    expect((await h.call(other, 'POST', '/api/payments/create-one-time', { product: 'micro', readingId })).status).toBe(404);
    expect((await h.call(other, 'POST', '/api/readings/micro/reveal', { readingId: 999_999_999 })).body.code).toBe('reading_not_found');
  });

  it('an unbound micro pack binds to the first reading revealed', async () => {
    const user = 20_005;
    const paid = await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'micro' });
    expect(paid.body.data.mock).toBe(true);
    expect((await h.call(user, 'GET', '/api/user/entitlements')).body.data.hasMicroPurchase).toBe(true);
    const { readingId } = await dailyReading(h, user);
    const r = await h.call(user, 'POST', '/api/readings/micro/reveal', { readingId });
    expect(r.status).toBe(200);
    const second = await dailyReading(h, user);
    expect((await h.call(user, 'POST', '/api/readings/micro/reveal', { readingId: second.readingId })).status).toBe(402);
  });

  it('the week pass sets week for 7 days without renewal, extends from its end, and reveals without a micro payment', async () => {
    const user = 20_006;
    const t0 = new Date('2026-05-01T09:00:00Z');
    h.setNow(t0);
    const r = withOrder(await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'week' }));
    expect(r.body.data).toMatchObject({ mock: true, applied: true });
    expect(r.body.data.userStatus).toMatchObject({
      subscriptionType: 'week',
      autoRenew: false,
      subscriptionExpires: new Date(t0.getTime() + 7 * DAY_MS).toISOString(),
    });
    h.setNow(new Date(t0.getTime() + 2 * DAY_MS));
    const again = withOrder(await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'week' }));
    expect(again.body.data.userStatus!.subscriptionExpires).toBe(new Date(t0.getTime() + 14 * DAY_MS).toISOString());
    const { readingId } = await dailyReading(h, user);
    expect((await h.call(user, 'GET', `/api/user/entitlements?readingId=${readingId}`)).body.data.hasActiveWeek).toBe(true);
    expect((await h.call(user, 'POST', '/api/readings/micro/reveal', { readingId })).status).toBe(200);
  });

  it('a request naming an old plan id (a button already sent into a chat) buys the renamed plan; the answer names the new id', async () => {
    const user = 20_097;
    const r = withOrder(await h.call(user, 'POST', '/api/payments/create', { type: 'vip_499' }));
    expect(r.status).toBe(200);
    expect(r.body.data.userStatus!.subscriptionType).toBe('vip');
    const w = withOrder(await h.call(20_098, 'POST', '/api/payments/create', { type: 'week_7d' }));
    expect(w.body.data.userStatus!.subscriptionType).toBe('week');
    const bad = await h.call(20_099, 'POST', '/api/payments/create', { type: 'gold_999' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^type: /);
  });

  it('subscriptions extend from the later of now and the current expiry; an upgrade keeps the value of unused days', async () => {
    const user = 20_007;
    const t0 = new Date('2026-06-01T00:00:00Z');
    h.setNow(t0);
    const a = withOrder(await h.call(user, 'POST', '/api/payments/create', { type: 'basic' }));
    expect(a.body.data.userStatus).toMatchObject({
      subscriptionType: 'basic',
      subscriptionExpires: new Date(t0.getTime() + 30 * DAY_MS).toISOString(),
    });
    h.setNow(new Date(t0.getTime() + 10 * DAY_MS));
    // What the pricing promises before each purchase («доступ до» in the widget) is what the purchase grants.
    const promised = async () => (await h.call(user, 'GET', '/api/config/pricing')).body.data;
    expect((await promised()).month_basic.accessUntil).toBe(new Date(t0.getTime() + 60 * DAY_MS).toISOString());
    const b = withOrder(await h.call(user, 'POST', '/api/payments/create', { type: 'basic' }));
    expect(b.body.data.userStatus!.subscriptionExpires).toBe(new Date(t0.getTime() + 60 * DAY_MS).toISOString());
    // 50 days of basic left, worth 50 × 299/30 ₽, become 50 × 299/499 days of VIP on top of the VIP month.
    const now = new Date(t0.getTime() + 10 * DAY_MS);
    const vipPromise = (await promised()).month_vip.accessUntil;
    const c = withOrder(await h.call(user, 'POST', '/api/payments/create', { type: 'vip' }));
    expect(c.body.data.userStatus!.subscriptionExpires).toBe(vipPromise);
    const expected = now.getTime() + 30 * DAY_MS + Math.floor((50 * DAY_MS * (299 / 30)) / (499 / 30));
    expect(c.body.data.userStatus!.subscriptionType).toBe('vip');
    expect(Math.abs(new Date(c.body.data.userStatus!.subscriptionExpires!).getTime() - expected)).toBeLessThan(1000);
    // A lower plan under an active VIP is not sold.
    expect((await h.call(user, 'POST', '/api/payments/create', { type: 'basic' })).status).toBe(409);
    expect((await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'week' })).status).toBe(409);
    // A plan that ended starts again from now.
    const later = new Date(t0.getTime() + 400 * DAY_MS);
    h.setNow(later);
    const d = withOrder(await h.call(user, 'POST', '/api/payments/create', { type: 'basic' }));
    expect(d.body.data.userStatus!.subscriptionExpires).toBe(new Date(later.getTime() + 30 * DAY_MS).toISOString());
  });

  it('cancel stops renewal and keeps access to the end of the period', async () => {
    const user = 20_008;
    const t0 = new Date('2026-07-01T00:00:00Z');
    h.setNow(t0);
    const paid = await h.call(user, 'POST', '/api/payments/create-initial', {
      planId: 'vip',
      autopayConsent: true,
      amount: 10,
      currency: 'RUB',
      trialDays: 7,
    });
    expect(paid.body.data).toMatchObject({ mock: true, trial: true, amount: 10 });
    expect(paid.body.data.userStatus).toMatchObject({ subscriptionType: 'vip', autoRenew: true });
    const end = paid.body.data.userStatus!.subscriptionExpires;
    expect(end).toBe(new Date(t0.getTime() + 7 * DAY_MS).toISOString());
    const cancel = await h.call(user, 'POST', '/api/user/subscription/cancel');
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.userStatus).toMatchObject({ subscriptionType: 'vip', autoRenew: false, subscriptionExpires: end });
    h.setNow(new Date(t0.getTime() + 6 * DAY_MS));
    expect((await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.subscriptionType).toBe('vip');
    h.setNow(new Date(t0.getTime() + 7 * DAY_MS + 1000));
    expect((await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.subscriptionType).toBe('free');
    // One trial per user: the next consented payment is the full price.
    const refused = await h.call(user, 'POST', '/api/payments/create-initial', { planId: 'vip', autopayConsent: true, trialDays: 7 });
    expect(refused.status).toBe(409);
    const next = await h.call(user, 'POST', '/api/payments/create-initial', { planId: 'vip', autopayConsent: true });
    expect(next.body.data).toMatchObject({ trial: false, amount: 499 });
  });

  it('a stale client amount is refused rather than charged', async () => {
    const r = await h.call(20_009, 'POST', '/api/payments/create-initial', { planId: 'vip', autopayConsent: false, amount: 10 });
    expect(r.status).toBe(409);
    expect(r.body.error).toMatch(/^amount: /);
    expect(r.body.amount).toBe(499);
  });

  it('paying for someone else is refused', async () => {
    const r = await h.call(20_010, 'POST', '/api/payments/create', { type: 'vip', userId: 20_011 });
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(/^userId: /);
  });

  it('pricing: variants are stable per user, prices from the catalogue, the micro promo starts on first sight', async () => {
    const user = 20_012;
    const p1 = (await h.call(user, 'GET', '/api/config/pricing')).body.data;
    const p2 = (await h.call(user, 'GET', '/api/config/pricing')).body.data;
    expect(p1.abTone).toBe(chooseTone(user));
    expect(p1.abMicroVariant).toBe(chooseMicroVariant(user));
    expect(p1.user).toEqual({ tone: p1.abTone, price_variant: p1.abMicroVariant, variant: p1.abMicroVariant });
    expect(p2.abTone).toBe(p1.abTone);
    expect(p1).toMatchObject({
      currency: 'RUB',
      week: { price: 149 },
      month_basic: { price: 299 },
      month_vip: { price: 499 },
      micro: { price: 99, promoActive: false },
    });
    expect(p1.providers).toEqual({ default: 'mock', available: ['mock'] });

    const state = (await h.call(user, 'GET', '/api/offer/micro/state')).body.data;
    expect(state).toMatchObject({ abMicroVariant: p1.abMicroVariant, abTone: p1.abTone, promoActive: false });
    const offer = (await h.call(user, 'GET', '/api/offers/micro')).body.data;
    // Variant A's promo price equals the regular 99: no promo (and no countdown) for it.
    expect(offer.promoActive).toBe(offer.abMicroVariant === 'B');
    expect(offer.hasPromo).toBe(offer.abMicroVariant === 'B');
    expect(new Date(offer.expiresAt!).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(offer.price).toBe(offer.abMicroVariant === 'A' ? 99 : 79);
    const cta = await h.call(user, 'POST', '/api/offers/micro/cta');
    expect(cta.body.data).toMatchObject({ recorded: true, clicks: 1 });

    const upsell = (await h.call(user, 'GET', '/api/upsell/week')).body.data;
    expect(upsell).toMatchObject({
      priceWeek: 149,
      currency: 'RUB',
      microPrice: offer.price,
    });
    // No anchor arithmetic («вместо 7 × …», «всего +X»): the week is sold at its own price.
    expect(upsell).not.toHaveProperty('sevenTimesMicro');
    expect(upsell).not.toHaveProperty('extra');
  });

  it('a promo is active only for a variant whose promo price is lower than the regular one', async () => {
    const users = { A: 0, B: 0 };
    for (let id = 20_500; (!users.A || !users.B) && id < 20_600; id++) users[chooseMicroVariant(id)] ||= id;
    const a = (await h.call(users.A, 'GET', '/api/offers/micro')).body.data;
    expect(a).toMatchObject({ abMicroVariant: 'A', price: 99, regularPrice: 99, promoActive: false, hasPromo: false });
    expect((await h.call(users.A, 'GET', '/api/config/pricing')).body.data.micro).toMatchObject({ price: 99, promoActive: false });
    const b = (await h.call(users.B, 'GET', '/api/offers/micro')).body.data;
    expect(b).toMatchObject({ abMicroVariant: 'B', price: 79, regularPrice: 99, promoActive: true, hasPromo: true });
    expect((await h.call(users.B, 'GET', '/api/offer/micro/state')).body.data).toMatchObject({
      promoActive: true,
      price: 79,
      hasPromo: true,
    });
  });

  it('a Ukrainian-speaking user sees hryvnias, formatted from the configured rate', async () => {
    const user = { id: 20_013, first_name: 'Оксана', language_code: 'uk' };
    const p = (await h.call(user, 'GET', '/api/config/pricing')).body.data;
    expect(p.currency).toBe('UAH');
    expect(p.week.price).toBe(Math.round(149 * 0.45));
    expect(p.week.priceRub).toBe(149);
  });

  it('social proof: real counts only (no rating before any review is published)', async () => {
    const r = await h.call(20_014, 'GET', '/api/social-proof');
    expect(r.body.data).toMatchObject({ rating: null, reviews: [] });
    expect(r.body.data.todayCount).toBeGreaterThan(0);
    expect(typeof r.body.data.purchasesLastHour).toBe('number');
  });

  it('analytics: the 11 events are stored, anything else is refused', async () => {
    const user = 20_015;
    const ok = await h.call(user, 'POST', '/api/analytics/track', {
      event: 'paywall_shown',
      payload: { abMicroVariant: 'A', abTone: 'mystic', currency: 'RUB', source: 'subscription_screen' },
    });
    expect(ok.status).toBe(200);
    const bad = await h.call(user, 'POST', '/api/analytics/track', { event: 'drop_table', payload: {} });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^event: /);
    const rows = await h.db.selectFrom('analytics_events').selectAll().where('user_id', '=', user).execute();
    expect(rows.map((r) => r.event)).toEqual(['paywall_shown']);
    expect(rows[0].payload).toMatchObject({ source: 'subscription_screen' });
  });

  it('the micro-result guard: stays with a pending or recent micro payment, else leaves and records micro_result_open_no_pending', async () => {
    const user = 20_030;
    const events = async () =>
      (await h.db.selectFrom('analytics_events').select('event').where('user_id', '=', user).execute()).map((r) => r.event);
    // Nothing bought, nothing pending on the device: leave, and the server records why.
    const none = await h.call(user, 'POST', '/api/readings/micro/open', { pending: false });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ stay: false });
    expect(await events()).toEqual(['micro_result_open_no_pending']);
    // The device says a payment is pending (under 30 minutes): stay, nothing recorded.
    expect((await h.call(user, 'POST', '/api/readings/micro/open', { pending: true })).body.data).toEqual({ stay: true });
    // Paid a moment ago (a return on another device): stay; 31 minutes later: leave.
    const { readingId } = await dailyReading(h, user);
    await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'micro', readingId });
    expect((await h.call(user, 'POST', '/api/readings/micro/open', { pending: false })).body.data).toEqual({ stay: true });
    h.setNow(new Date(Date.now() + 31 * 60_000));
    expect((await h.call(user, 'POST', '/api/readings/micro/open', { pending: false })).body.data).toEqual({ stay: false });
    expect(await events()).toEqual(['micro_result_open_no_pending', 'micro_result_open_no_pending']);
    // A bad body is a 400 naming the field.
    const bad = await h.call(user, 'POST', '/api/readings/micro/open', { pending: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^pending: /);
  });

  it('debug micro-status answers admins only, at /api/admin/… and at the alias /api/debug/…', async () => {
    const { readingId } = await dailyReading(h, ADMIN);
    expect((await h.call(20_016, 'GET', '/api/admin/micro-status')).status).toBe(404);
    expect((await h.call(20_016, 'GET', '/api/debug/micro-status')).status).toBe(404);
    const alias = await h.call(ADMIN, 'GET', `/api/debug/micro-status?readingId=${readingId}`);
    expect(alias.status).toBe(200);
    expect(alias.body.data).toEqual((await h.call(ADMIN, 'GET', `/api/admin/micro-status?readingId=${readingId}`)).body.data);
    const r = await h.call(ADMIN, 'GET', `/api/admin/micro-status?readingId=${readingId}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      userId: ADMIN,
      readingId,
      readingExists: true,
      readingBelongs: true,
      microResultExists: false,
      hasMicroAny: false,
      latestUnbound: null,
      purchases: [],
    });
  });

  it('malformed payment calls get 400 naming the field, never 500', async () => {
    const user = 20_017;
    for (const [path, body, field] of [
      ['/api/payments/create-one-time', { product: 'gold' }, 'product'],
      ['/api/payments/create-one-time', { product: 'micro', mode: 'popup' }, 'mode'],
      ['/api/payments/create-one-time', { product: 'micro', readingId: -4 }, 'readingId'],
      ['/api/payments/create', { type: 'platinum' }, 'type'],
      ['/api/payments/create-initial', { planId: 'vip', autopayConsent: 'yes' }, 'autopayConsent'],
      ['/api/payments/sync-method', {}, 'paymentId'],
      ['/api/readings/micro/reveal', { readingId: 'abc' }, 'readingId'],
      ['/api/analytics/track', { event: 'paywall_shown', payload: [1, 2] }, 'payload'],
    ] as const) {
      const r = await h.call(user, 'POST', path, body);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.error).toMatch(new RegExp(`^${field}: `));
    }
    expect((await h.call(user, 'POST', '/api/payments/create', '{not json')).status).toBe(400);
    expect((await h.call(user, 'GET', '/api/user/entitlements?readingId=x1')).status).toBe(400);
  });
});

describe.each(TEST_DB_KINDS)('without mock payments on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    // Stars is the provider, but no bot is configured: nothing can be paid, nothing can be granted.
    h = await createHarness(kind, { mockPayments: false });
  });
  afterAll(() => h.close());

  it('POST /api/user/subscription answers 402 with how to pay', async () => {
    const r = await h.call(21_001, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    expect(r.status).toBe(402);
    expect(r.body.payWith).toBe('/api/payments/create');
  });

  it('a free user cannot make themselves VIP through any call without a confirmed payment', async () => {
    const user = 21_002;
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/user/subscription', { subscriptionType: 'vip' }],
      ['POST', '/api/payments/create', { type: 'vip' }],
      ['POST', '/api/payments/create-initial', { planId: 'vip', autopayConsent: true, trialDays: 7, amount: 10 }],
      ['POST', '/api/payments/create-one-time', { product: 'week' }],
      ['POST', '/api/payments/sync-method', { paymentId: 'fake-payment-1' }],
      ['POST', '/api/admin/refund', { paymentId: 1 }],
      [
        'POST',
        '/api/payments/yookassa/webhook',
        {
          type: 'notification',
          event: 'payment.succeeded',
          object: { id: 'fake-payment-1', metadata: { userId: String(user), product: 'vip' } },
        },
      ],
      ['PUT', '/api/user/settings', { timeZone: 'Europe/Moscow', subscriptionType: 'vip' }],
      ['POST', '/api/user/reading', { title: 'VIP', cards: ['Шут'], spreadType: 'free_daily', subscriptionType: 'vip' }],
    ];
    for (const [method, path, body] of attempts) {
      const r = await h.call(user, method, path, body);
      expect(r.status, `${method} ${path}`).not.toBe(500);
    }
    const status = await h.call(user, 'GET', '/api/user/status');
    expect(status.body.data.userStatus.subscriptionType).toBe('free');
    expect((await h.call(user, 'GET', '/api/user/entitlements')).body.data).toMatchObject({
      hasActiveWeek: false,
      hasMicroPurchase: false,
      detailedGuidance: false,
    });
    expect(await h.db.selectFrom('payments').select('id').execute()).toHaveLength(0);
  });
});
