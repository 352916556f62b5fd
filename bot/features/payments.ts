// Telegram Stars in the bot: pre_checkout_query is answered within Telegram's 10 seconds after the payment
// service checked payload, product, user and amount (nothing is granted yet); successful_payment is the one
// moment access is granted, de-duplicated by telegram_payment_charge_id; refunded_payment takes it back;
// the subscription update (cancelled, re-enabled, renewal failed) turns the plan's renewal off or on.
// The confirmation message is queued by the payment service (services/notifications.ts paymentConfirmed).
import { Composer } from 'grammy';
import type { BotContext } from '../context';

/** Telegram gives 10 s; the check gets 7 so the answer itself still has time. */
const PRE_CHECKOUT_BUDGET_MS = 7_000;
const CHECK_FAILED = 'Не удалось проверить счёт. Попробуйте ещё раз через минуту.';

function withDeadline<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('pre-checkout check timed out')), ms);
    }),
  ]);
}

const composer = new Composer<BotContext>();

composer.on('pre_checkout_query', async (ctx) => {
  const q = ctx.preCheckoutQuery;
  let verdict: { ok: true } | { ok: false; error: string };
  try {
    verdict = await withDeadline(
      ctx.deps.services.payments.stars.preCheckout({
        userId: q.from.id,
        payload: q.invoice_payload,
        currency: q.currency,
        totalAmount: q.total_amount,
      }),
      PRE_CHECKOUT_BUDGET_MS,
    );
  } catch (err) {
    ctx.deps.logger.error({ err, queryId: q.id, userId: q.from.id }, 'pre-checkout check failed');
    verdict = { ok: false, error: CHECK_FAILED };
  }
  if (verdict.ok) await ctx.answerPreCheckoutQuery(true);
  else await ctx.answerPreCheckoutQuery(false, { error_message: verdict.error });
});

composer.on('message:successful_payment', async (ctx) => {
  const sp = ctx.message.successful_payment;
  const result = await ctx.deps.services.payments.stars.successfulPayment({
    userId: ctx.from.id,
    payload: sp.invoice_payload,
    currency: sp.currency,
    totalAmount: sp.total_amount,
    telegramPaymentChargeId: sp.telegram_payment_charge_id,
    isRecurring: sp.is_recurring,
    isFirstRecurring: sp.is_first_recurring,
    subscriptionExpirationDate: sp.subscription_expiration_date,
  });
  if ('refused' in result) {
    const log = { userId: ctx.from.id, chargeId: sp.telegram_payment_charge_id, reason: result.refused };
    if (result.refunded) {
      ctx.deps.logger.warn(log, 'stars payment matched no order; refunded');
      await ctx.reply('Этот платёж не совпал ни с одним счётом, поэтому звёзды возвращены. Если нужна помощь — /paysupport.');
    } else {
      ctx.deps.logger.error(log, 'stars payment matched no order; the refund failed and will be tried again');
      await ctx.reply(
        'Этот платёж не совпал ни с одним счётом. Звёзды вернутся автоматически в ближайшее время; если нужна помощь — /paysupport.',
      );
    }
    return;
  }
  ctx.deps.logger.info(
    { userId: ctx.from.id, chargeId: sp.telegram_payment_charge_id, applied: result.applied, product: result.order?.product },
    result.applied ? 'stars payment applied' : 'stars payment already applied',
  );
});

composer.on('message:refunded_payment', async (ctx) => {
  const rp = ctx.message.refunded_payment;
  const r = await ctx.deps.services.payments.stars.refunded({
    userId: ctx.from.id,
    telegramPaymentChargeId: rp.telegram_payment_charge_id,
  });
  ctx.deps.logger.info({ userId: ctx.from.id, chargeId: rp.telegram_payment_charge_id, revoked: r.revoked }, 'stars payment refunded');
  if (r.revoked) await ctx.reply('Возврат звёзд выполнен. Доступ, оплаченный этим платежом, отключён.');
});

// Telegram's own word on a Stars subscription (cancelled or re-enabled in its settings, a renewal that failed):
// the plan's renewal follows it once; the gentle message after a failure is queued with the change.
composer.on('subscription', async (ctx) => {
  const s = ctx.update.subscription!;
  const r = await ctx.deps.services.payments.stars.subscriptionUpdated({ userId: s.user.id, payload: s.invoice_payload, state: s.state });
  ctx.deps.logger.info({ userId: s.user.id, state: s.state, changed: r.changed, reason: r.reason }, 'stars subscription updated');
});

export const paymentsFeature = composer;
