// Telegram Stars events, called by the bot: pre_checkout_query (checked, nothing granted), successful_payment
// (the one moment Stars grant access, through confirm.ts) and refunded_payment (what it granted is taken back).
import * as paymentsRepo from '../../db/repositories/payments';
import { purchaseVerdict } from '../../domain/commerce/pricing';
import type { ProductId } from '../../domain/commerce/catalogue';
import type { Confirm } from './confirm';
import { TITLES, UUID, type PaymentContext } from './context';
import { recordUngrantedPayment, revokePayment, type AppliedPayment } from './entitlements';

/** Refunds a payment and takes back what it granted (admin.ts); throws when the provider refused. */
type Refund = (paymentId: number) => Promise<unknown>;

export function createStarsEvents(ctx: PaymentContext, confirm: Confirm, refund: Refund) {
  const deps = ctx.deps;
  return {
    /** pre_checkout_query: the payload must be a pending Stars order of this user for exactly this amount. */
    async preCheckout(q: {
      userId: number;
      payload: string;
      currency: string;
      totalAmount: number;
    }): Promise<{ ok: true } | { ok: false; error: string }> {
      if (!UUID.test(q.payload)) return { ok: false, error: 'Счёт не найден. Откройте оплату в приложении заново.' };
      const order = await paymentsRepo.findOrder(deps.db, q.payload);
      if (order?.provider !== 'stars') return { ok: false, error: 'Счёт не найден. Откройте оплату в приложении заново.' };
      if (order.user_id !== q.userId) return { ok: false, error: 'Этот счёт выставлен другому пользователю.' };
      if (!(order.product in TITLES)) return { ok: false, error: 'Неизвестный товар.' };
      if (q.currency !== 'XTR' || order.currency !== 'XTR' || q.totalAmount !== order.amount_minor)
        return { ok: false, error: 'Сумма счёта не совпадает. Откройте оплату в приложении заново.' };
      if (order.status !== 'pending') return { ok: false, error: 'Этот счёт уже оплачен или отменён.' };
      const { tier } = await ctx.loadUser(q.userId);
      const verdict = purchaseVerdict(tier, order.product as ProductId);
      if (!verdict.ok) return { ok: false, error: verdict.message };
      return { ok: true };
    },

    /**
     * successful_payment: the only moment Stars grant access. A charge id seen before grants nothing; a
     * payment that matches no order of this user is recorded once, grants nothing and is refunded: on its
     * first delivery, again on any redelivery while the refund has not gone through, and by `retryRefunds`.
     */
    async successfulPayment(p: {
      userId: number;
      payload: string;
      currency: string;
      totalAmount: number;
      telegramPaymentChargeId: string;
      isRecurring?: boolean;
      isFirstRecurring?: boolean;
      subscriptionExpirationDate?: number;
    }): Promise<AppliedPayment | { applied: false; refused: string; refunded: boolean }> {
      const order = UUID.test(p.payload) ? await paymentsRepo.findOrder(deps.db, p.payload) : undefined;
      const reason =
        order?.provider !== 'stars'
          ? 'unknown order'
          : order.user_id !== p.userId
            ? 'another user'
            : p.currency !== 'XTR' || p.totalAmount !== order.amount_minor
              ? 'amount mismatch'
              : null;
      if (reason || !order) {
        const recorded =
          (await recordUngrantedPayment(deps.db, {
            provider: 'stars',
            providerPaymentId: p.telegramPaymentChargeId,
            userId: p.userId,
            amountMinor: p.totalAmount,
            currency: p.currency,
            reason: reason ?? 'unknown order',
            timeZone: deps.defaultTimeZone,
          })) ?? (await paymentsRepo.findPayment(deps.db, 'stars', p.telegramPaymentChargeId));
        // Money we cannot match goes back. A refund Telegram refused is tried again (redelivery, housekeeping).
        const refunded =
          recorded?.status === 'refunded' ||
          (!!recorded &&
            (await refund(recorded.id).then(
              () => true,
              () => false,
            )));
        return { applied: false, refused: reason ?? 'unknown order', refunded };
      }
      return confirm({
        provider: 'stars',
        providerPaymentId: p.telegramPaymentChargeId,
        order,
        amountMinor: p.totalAmount,
        currency: 'XTR',
        details: {
          isRecurring: !!p.isRecurring,
          isFirstRecurring: !!p.isFirstRecurring,
          subscriptionExpirationDate: p.subscriptionExpirationDate ?? null,
        },
        autoRenew: order.recurring,
        recurringReference: order.recurring ? p.telegramPaymentChargeId : undefined,
        // A renewal (not the first charge) ends the plan where Telegram's subscription period ends.
        periodEnd:
          p.isRecurring && !p.isFirstRecurring && p.subscriptionExpirationDate ? new Date(p.subscriptionExpirationDate * 1000) : undefined,
      });
    },

    /** Refunds again the Stars payments that matched no order and whose refund failed; the number refunded. */
    async retryRefunds(): Promise<number> {
      let done = 0;
      for (const payment of await paymentsRepo.listUnrefundedUngranted(deps.db, 'stars')) {
        if (
          await refund(payment.id).then(
            () => true,
            () => false,
          )
        )
          done++;
      }
      return done;
    },

    /** refunded_payment (a refund made outside the app): take back what the payment granted. */
    async refunded(p: { userId: number; telegramPaymentChargeId: string }) {
      const payment = await paymentsRepo.findPayment(deps.db, 'stars', p.telegramPaymentChargeId);
      if (!payment || payment.user_id !== p.userId) return { revoked: false };
      return revokePayment(deps.db, payment.id, deps.clock());
    },
  };
}
