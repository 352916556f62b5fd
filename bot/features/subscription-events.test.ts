// Telegram's subscription update (BotSubscriptionUpdated) end to end: the API sells a Stars subscription, the
// local Telegram plays the user paying it and then cancelling, re-enabling or failing its renewal in
// Telegram's own settings, and the real bot brings the plan in line. Each state changes the plan once: a
// redelivered update (the same update_id, or the same state under a new one) changes nothing more, and an
// update racing a renewal payment never grants twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARS_SUBSCRIPTION_PERIOD_S } from '../../domain/commerce/pricing';
import { DAY_MS, formatRuDate } from '../../domain/text/time';
import { TEST_DB_KINDS } from '../../test/databases';
import { TEST_PUBLIC_URL } from '../../test/bot-harness';
import type { Harness } from '../../test/harness';
import { startStarsBot, type StarsBot } from '../../test/stars-bot';
import type { TestTelegram } from '../../test/test-telegram';

describe.each(TEST_DB_KINDS)('Stars subscription updates on %s', (kind) => {
  let h: Harness;
  let tg: TestTelegram;
  let bot: StarsBot['bot'];
  let stars: StarsBot;
  beforeAll(async () => {
    stars = await startStarsBot(kind, { webAppUrl: TEST_PUBLIC_URL });
    ({ h, tg, bot } = stars);
  });
  afterAll(() => stars?.close());

  const status = async (user: number) => (await h.call(user, 'GET', '/api/user/status')).body.data.userStatus;
  const renewal = async (user: number) => (await h.call(user, 'GET', '/api/payments/renewal')).body.data;
  const recurring = (user: number) =>
    h.db.selectFrom('recurring_billing').selectAll().where('user_id', '=', user).executeTakeFirstOrThrow();

  /** The user buys a VIP Stars subscription at `t0`; its order id is the invoice payload. */
  async function subscribe(user: number, t0: Date) {
    tg.setProfile({ id: user, first_name: 'Тест' });
    h.setNow(t0);
    const r = await h.call(user, 'POST', '/api/payments/create-initial', { planId: 'vip', autopayConsent: true, provider: 'stars' });
    const { updates } = await stars.payLink(user, r.body.data.invoiceLink!);
    expect(await status(user)).toMatchObject({ subscriptionType: 'vip', autoRenew: true });
    return {
      orderId: r.body.data.orderId as string,
      first: updates.find((u) => u.message?.successful_payment)!,
      end: new Date(t0.getTime() + STARS_SUBSCRIPTION_PERIOD_S * 1000),
    };
  }

  /** Telegram sends the subscription update (through getUpdates, as the bot receives it); returns it. */
  async function telegramSays(user: number, payload: string, state: 'canceled' | 'active' | 'failed') {
    const u = tg.sendUpdate({ subscription: { user: { id: user, is_bot: false, first_name: 'Тест' }, invoice_payload: payload, state } });
    await stars.deliver();
    return u;
  }

  /** Telegram's successful_payment for a renewal of `first`'s subscription whose new period ends at `periodEnd`. */
  const renewalPayment = (first: { message: any }, chargeId: string, periodEnd: Date) => ({
    ...first.message.successful_payment,
    telegram_payment_charge_id: chargeId,
    is_recurring: true,
    is_first_recurring: false,
    subscription_expiration_date: Math.floor(periodEnd.getTime() / 1000),
  });

  it('cancelled in Telegram: renewal stops once, access stays to the period end; re-enabled: renewal back once', async () => {
    const user = 42_001;
    const { orderId, end } = await subscribe(user, new Date('2026-10-10T08:00:00Z'));

    const t1 = new Date('2026-10-12T09:00:00Z');
    h.setNow(t1);
    const canceled = await telegramSays(user, orderId, 'canceled');
    expect(await status(user)).toMatchObject({ subscriptionType: 'vip', autoRenew: false, subscriptionExpires: end.toISOString() });
    expect(await renewal(user)).toMatchObject({ renews: false, text: `Не продлевается: доступ до ${formatRuDate(end)}` });
    expect(await recurring(user)).toMatchObject({ active: false, canceled_at: t1 });

    // Redelivered (same update id) and sent again under a new id, later: nothing changes a second time.
    h.setNow(new Date('2026-10-13T09:00:00Z'));
    await bot.handleUpdate(canceled as any);
    await telegramSays(user, orderId, 'canceled');
    expect(await recurring(user)).toMatchObject({ active: false, canceled_at: t1 });
    expect(await h.services.payments.stars.subscriptionUpdated({ userId: user, payload: orderId, state: 'canceled' })).toEqual({
      changed: false,
    });

    // Re-enabled in Telegram's settings: renewal is on again at the price it was bought at.
    const active = await telegramSays(user, orderId, 'active');
    expect(await status(user)).toMatchObject({ subscriptionType: 'vip', autoRenew: true, subscriptionExpires: end.toISOString() });
    expect(await renewal(user)).toMatchObject({ renews: true, next: { at: end.toISOString(), amount: 385, currency: 'XTR' } });
    expect(await recurring(user)).toMatchObject({ active: true, canceled_at: null });
    await bot.handleUpdate(active as any);
    expect(await h.services.payments.stars.subscriptionUpdated({ userId: user, payload: orderId, state: 'active' })).toEqual({
      changed: false,
    });
    // Neither state moved the plan's end or wrote a payment.
    expect((await status(user)).subscriptionExpires).toBe(end.toISOString());
    expect(await h.db.selectFrom('payments').select('id').where('user_id', '=', user).execute()).toHaveLength(1);
  });

  it('someone else’s payload, or an unknown one, changes nothing', async () => {
    const owner = 42_002;
    const other = 42_003;
    const { orderId } = await subscribe(owner, new Date('2026-10-10T08:00:00Z'));
    await subscribe(other, new Date('2026-10-10T08:00:00Z'));
    await telegramSays(other, orderId, 'canceled');
    await telegramSays(other, 'not-an-order', 'failed');
    expect(await status(owner)).toMatchObject({ autoRenew: true });
    expect(await status(other)).toMatchObject({ autoRenew: true });
  });

  it('a failed renewal ends the plan at the period end with one gentle message, however often it is delivered', async () => {
    const user = 42_004;
    const { orderId, end } = await subscribe(user, new Date('2026-10-10T08:00:00Z'));
    await stars.sendPushes();
    h.setNow(new Date(end.getTime() - 60_000));
    const failed = await telegramSays(user, orderId, 'failed');
    await bot.handleUpdate(failed as any);
    await telegramSays(user, orderId, 'failed');
    expect(await status(user)).toMatchObject({ subscriptionType: 'vip', autoRenew: false, subscriptionExpires: end.toISOString() });
    await stars.sendPushes();
    const gentle = stars.sentTexts(user).filter((t) => t.includes('не смог продлить'));
    expect(gentle).toEqual([
      `Telegram не смог продлить подписку — так бывает, если не хватило звёзд. Доступ сохранится до ${formatRuDate(end)}. ` +
        'Продлить её можно в любой момент в приложении: «Подписка».',
    ]);
    const push = tg.calls.find(
      (c) => c.method === 'sendMessage' && c.chatId === user && String(c.params.text).includes('не смог продлить'),
    )!;
    expect(push.params.reply_markup.inline_keyboard).toEqual([
      [{ text: '💫 Подписка', web_app: { url: `${TEST_PUBLIC_URL}/subscription` } }],
    ]);
    // The period over, the plan is over: nothing renews it.
    h.setNow(new Date(end.getTime() + 60_000));
    expect(await status(user)).toMatchObject({ subscriptionType: 'free' });
  });

  it('a renewal ends the plan where Telegram says (subscription_expiration_date), once however often it is delivered', async () => {
    const user = 42_006;
    const { first, end } = await subscribe(user, new Date('2026-10-10T08:00:00Z'));
    // Telegram charges the renewal an hour early; its new period ends 30 days after the old one, plus the
    // few hours its own clock says: the plan follows Telegram's date, not «now + 30 days».
    h.setNow(new Date(end.getTime() - 3600_000));
    const telegramEnd = new Date(Math.floor((end.getTime() + 30 * DAY_MS + 3 * 3600_000) / 1000) * 1000);
    const sp = renewalPayment(first, 'renewal_42006_1', telegramEnd);
    const renewed = tg.sendUpdate({ message: { ...first.message, message_id: first.message.message_id + 2000, successful_payment: sp } });
    await stars.deliver();
    const after = { subscriptionType: 'vip', autoRenew: true, subscriptionExpires: telegramEnd.toISOString() };
    expect(await status(user)).toMatchObject(after);
    expect(await renewal(user)).toMatchObject({ renews: true, next: { at: telegramEnd.toISOString() } });

    // Redelivered (the same update) and sent again under a new update id: applied once.
    await bot.handleUpdate(renewed as any);
    tg.sendUpdate({ message: { ...first.message, message_id: first.message.message_id + 2001, successful_payment: sp } });
    await stars.deliver();
    expect(await status(user)).toMatchObject(after);
    const payments = await h.db
      .selectFrom('payments')
      .select(['provider_payment_id', 'granted'])
      .where('user_id', '=', user)
      .orderBy('id')
      .execute();
    expect(payments.map((p) => p.provider_payment_id)).toEqual([
      first.message.successful_payment.telegram_payment_charge_id,
      'renewal_42006_1',
    ]);
  });

  it('days the plan had before the subscription began outlive its renewals: they follow Telegram’s period end', async () => {
    const user = 42_007;
    const t0 = new Date('2026-10-10T08:00:00Z');
    h.setNow(t0);
    await status(user);
    // Ten days of VIP left (bought earlier on a card) when the user subscribes with Stars.
    const carried = 10 * DAY_MS;
    await h.db
      .updateTable('users')
      .set({ subscription_type: 'vip', subscription_expires: new Date(t0.getTime() + carried) })
      .where('id', '=', user)
      .execute();
    const { first, end: telegramFirstEnd } = await subscribe(user, t0);
    expect(await status(user)).toMatchObject({ subscriptionExpires: new Date(telegramFirstEnd.getTime() + carried).toISOString() });
    // The status screen says Telegram charges first, and where that charge takes access: a period past the plan's end.
    expect(await renewal(user)).toMatchObject({
      renews: true,
      next: { at: telegramFirstEnd.toISOString() },
      text:
        `Продлится автоматически ${formatRuDate(telegramFirstEnd)}: спишется 385\u00a0⭐, ` +
        `и доступ продлится до ${formatRuDate(new Date(telegramFirstEnd.getTime() + carried + 30 * DAY_MS))}`,
    });

    // Telegram renews at its own period end, ten days before the plan's: the ten days stay after the new period.
    h.setNow(telegramFirstEnd);
    const telegramEnd = new Date(telegramFirstEnd.getTime() + STARS_SUBSCRIPTION_PERIOD_S * 1000);
    tg.sendUpdate({
      message: {
        ...first.message,
        message_id: first.message.message_id + 3000,
        successful_payment: renewalPayment(first, 'renewal_42007_1', telegramEnd),
      },
    });
    await stars.deliver();
    const planEnd = new Date(telegramEnd.getTime() + carried).toISOString();
    expect(await status(user)).toMatchObject({ subscriptionType: 'vip', autoRenew: true, subscriptionExpires: planEnd });
    expect(await renewal(user)).toMatchObject({ renews: true, next: { at: telegramEnd.toISOString() }, ends: planEnd });
  });

  it('re-enabled while the renewal payment arrives: the period is added once', async () => {
    const user = 42_005;
    const { orderId, first, end } = await subscribe(user, new Date('2026-10-10T08:00:00Z'));
    await telegramSays(user, orderId, 'canceled');
    h.setNow(end);
    const renewed = {
      ...first,
      update_id: first.update_id + 700_000,
      message: {
        ...first.message,
        message_id: first.message.message_id + 1000,
        successful_payment: renewalPayment(first, 'race_renewal_1', new Date(end.getTime() + 30 * DAY_MS)),
      },
    };
    const active = {
      update_id: first.update_id + 700_001,
      subscription: { user: { id: user, is_bot: false, first_name: 'Тест' }, invoice_payload: orderId, state: 'active' },
    };
    await Promise.all([
      bot.handleUpdate(renewed),
      bot.handleUpdate(active as any),
      bot.handleUpdate({ ...renewed, update_id: renewed.update_id + 2 }),
    ]);
    expect(await status(user)).toMatchObject({
      subscriptionType: 'vip',
      autoRenew: true,
      subscriptionExpires: new Date(end.getTime() + 30 * DAY_MS).toISOString(),
    });
    expect(await h.db.selectFrom('payments').select('id').where('user_id', '=', user).execute()).toHaveLength(2);
  });
});
