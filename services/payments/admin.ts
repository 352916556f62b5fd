// Refunds (admins, /paysupport, a second trial) and the admins' debug view of the micro flow.
import * as microRepo from '../../db/repositories/micro';
import * as paymentsRepo from '../../db/repositories/payments';
import * as readingsRepo from '../../db/repositories/readings';
import { rubAmountString } from '../../domain/commerce/pricing';
import { createAdminService } from '../admin';
import { ServiceError } from '../errors';
import type { PaymentContext } from './context';
import { revokePayment } from './entitlements';
import { entitlementsOf } from './micro';
import { yooUnavailable } from './yookassa-client';

export function createPaymentAdmin(ctx: PaymentContext) {
  const deps = ctx.deps;
  const admins = createAdminService(deps);
  return {
    /** Refunds a payment (admins; /paysupport) and takes back what it granted. */
    async refund(paymentId: number): Promise<{ revoked: boolean }> {
      const payment = await paymentsRepo.findPaymentById(deps.db, paymentId);
      if (!payment) throw new ServiceError('not_found', 'Платёж не найден');
      if (payment.status === 'refunded') return { revoked: false };
      if (payment.provider === 'stars') {
        if (!ctx.cfg.starsApi) throw new ServiceError('unavailable', 'Возврат звёзд сейчас недоступен');
        try {
          await ctx.cfg.starsApi.refundStarPayment(payment.user_id, payment.provider_payment_id);
        } catch {
          throw new ServiceError('unavailable', 'Telegram не выполнил возврат, попробуйте позже');
        }
        // A refunded subscription payment also ends the subscription's renewals.
        const order = payment.order_id ? await paymentsRepo.findOrder(deps.db, payment.order_id) : undefined;
        if (order?.recurring)
          await ctx.cfg.starsApi.editUserStarSubscription(payment.user_id, payment.provider_payment_id, true).catch(() => {});
      } else if (payment.provider === 'yookassa') {
        if (!ctx.yoo) throw yooUnavailable();
        try {
          await ctx.yoo.createRefund(
            payment.provider_payment_id,
            { value: rubAmountString(payment.amount_minor / 100), currency: payment.currency },
            `refund:${payment.id}`,
          );
        } catch {
          throw yooUnavailable();
        }
      }
      return revokePayment(deps.db, payment.id, deps.clock());
    },

    /** GET /api/admin/micro-status (admins): what the micro flow sees for a reading. */
    async debugMicroStatus(userId: number, readingId: number | null) {
      admins.requireAdmin(userId);
      const reading = readingId !== null ? await readingsRepo.findReading(deps.db, readingId) : undefined;
      const ent = await entitlementsOf(ctx.microDeps, userId, readingId);
      const unbound = await microRepo.latestUnboundMicro(deps.db, userId);
      const payments = await paymentsRepo.listUserPayments(deps.db, userId, 20);
      const microForReading =
        readingId !== null ? (await microRepo.listUsableMicro(deps.db, userId, readingId)).filter((p) => p.reading_id === readingId) : [];
      return {
        now: deps.clock().toISOString(),
        userId,
        readingId,
        readingExists: !!reading,
        readingBelongs: !!reading && reading.user_id === userId,
        microResultExists: microForReading.some((p) => p.revealed_at !== null),
        hasMicroAny: await microRepo.hasAnyMicro(deps.db, userId),
        hasMicroForCurrentQuestion: ent.hasMicroForCurrentQuestion,
        latestUnbound: unbound
          ? {
              id: unbound.id,
              created_at: unbound.created_at.toISOString(),
              metadata_json: { source: unbound.source, paymentId: unbound.payment_id },
            }
          : null,
        purchases: payments.map((p) => ({
          id: p.id,
          amount: p.currency === 'XTR' ? p.amount_minor : p.amount_minor / 100,
          currency: p.currency,
          created_at: p.created_at.toISOString(),
          metadata_json: { provider: p.provider, product: p.product, status: p.status, orderId: p.order_id, granted: p.granted },
        })),
      };
    },
  };
}
