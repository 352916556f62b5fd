// The micro pack's included 3-card reading: a free buyer who paid gets «Прошлое, настоящее, будущее» through
// the pack (no plan, no day's quota, no second payment), exactly once; without a live paid pack it is refused.
// Also: the pack's daily card keeps the orientation it was dealt with, and its fallback tip follows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

const ADMIN = 78_001;

async function paidPack(h: Harness, user: number) {
  const card = await h.call(user, 'POST', '/api/user/daily-card/use', {});
  expect(card.status).toBe(200);
  const saved = await h.call(user, 'POST', '/api/user/reading', {
    title: 'Карта дня',
    cards: [card.body.data.card.name],
    spreadType: 'free_daily',
  });
  const readingId = saved.body.data.readingId as number;
  const paid = await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'micro', mode: 'redirect', readingId });
  expect(paid.body.data).toMatchObject({ mock: true, applied: true });
  const reveal = await h.call(user, 'POST', '/api/readings/micro/reveal', { readingId });
  expect(reveal.status).toBe(200);
  return { readingId, daily: card.body.data.card, reveal: reveal.body.data };
}

const paymentsOf = (h: Harness, user: number) => h.db.selectFrom('payments').select('id').where('user_id', '=', user).execute();

describe.each(TEST_DB_KINDS)('the micro pack’s 3-card reading on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { adminUserIds: [ADMIN] });
  });
  afterAll(() => h.close());

  it('a free buyer gets the 3-card reading once, with no plan, no quota taken and no second charge', async () => {
    const user = 21_001;
    // The free spread of the day is already used: the pack's reading must not need it.
    const free = await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что принесёт мне день?' });
    expect(free.status).toBe(201);
    const { readingId, reveal } = await paidPack(h, user);
    expect(reveal.spread).toEqual({ purchaseId: expect.any(Number), readingId: null });
    const ent = (await h.call(user, 'GET', `/api/user/entitlements?readingId=${readingId}`)).body.data;
    expect(ent.microSpread).toEqual(reveal.spread);

    // Without the pack the spread is for subscribers only.
    const plain = await h.call(user, 'POST', '/api/readings', { spreadType: 'past_present_future', question: 'Что ждёт меня в работе?' });
    expect(plain.status).toBe(402);

    const statusBefore = (await h.call(user, 'GET', '/api/user/status')).body.data.userStatus;
    const r = await h.call(user, 'POST', '/api/readings', {
      spreadType: 'past_present_future',
      question: 'Что ждёт меня в работе?',
      microPurchaseId: reveal.spread!.purchaseId,
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ spreadType: 'past_present_future', status: 'dealt', question: 'Что ждёт меня в работе?' });
    expect(r.body.data.cards).toHaveLength(3);
    const statusAfter = (await h.call(user, 'GET', '/api/user/status')).body.data.userStatus;
    expect(statusAfter.subscriptionType).toBe('free');
    expect(statusAfter.remainingSpreads).toBe(statusBefore.remainingSpreads);
    expect(await paymentsOf(h, user)).toHaveLength(1);

    // The reading is the buyer's, interpreted like any other.
    const interp = await h.call(user, 'GET', `/api/readings/${r.body.data.id}/interpretation`);
    expect(interp.status).toBe(200);
    expect(interp.body.data.interpretation.length).toBeGreaterThan(50);

    // The pack now names its reading; a second use is refused and names the reading it already opened.
    expect((await h.call(user, 'GET', `/api/user/entitlements?readingId=${readingId}`)).body.data.microSpread).toEqual({
      purchaseId: reveal.spread!.purchaseId,
      readingId: r.body.data.id,
    });
    const again = await h.call(user, 'POST', '/api/readings', {
      spreadType: 'past_present_future',
      question: 'А ещё один расклад?',
      microPurchaseId: reveal.spread!.purchaseId,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'micro_spread_used', readingId: r.body.data.id });
    expect(
      await h.db.selectFrom('readings').select('id').where('user_id', '=', user).where('spread_type', '=', 'past_present_future').execute(),
    ).toHaveLength(1);
    expect(await paymentsOf(h, user)).toHaveLength(1);
  });

  it('racing requests for one pack make one reading', async () => {
    const user = 21_002;
    const { reveal } = await paidPack(h, user);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        h.call(user, 'POST', '/api/readings', {
          spreadType: 'past_present_future',
          question: `Вопрос номер ${i}`,
          microPurchaseId: reveal.spread!.purchaseId,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
  });

  it('is refused for another spread, someone else’s pack, a refunded pack and a week pass’s reveal', async () => {
    const user = 21_003;
    const { reveal } = await paidPack(h, user);
    const wrong = await h.call(user, 'POST', '/api/readings', {
      spreadType: 'celtic_cross',
      question: 'Что меня ждёт?',
      microPurchaseId: reveal.spread!.purchaseId,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/^spreadType: /);
    const bad = await h.call(user, 'POST', '/api/readings', {
      spreadType: 'past_present_future',
      question: 'Что меня ждёт?',
      microPurchaseId: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^microPurchaseId: /);

    const other = await h.call(21_004, 'POST', '/api/readings', {
      spreadType: 'past_present_future',
      question: 'Чужой пакет?',
      microPurchaseId: reveal.spread!.purchaseId,
    });
    expect(other.status).toBe(404);

    const [payment] = await paymentsOf(h, user);
    expect((await h.call(ADMIN, 'POST', '/api/admin/refund', { paymentId: payment.id })).status).toBe(200);
    const refunded = await h.call(user, 'POST', '/api/readings', {
      spreadType: 'past_present_future',
      question: 'После возврата?',
      microPurchaseId: reveal.spread!.purchaseId,
    });
    expect(refunded.status).toBe(402);

    // A week pass reveals without a pack of its own; its plan already opens the spread (through the quota).
    const week = 21_005;
    expect((await h.call(week, 'POST', '/api/payments/create-one-time', { product: 'week' })).status).toBe(200);
    const card = await h.call(week, 'POST', '/api/user/daily-card/use', {});
    const saved = await h.call(week, 'POST', '/api/user/reading', {
      title: 'Карта дня',
      cards: [card.body.data.card.name],
      spreadType: 'free_daily',
    });
    const weekReveal = await h.call(week, 'POST', '/api/readings/micro/reveal', { readingId: saved.body.data.readingId });
    expect(weekReveal.body.data.spread).toBeNull();
  });

  it('the daily card keeps its dealt orientation in the saved reading and in the pack, and the tip follows it', async () => {
    // Deal daily cards until one comes out reversed and one upright (p = 0.5 each).
    const seen = new Map<string, { user: number; readingId: number; daily: any; reveal: any }>();
    for (let user = 21_100; user < 21_160 && seen.size < 2; user++) {
      const p = await paidPack(h, user);
      if (!seen.has(p.daily.orientation)) seen.set(p.daily.orientation, { user, ...p });
    }
    expect([...seen.keys()].sort()).toEqual(['reversed', 'upright']);
    for (const [orientation, p] of seen) {
      const reading = (await h.call(p.user, 'GET', `/api/readings/${p.readingId}`)).body.data;
      expect(reading.cards[0]).toMatchObject({ cardId: p.daily.cardId, orientation });
      expect(p.reveal.cards[0]).toMatchObject({ cardId: p.daily.cardId, orientation, label: 'Карта дня' });
      // No AI here: the tip is built from the cards and names the day card's orientation.
      expect(p.reveal.advice.text).toContain(orientation === 'reversed' ? '(перевёрнутое положение)' : '(прямое положение)');
      if (orientation === 'reversed') expect(p.reveal.advice.text).toContain('не торопитесь');
      else expect(p.reveal.advice.text).toContain('доведите его до конца');
    }
  }, 60_000);
});
