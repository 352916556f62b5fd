// Telegram Stars end to end: the API creates an invoice link, the local Telegram (a fake Bot API on
// 127.0.0.1) plays the user paying it, and the real bot answers pre_checkout_query and applies
// successful_payment. Access comes only from successful_payment, once per telegram_payment_charge_id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARS_SUBSCRIPTION_PERIOD_S } from '../../domain/commerce/pricing';
import { DAY_MS } from '../../domain/text/time';
import { TEST_DB_KINDS } from '../../test/databases';
import { withOrder } from '../../test/answers';
import type { Harness } from '../../test/harness';
import { startStarsBot, type StarsBot } from '../../test/stars-bot';
import type { TestTelegram } from '../../test/test-telegram';

const ADMIN = 99_001;

describe.each(TEST_DB_KINDS)('Telegram Stars on %s', (kind) => {
  let h: Harness;
  let tg: TestTelegram;
  let bot: StarsBot['bot'];
  let stars: StarsBot;
  beforeAll(async () => {
    stars = await startStarsBot(kind, { harness: { adminUserIds: [ADMIN] } });
    ({ h, tg, bot } = stars);
  });
  afterAll(() => stars?.close());
  const payLink = (user: number, invoiceLink: string) => stars.payLink(user, invoiceLink);

  const status = async (user: number) => (await h.call(user, 'GET', '/api/user/status')).body.data.userStatus;

  it('a week pass: an XTR invoice with one price, paid through pre_checkout and successful_payment', async () => {
    const user = 40_001;
    const t0 = new Date('2026-10-01T08:00:00Z');
    h.setNow(t0);
    const r = withOrder(await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'week' }));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ provider: 'stars', mock: false });
    expect(r.body.data.invoiceLink).toMatch(/^https:\/\/t\.me\/\$/);
    const call = tg.calls.filter((c) => c.method === 'createInvoiceLink').at(-1)!;
    expect(call.params).toMatchObject({ currency: 'XTR', provider_token: '', payload: r.body.data.orderId, prices: [{ amount: 115 }] });
    expect(call.params.subscription_period).toBeUndefined();
    // Creating the invoice grants nothing.
    expect((await status(user)).subscriptionType).toBe('free');

    const { result } = await payLink(user, r.body.data.invoiceLink!);
    expect(result.status).toBe('paid');
    expect(tg.calls.filter((c) => c.method === 'answerPreCheckoutQuery').at(-1)!.params).toMatchObject({ ok: true });
    expect(await status(user)).toMatchObject({
      subscriptionType: 'week',
      autoRenew: false,
      subscriptionExpires: new Date(t0.getTime() + 7 * DAY_MS).toISOString(),
    });
    h.setNow(new Date());
    const queued = await h.db.selectFrom('notifications').select('kind').where('user_id', '=', user).execute();
    expect(queued.map((n) => n.kind)).toContain('payment');
  });

  it('successful_payment grants once even when delivered three times', async () => {
    const user = 40_002;
    const r = withOrder(await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'week' }));
    const { updates } = await payLink(user, r.body.data.invoiceLink!);
    const paid = updates.find((u) => u.message?.successful_payment)!;
    const end = (await status(user)).subscriptionExpires;
    // Telegram redelivers: the same update, and the same payment under new update ids.
    await bot.handleUpdate(paid);
    await bot.handleUpdate({ ...paid, update_id: paid.update_id + 100_000 });
    await bot.handleUpdate({ ...paid, update_id: paid.update_id + 200_000 });
    expect((await status(user)).subscriptionExpires).toBe(end);
    const rows = await h.db.selectFrom('payments').selectAll().where('user_id', '=', user).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: 'stars',
      provider_payment_id: paid.message.successful_payment.telegram_payment_charge_id,
      amount_minor: 115,
      currency: 'XTR',
    });
  });

  it('pre-checkout refuses another user, a wrong amount, a wrong product and a paid invoice', async () => {
    const owner = 40_003;
    const other = 40_004;
    const r = withOrder(await h.call(owner, 'POST', '/api/payments/create-one-time', { product: 'week' }));
    const orderId = r.body.data.orderId;
    const { result } = await payLink(other, r.body.data.invoiceLink!);
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/другому пользователю/);
    expect(tg.calls.filter((c) => c.method === 'answerPreCheckoutQuery').at(-1)!.params).toMatchObject({ ok: false });
    expect((await status(other)).subscriptionType).toBe('free');
    expect((await status(owner)).subscriptionType).toBe('free');

    const check = (q: Partial<{ userId: number; payload: string; currency: string; totalAmount: number }>) =>
      h.services.payments.stars.preCheckout({ userId: owner, payload: orderId, currency: 'XTR', totalAmount: 115, ...q });
    expect(await check({})).toEqual({ ok: true });
    expect(await check({ totalAmount: 1 })).toMatchObject({ ok: false, error: expect.stringMatching(/Сумма/) });
    expect(await check({ currency: 'RUB' })).toMatchObject({ ok: false });
    expect(await check({ payload: 'vip' })).toMatchObject({ ok: false, error: expect.stringMatching(/не найден/) });
    expect(await check({ payload: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ ok: false });
    // A product the user may not buy now (a week pass under an active VIP) is refused too.
    await h.db
      .updateTable('users')
      .set({ subscription_type: 'vip', subscription_expires: new Date(Date.now() + 10 * DAY_MS) })
      .where('id', '=', owner)
      .execute();
    expect(await check({})).toMatchObject({ ok: false, error: expect.stringMatching(/подписка/) });
    await h.db.updateTable('users').set({ subscription_type: 'free', subscription_expires: null }).where('id', '=', owner).execute();

    // Once paid, the same invoice is not accepted again.
    expect((await payLink(owner, r.body.data.invoiceLink!)).result.status).toBe('paid');
    expect(await check({})).toMatchObject({ ok: false, error: expect.stringMatching(/уже оплачен/) });
  });

  it('a payment that matches no order is refunded and grants nothing', async () => {
    const user = 40_005;
    tg.setProfile({ id: user, first_name: 'Тест' });
    await bot.handleUpdate({
      update_id: 987_654_321,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: user, type: 'private', first_name: 'Тест' },
        from: { id: user, is_bot: false, first_name: 'Тест' },
        successful_payment: {
          currency: 'XTR',
          total_amount: 1,
          invoice_payload: 'made-up',
          telegram_payment_charge_id: 'stray_charge_1',
          provider_payment_charge_id: '',
        },
      },
    } as any);
    expect((await status(user)).subscriptionType).toBe('free');
    expect(tg.calls.filter((c) => c.method === 'refundStarPayment').at(-1)!.params).toMatchObject({
      user_id: user,
      telegram_payment_charge_id: 'stray_charge_1',
    });
  });

  it('plans with autopay consent are 30-day Stars subscriptions; a refund revokes what the payment granted', async () => {
    const user = 40_006;
    const r = withOrder(await h.call(user, 'POST', '/api/payments/create', { type: 'vip', autopayConsent: true }));
    expect(r.body.data.invoiceLink).toBeTruthy();
    const call = tg.calls.filter((c) => c.method === 'createInvoiceLink').at(-1)!;
    expect(call.params).toMatchObject({ currency: 'XTR', subscription_period: STARS_SUBSCRIPTION_PERIOD_S, prices: [{ amount: 385 }] });
    await payLink(user, r.body.data.invoiceLink!);
    expect(await status(user)).toMatchObject({ subscriptionType: 'vip', autoRenew: true });
    const [payment] = await h.db.selectFrom('payments').selectAll().where('user_id', '=', user).execute();

    const refund = await h.call(ADMIN, 'POST', '/api/admin/refund', { paymentId: payment.id });
    expect(refund.body.data).toMatchObject({ revoked: true });
    expect(tg.calls.filter((c) => c.method === 'refundStarPayment').at(-1)!.params).toMatchObject({
      user_id: user,
      telegram_payment_charge_id: payment.provider_payment_id,
    });
    expect(await status(user)).toMatchObject({ subscriptionType: 'free', autoRenew: false });
  });

  it('a micro pack paid in Stars reveals; refunded_payment from Telegram takes it back', async () => {
    const user = 40_007;
    const card = await h.call(user, 'POST', '/api/user/daily-card/use', {});
    const readingId = (await h.call(user, 'POST', '/api/user/reading', { title: 'Карта дня', cards: [card.body.data.card.name] })).body.data
      .readingId;
    const r = withOrder(await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'micro', readingId }));
    const { updates } = await payLink(user, r.body.data.invoiceLink!);
    expect((await h.call(user, 'GET', `/api/user/entitlements?readingId=${readingId}`)).body.data.hasMicroForCurrentQuestion).toBe(true);
    const sp = updates.find((u) => u.message?.successful_payment)!.message.successful_payment;
    await bot.handleUpdate({
      update_id: 987_654_400,
      message: {
        message_id: 99,
        date: Math.floor(Date.now() / 1000),
        chat: { id: user, type: 'private', first_name: 'Тест' },
        from: { id: user, is_bot: false, first_name: 'Тест' },
        refunded_payment: {
          currency: 'XTR',
          total_amount: sp.total_amount,
          invoice_payload: sp.invoice_payload,
          telegram_payment_charge_id: sp.telegram_payment_charge_id,
        },
      },
    } as any);
    expect((await h.call(user, 'GET', `/api/user/entitlements?readingId=${readingId}`)).body.data.hasMicroForCurrentQuestion).toBe(false);
    expect((await h.call(user, 'POST', '/api/readings/micro/reveal', { readingId })).status).toBe(402);
  });

  it('cancelling a Stars subscription tells Telegram and keeps access to the period end', async () => {
    const user = 40_008;
    const r = withOrder(await h.call(user, 'POST', '/api/payments/create', { type: 'basic', autopayConsent: true }));
    const { updates } = await payLink(user, r.body.data.invoiceLink!);
    const chargeId = updates.find((u) => u.message?.successful_payment)!.message.successful_payment.telegram_payment_charge_id;
    const end = (await status(user)).subscriptionExpires;
    const cancel = await h.call(user, 'POST', '/api/user/subscription/cancel');
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.userStatus).toMatchObject({ subscriptionType: 'basic', autoRenew: false, subscriptionExpires: end });
    expect(tg.calls.filter((c) => c.method === 'editUserStarSubscription').at(-1)!.params).toMatchObject({
      user_id: user,
      telegram_payment_charge_id: chargeId,
      is_canceled: true,
    });
  });
});
