// Autopay the user chose, through the real app in mock mode (what local mode runs): no consent, no renewal;
// with consent the next charge and its date are shown; no upsell in the hour after a purchase; the micro
// promo's timer is stored on the server and does not restart on a visit; the week offer has no timer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRuDate, DAY_MS } from '../domain/text/time';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

describe.each(TEST_DB_KINDS)('autopay in mock mode on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const status = async (user: number) => (await h.call(user, 'GET', '/api/user/status')).body.data.userStatus;
  const renewal = async (user: number) => (await h.call(user, 'GET', '/api/payments/renewal')).body.data;

  it('unticked: a 30-day plan that does not renew, and after 30 days it is over', async () => {
    const user = 23_001;
    const t0 = new Date('2026-09-01T09:00:00Z');
    h.setNow(t0);
    // A free user is offered nothing that renews until they tick the box.
    expect(await renewal(user)).toEqual({ renews: false, next: null, ends: null, text: 'Не продлевается' });
    const r = await h.call(user, 'POST', '/api/payments/create-initial', { planId: 'vip', autopayConsent: false, amount: 499 });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ mock: true, trial: false, amount: 499 });
    const end = new Date(t0.getTime() + 30 * DAY_MS);
    expect(await status(user)).toMatchObject({ subscriptionType: 'vip', autoRenew: false, subscriptionExpires: end.toISOString() });
    expect(await renewal(user)).toMatchObject({ renews: false, next: null, text: `Не продлевается: доступ до ${formatRuDate(end)}` });
    h.setNow(new Date(end.getTime() + 60_000));
    expect(await status(user)).toMatchObject({ subscriptionType: 'free', autoRenew: false });
    expect(await h.db.selectFrom('payments').select('id').where('user_id', '=', user).execute()).toHaveLength(1);
  });

  it('ticked: the next charge and its date; cancelling turns it off', async () => {
    const user = 23_002;
    const t0 = new Date('2026-09-02T09:00:00Z');
    h.setNow(t0);
    // The trial chosen (with consent), a first-time user pays it; the plan's price is charged when it ends.
    const r = await h.call(user, 'POST', '/api/payments/create-initial', { planId: 'basic', autopayConsent: true, trialDays: 7 });
    expect(r.body.data).toMatchObject({ mock: true, trial: true, amount: 10 });
    const end = new Date(t0.getTime() + 7 * DAY_MS);
    expect(await status(user)).toMatchObject({ subscriptionType: 'basic', autoRenew: true, subscriptionExpires: end.toISOString() });
    expect(await renewal(user)).toEqual({
      renews: true,
      next: { at: end.toISOString(), amount: 299, currency: 'RUB' },
      ends: end.toISOString(),
      text: `Продлится автоматически ${formatRuDate(end)}: спишется 299\u00a0₽`,
    });
    const cancel = await h.call(user, 'POST', '/api/user/subscription/cancel');
    expect(cancel.status).toBe(200);
    expect(await renewal(user)).toMatchObject({ renews: false, next: null, text: `Не продлевается: доступ до ${formatRuDate(end)}` });
  });

  it('no upsell in the hour after a purchase: no week offer, no micro promo or its timer; an hour later they return', async () => {
    const user = 23_003;
    const t0 = new Date('2026-09-03T09:00:00Z');
    h.setNow(t0);
    expect((await h.call(user, 'GET', '/api/upsell/week')).body.data.upsell).toBe(true);
    const card = await h.call(user, 'POST', '/api/user/daily-card/use', {});
    const readingId = (
      await h.call(user, 'POST', '/api/user/reading', { title: 'Карта дня', cards: [card.body.data.card.name], spreadType: 'free_daily' })
    ).body.data.readingId;
    const paid = await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'micro', readingId });
    expect(paid.body.data).toMatchObject({ mock: true, applied: true });

    for (const minutes of [0, 30, 59]) {
      h.setNow(new Date(t0.getTime() + minutes * 60_000));
      expect((await h.call(user, 'GET', '/api/upsell/week')).body.data.upsell).toBe(false);
      expect((await h.call(user, 'GET', '/api/config/pricing')).body.data.upsell).toBe(false);
      const offer = (await h.call(user, 'GET', '/api/offers/micro')).body.data;
      expect(offer).toMatchObject({ upsell: false, promoActive: false, expiresAt: null });
      expect((await h.call(user, 'GET', '/api/offer/micro/state')).body.data).toMatchObject({ upsell: false, promoActive: false });
    }
    h.setNow(new Date(t0.getTime() + 60 * 60_000));
    expect((await h.call(user, 'GET', '/api/upsell/week')).body.data.upsell).toBe(true);
    expect((await h.call(user, 'GET', '/api/config/pricing')).body.data.upsell).toBe(true);
    expect((await h.call(user, 'GET', '/api/offers/micro')).body.data).toMatchObject({
      upsell: true,
      expiresAt: new Date(t0.getTime() + 75 * 60_000).toISOString(),
    });
  });

  it('a plan bought pauses the offers too', async () => {
    const user = 23_004;
    h.setNow(new Date('2026-09-04T09:00:00Z'));
    await h.call(user, 'POST', '/api/payments/create-initial', { planId: 'basic', autopayConsent: false, amount: 299 });
    expect((await h.call(user, 'GET', '/api/config/pricing')).body.data).toMatchObject({ upsell: false, subscriptionType: 'basic' });
  });

  it('the micro promo timer runs 15 real minutes from the first sight and does not restart on a visit; the week offer has none', async () => {
    const user = 23_005;
    const t0 = new Date('2026-09-05T09:00:00Z');
    h.setNow(t0);
    const first = (await h.call(user, 'GET', '/api/offers/micro')).body.data;
    const until = new Date(t0.getTime() + 15 * 60_000).toISOString();
    expect(first.expiresAt).toBe(until);
    h.setNow(new Date(t0.getTime() + 10 * 60_000));
    expect((await h.call(user, 'GET', '/api/offers/micro')).body.data.expiresAt).toBe(until);
    h.setNow(new Date(t0.getTime() + 20 * 60_000));
    expect((await h.call(user, 'GET', '/api/offers/micro')).body.data).toMatchObject({ expiresAt: until, promoActive: false });
    const week = (await h.call(user, 'GET', '/api/upsell/week')).body.data;
    expect(week).not.toHaveProperty('countdownMs');
  });

  it('a week holder moving to VIP keeps the unused week days as days at the plan end', async () => {
    const user = 23_006;
    const t0 = new Date('2026-09-06T09:00:00Z');
    h.setNow(t0);
    await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'week' });
    const t1 = new Date(t0.getTime() + 3 * DAY_MS + 6 * 3_600_000);
    h.setNow(t1);
    const r = await h.call(user, 'POST', '/api/payments/create-initial', { planId: 'vip', autopayConsent: false, amount: 499 });
    expect(r.status).toBe(200);
    const unused = t0.getTime() + 7 * DAY_MS - t1.getTime();
    expect(await status(user)).toMatchObject({
      subscriptionType: 'vip',
      subscriptionExpires: new Date(t1.getTime() + 30 * DAY_MS + unused).toISOString(),
    });
  });
});
