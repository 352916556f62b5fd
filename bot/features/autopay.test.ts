// Autopay the user chose, with Stars end to end: the API makes the invoice, the local Telegram (a fake Bot
// API on 127.0.0.1) plays the user paying it, the real bot applies successful_payment, and the push sender
// delivers the notices. Without consent a plan is one 30-day invoice that never renews; with it a Stars
// subscription whose price, fixed at payment, is what the status, the payment message and the push a day
// before all show.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../api/app';
import { STARS_SUBSCRIPTION_PERIOD_S } from '../../domain/commerce/pricing';
import { DAY_MS, formatRuDate } from '../../domain/text/time';
import { createServices } from '../../services';
import { TEST_DB_KINDS } from '../../test/databases';
import { withOrder } from '../../test/answers';
import type { Harness } from '../../test/harness';
import { startStarsBot, type StarsBot } from '../../test/stars-bot';
import { TEST_PUBLIC_URL } from '../../test/bot-harness';
import type { TestTelegram } from '../../test/test-telegram';

const ADMIN = 99_002;
const logger = pino({ level: 'silent' });

describe.each(TEST_DB_KINDS)('autopay with Telegram Stars on %s', (kind) => {
  let h: Harness;
  let tg: TestTelegram;
  let bot: StarsBot['bot'];
  let stars: StarsBot;
  beforeAll(async () => {
    stars = await startStarsBot(kind, { webAppUrl: TEST_PUBLIC_URL, harness: { adminUserIds: [ADMIN] } });
    ({ h, tg, bot } = stars);
  });
  afterAll(() => stars?.close());
  const payLink = (user: number, invoiceLink: string) => stars.payLink(user, invoiceLink);

  const status = async (user: number) => (await h.call(user, 'GET', '/api/user/status')).body.data.userStatus;
  const renewal = async (user: number) => (await h.call(user, 'GET', '/api/payments/renewal')).body.data;
  const lastInvoice = () => tg.calls.filter((c) => c.method === 'createInvoiceLink').at(-1)!;

  it('unticked: the invoice has no subscription_period, the plan lasts 30 days, says «не продлевается» and nothing renews', async () => {
    const user = 41_001;
    tg.setProfile({ id: user, first_name: 'Тест' });
    const t0 = new Date('2026-10-01T08:00:00Z');
    h.setNow(t0);
    const r = await h.call(user, 'POST', '/api/payments/create-initial', { planId: 'vip', autopayConsent: false, provider: 'stars' });
    expect(r.status).toBe(200);
    const invoice = lastInvoice();
    expect(invoice.params).toMatchObject({ currency: 'XTR', prices: [{ amount: 385 }] });
    expect(invoice.params.subscription_period).toBeUndefined();
    expect(invoice.params.description).toContain('Разовая оплата на 30 дней, без автопродления.');
    const order = await h.db.selectFrom('payment_orders').selectAll().where('id', '=', r.body.data.orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ recurring: false, autopay_consent: false, plan: 'vip', days: 30 });

    const { result, updates } = await payLink(user, r.body.data.invoiceLink!);
    expect(result.status).toBe('paid');
    // Telegram redelivers the payment: granted once, 30 days, not 60.
    const paidUpdate = updates.find((u) => u.message?.successful_payment)!;
    await bot.handleUpdate({ ...paidUpdate, update_id: paidUpdate.update_id + 100_000 });
    const end = new Date(t0.getTime() + 30 * DAY_MS);
    expect(await status(user)).toMatchObject({ subscriptionType: 'vip', autoRenew: false, subscriptionExpires: end.toISOString() });
    expect(await renewal(user)).toEqual({
      renews: false,
      next: null,
      ends: end.toISOString(),
      text: `Не продлевается: доступ до ${formatRuDate(end)}`,
    });
    expect(await h.db.selectFrom('recurring_billing').selectAll().where('user_id', '=', user).execute()).toEqual([]);

    // The bot's payment message says it does not renew.
    await stars.sendPushes();
    const paid = stars.sentTexts(user).find((t) => t.includes('Оплата получена'))!;
    expect(paid).toContain(`Не продлевается: доступ до ${formatRuDate(end)}`);
    // One end date, in one format: not a second «Доступ действует до …» beside it.
    expect(paid).not.toContain('Доступ действует до');
    expect(paid.match(/\d{2}\.\d{2}\.\d{4}/g)).toHaveLength(1);
    expect(paid).not.toContain('Отключить автопродление');

    // A day before the end and after it: no renewal notice, no new invoice, no payment; the plan is over.
    const invoices = tg.calls.filter((c) => c.method === 'createInvoiceLink').length;
    h.setNow(new Date(end.getTime() - 12 * 3_600_000));
    expect((await h.services.notifications.scheduleDue()).renewals).toBe(0);
    h.setNow(new Date(end.getTime() + DAY_MS));
    expect((await h.services.notifications.scheduleDue()).renewals).toBe(0);
    expect(await status(user)).toMatchObject({ subscriptionType: 'free', autoRenew: false });
    expect(tg.calls.filter((c) => c.method === 'createInvoiceLink')).toHaveLength(invoices);
    expect(await h.db.selectFrom('payments').select('id').where('user_id', '=', user).execute()).toHaveLength(1);
    expect(
      await h.db.selectFrom('notifications').select('kind').where('user_id', '=', user).where('kind', '=', 'renewal_reminder').execute(),
    ).toEqual([]);
  });

  it('the plan call without consent (a bot button, an old client) is one-off too', async () => {
    const user = 41_002;
    const r = withOrder(await h.call(user, 'POST', '/api/payments/create', { type: 'basic' }));
    expect(r.status).toBe(200);
    expect(lastInvoice().params.subscription_period).toBeUndefined();
    await payLink(user, r.body.data.invoiceLink!);
    expect(await status(user)).toMatchObject({ subscriptionType: 'basic', autoRenew: false });
  });

  it('ticked: a Stars subscription whose next charge (price fixed at payment) and date show before and after paying, with one push a day before', async () => {
    const user = 41_003;
    tg.setProfile({ id: user, first_name: 'Тест' });
    const t0 = new Date('2026-10-05T08:00:00Z');
    h.setNow(t0);
    const r = await h.call(user, 'POST', '/api/payments/create-initial', { planId: 'vip', autopayConsent: true, provider: 'stars' });
    const invoice = lastInvoice();
    expect(invoice.params).toMatchObject({ subscription_period: STARS_SUBSCRIPTION_PERIOD_S, prices: [{ amount: 385 }] });
    // Before paying: the invoice says it renews, for how much, how often.
    expect(invoice.params.description).toContain('Продлевается каждые 30 дней за 385\u00a0⭐, отмена в любой момент.');

    const { updates } = await payLink(user, r.body.data.invoiceLink!);
    const first = updates.find((u) => u.message?.successful_payment)!;
    const charge = new Date(t0.getTime() + STARS_SUBSCRIPTION_PERIOD_S * 1000);
    expect(await status(user)).toMatchObject({ subscriptionType: 'vip', autoRenew: true });
    const line = `Продлится автоматически ${formatRuDate(charge)}: спишется 385\u00a0⭐`;
    expect(await renewal(user)).toMatchObject({
      renews: true,
      next: { at: charge.toISOString(), amount: 385, currency: 'XTR' },
      text: line,
    });
    await stars.sendPushes();
    const paid = stars.sentTexts(user).find((t) => t.includes('Оплата получена'))!;
    expect(paid).toContain(line);
    expect(paid).not.toContain('Доступ действует до');
    expect(paid).toContain('Отключить автопродление можно в приложении');

    // The app restarted with STARS_PRICES=vip:460: the live subscription still renews (and shows) at 385.
    const repriced = createApi({
      services: createServices({ ...h.deps, payments: { ...h.deps.payments!, pricing: { starsPrices: { vip: 460 } } } }),
      identity: h.identity,
      logger,
      localMode: true,
    });
    const after = await repriced.request('/api/payments/renewal', { headers: { Authorization: h.authFor(user) } });
    expect((await after.json()).data.next).toMatchObject({ amount: 385, currency: 'XTR' });
    const newPrices = await repriced.request('/api/config/pricing', { headers: { Authorization: h.authFor(user) } });
    expect((await newPrices.json()).data.month_vip.stars).toBe(460);

    // Two days before: nothing yet. A day before: one push with the amount, the date and how to cancel.
    h.setNow(new Date(charge.getTime() - 2 * DAY_MS));
    expect((await h.services.notifications.scheduleDue()).renewals).toBe(0);
    h.setNow(new Date(charge.getTime() - DAY_MS + 60_000));
    expect((await h.services.notifications.scheduleDue()).renewals).toBe(1);
    expect((await h.services.notifications.scheduleDue()).renewals).toBe(0);
    await stars.sendPushes();
    h.setNow(new Date(charge.getTime() - 3_600_000));
    expect((await h.services.notifications.scheduleDue()).renewals).toBe(0);
    await stars.sendPushes();
    const pushes = stars.sentTexts(user).filter((t) => t.includes('продлится автоматически'));
    expect(pushes).toEqual([
      `🔔 Завтра, ${formatRuDate(charge)}, подписка «VIP» продлится автоматически: спишется 385\u00a0⭐. ` +
        'Если продление не нужно, отключите его в приложении: «Подписка» → «Отменить автопродление». Доступ сохранится до конца оплаченного периода.',
    ]);
    const push = tg.calls.find(
      (c) => c.method === 'sendMessage' && c.chatId === user && String(c.params.text).includes('продлится автоматически'),
    )!;
    expect(push.params.reply_markup.inline_keyboard[0][0].web_app.url).toBe(`${TEST_PUBLIC_URL}/subscription`);

    // Telegram renews it (a new charge on the same invoice), twice delivered: 30 more days once, the next
    // charge a period later at the same 385 stars.
    const end = new Date((await status(user)).subscriptionExpires!);
    expect(end).toEqual(charge);
    h.setNow(charge);
    const renewed = {
      ...first,
      update_id: first.update_id + 500_000,
      message: {
        ...first.message,
        message_id: first.message.message_id + 1000,
        successful_payment: {
          ...first.message.successful_payment,
          telegram_payment_charge_id: 'renewal_charge_1',
          is_first_recurring: false,
          // Telegram's end of the renewed period (the local Telegram's own date runs on the real clock).
          subscription_expiration_date: (charge.getTime() + STARS_SUBSCRIPTION_PERIOD_S * 1000) / 1000,
        },
      },
    };
    await bot.handleUpdate(renewed);
    await bot.handleUpdate({ ...renewed, update_id: renewed.update_id + 1 });
    expect(await status(user)).toMatchObject({
      subscriptionType: 'vip',
      autoRenew: true,
      subscriptionExpires: new Date(end.getTime() + 30 * DAY_MS).toISOString(),
    });
    const nextCharge = new Date(charge.getTime() + STARS_SUBSCRIPTION_PERIOD_S * 1000);
    expect((await renewal(user)).next).toEqual({ at: nextCharge.toISOString(), amount: 385, currency: 'XTR' });
    expect(await h.db.selectFrom('payments').select('id').where('user_id', '=', user).execute()).toHaveLength(2);
  });

  it('cancelling stops the renewal: Telegram is told, no push a day before, the status says «не продлевается»', async () => {
    const user = 41_004;
    tg.setProfile({ id: user, first_name: 'Тест' });
    const t0 = new Date('2026-10-07T08:00:00Z');
    h.setNow(t0);
    const r = await h.call(user, 'POST', '/api/payments/create-initial', { planId: 'basic', autopayConsent: true, provider: 'stars' });
    const { updates } = await payLink(user, r.body.data.invoiceLink!);
    const chargeId = updates.find((u) => u.message?.successful_payment)!.message.successful_payment.telegram_payment_charge_id;
    // The push is queued, then the user cancels before it goes: it is dropped.
    const charge = new Date(t0.getTime() + STARS_SUBSCRIPTION_PERIOD_S * 1000);
    h.setNow(new Date(charge.getTime() - DAY_MS + 60_000));
    expect((await h.services.notifications.scheduleDue()).renewals).toBe(1);
    const cancel = await h.call(user, 'POST', '/api/user/subscription/cancel');
    expect(cancel.status).toBe(200);
    expect(tg.calls.filter((c) => c.method === 'editUserStarSubscription').at(-1)!.params).toMatchObject({
      user_id: user,
      telegram_payment_charge_id: chargeId,
      is_canceled: true,
    });
    expect((await renewal(user)).renews).toBe(false);
    expect((await renewal(user)).text).toMatch(/^Не продлевается: доступ до /);
    await stars.sendPushes();
    expect(stars.sentTexts(user).filter((t) => t.includes('продлится автоматически'))).toEqual([]);
    const job = await h.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', user)
      .where('kind', '=', 'renewal_reminder')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'skipped', last_error: 'renewal off' });
    expect((await h.services.notifications.scheduleDue()).renewals).toBe(0);
  });

  it('a one-off plan bought over a live Stars subscription does not hide that Telegram will still renew it', async () => {
    const user = 41_006;
    const t0 = new Date('2026-10-12T08:00:00Z');
    h.setNow(t0);
    const basic = await h.call(user, 'POST', '/api/payments/create-initial', { planId: 'basic', autopayConsent: true, provider: 'stars' });
    await payLink(user, basic.body.data.invoiceLink!);
    h.setNow(new Date(t0.getTime() + DAY_MS));
    const vip = await h.call(user, 'POST', '/api/payments/create-initial', { planId: 'vip', autopayConsent: false, provider: 'stars' });
    expect(lastInvoice().params.subscription_period).toBeUndefined();
    await payLink(user, vip.body.data.invoiceLink!);
    const charge = new Date(t0.getTime() + STARS_SUBSCRIPTION_PERIOD_S * 1000);
    expect(await status(user)).toMatchObject({ subscriptionType: 'vip', autoRenew: true });
    expect((await renewal(user)).next).toEqual({ at: charge.toISOString(), amount: 230, currency: 'XTR' });
    // Cancelling stops the subscription at Telegram and then it says so.
    expect((await h.call(user, 'POST', '/api/user/subscription/cancel')).status).toBe(200);
    expect(tg.calls.filter((c) => c.method === 'editUserStarSubscription').at(-1)!.params).toMatchObject({
      user_id: user,
      is_canceled: true,
    });
    expect(await renewal(user)).toMatchObject({ renews: false, next: null });
  });

  it('a week holder buying VIP ends with VIP until the plan end plus the unused week days; a refund takes back exactly that', async () => {
    const user = 41_005;
    const t0 = new Date('2026-10-10T08:00:00Z');
    h.setNow(t0);
    const week = withOrder(await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'week' }));
    await payLink(user, week.body.data.invoiceLink!);
    const weekEnd = new Date(t0.getTime() + 7 * DAY_MS);
    expect(await status(user)).toMatchObject({ subscriptionType: 'week', subscriptionExpires: weekEnd.toISOString() });

    // Two days later (five days of the week unused) the week holder moves to VIP.
    const t1 = new Date(t0.getTime() + 2 * DAY_MS);
    h.setNow(t1);
    const vip = await h.call(user, 'POST', '/api/payments/create-initial', { planId: 'vip', autopayConsent: false, provider: 'stars' });
    expect(vip.status).toBe(200);
    const { updates } = await payLink(user, vip.body.data.invoiceLink!);
    const vipEnd = new Date(t1.getTime() + 30 * DAY_MS + 5 * DAY_MS);
    expect(await status(user)).toMatchObject({ subscriptionType: 'vip', subscriptionExpires: vipEnd.toISOString(), autoRenew: false });
    // Redelivered, it grants nothing more (the carried days are not added twice).
    const paidUpdate = updates.find((u) => u.message?.successful_payment)!;
    await bot.handleUpdate({ ...paidUpdate, update_id: paidUpdate.update_id + 100_000 });
    expect(await status(user)).toMatchObject({ subscriptionType: 'vip', subscriptionExpires: vipEnd.toISOString() });

    const payment = await h.db
      .selectFrom('payments')
      .selectAll()
      .where('user_id', '=', user)
      .where('product', '=', 'vip')
      .executeTakeFirstOrThrow();
    const refund = await h.call(ADMIN, 'POST', '/api/admin/refund', { paymentId: payment.id });
    expect(refund.body.data).toMatchObject({ revoked: true });
    expect(await status(user)).toMatchObject({ subscriptionType: 'week', subscriptionExpires: weekEnd.toISOString() });
  });
});
