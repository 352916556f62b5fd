// VIP includes everything the week pass does: the micro pack's extra cards open without paying, and a VIP is
// never told the pack «не нужен» — only that the cards are already open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';
import { planFeatures } from '../domain/commerce/claims';
import { MICRO_PACK } from '../domain/commerce/catalogue';

describe.each(TEST_DB_KINDS)('VIP and the micro pack on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('a VIP opens the micro extra cards without paying and is never shown «VIP не нужен»', async () => {
    const vip = 31_001;
    const bought = await h.call(vip, 'POST', '/api/payments/create-initial', { planId: 'vip', autopayConsent: false, amount: 499 });
    expect(bought.status).toBe(200);
    const payments = () => h.db.selectFrom('payments').select('id').where('user_id', '=', vip).execute();
    expect(await payments()).toHaveLength(1);

    const card = await h.call(vip, 'POST', '/api/user/daily-card/use', {});
    expect(card.status).toBe(200);
    const saved = await h.call(vip, 'POST', '/api/user/reading', {
      title: 'Карта дня',
      cards: [card.body.data.card.name],
      spreadType: 'free_daily',
    });
    const readingId = saved.body.data.readingId as number;

    const ent = await h.call(vip, 'GET', `/api/user/entitlements?readingId=${readingId}`);
    expect(ent.status).toBe(200);
    expect(ent.body.data).toMatchObject({ subscriptionType: 'vip', microWithoutPaying: true, hasActiveWeek: false });

    const reveal = await h.call(vip, 'POST', '/api/readings/micro/reveal', { readingId });
    expect(reveal.status).toBe(200);
    // The day's card and the pack's extra cards.
    expect(reveal.body.data.cards).toHaveLength(1 + MICRO_PACK.extraCards);
    expect(reveal.body.data.advice.text.length).toBeGreaterThan(0);
    // Nothing was charged for it.
    expect(await payments()).toHaveLength(1);

    // Buying the pack anyway says the cards are open, not that it is not needed.
    const buy = await h.call(vip, 'POST', '/api/payments/create-one-time', { product: 'micro', readingId });
    expect(buy.status).toBe(409);
    expect(buy.body.error).toBe('С VIP дополнительные карты открываются без оплаты');
    expect(await payments()).toHaveLength(1);

    // The tariffs' VIP card claims it; no screen text the VIP is sent says «не нужен».
    expect(planFeatures('vip')).toContain('Дополнительные карты к карте дня без оплаты');
    const pricing = await h.call(vip, 'GET', '/api/config/pricing');
    expect(pricing.status).toBe(200);
    for (const body of [ent.body, reveal.body, buy.body, pricing.body]) expect(JSON.stringify(body)).not.toMatch(/не нужен/);
  });
});
