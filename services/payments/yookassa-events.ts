// YooKassa: a payment is believed only when read back from YooKassa's API and matching its order (never the
// notification's body), then applied through confirm.ts; refunds made at YooKassa are taken back; saved cards
// are charged for renewals (each period once). Read-backs of one id are shared (yookassa-readback.ts), and
// ids we cannot tie to an order are read back only so often per instance.
import crypto from 'node:crypto';
import * as paymentsRepo from '../../db/repositories/payments';
import type { PaymentOrder } from '../../db/schema';
import { rubAmountString } from '../../domain/commerce/pricing';
import { PRODUCT_INFO, storedPlan } from '../../domain/commerce/catalogue';
import { pluralRu } from '../../domain/text/plural';
import { DAY_MS } from '../../domain/text/time';
import { ServiceError } from '../errors';
import { takeUserLimit } from '../user-limits';
import type { Confirm } from './confirm';
import { checkUserIdField, TITLES, UUID, type PaymentContext } from './context';
import { revokePayment } from './entitlements';
import { orderMetadata } from './yookassa';
import { yooUnavailable, YooKassaError, type YooPayment, type YooRefund } from './yookassa-client';
import { sharedReader } from './yookassa-readback';

/** Read-backs of ids we have no order or payment for, per instance and minute. */
const UNKNOWN_READBACKS_PER_MINUTE = 60;
/** Read-backs of refunds naming one known payment, per instance and minute: its own budget, not the unknowns'. */
const KNOWN_REFUND_READBACKS_PER_MINUTE = 10;

/** A final answer: nothing newer can come (a refund of a succeeded payment is a refund event of its own). */
const finalPayment = (o: { ok: true; value: YooPayment } | { ok: false; error: unknown }) =>
  o.ok
    ? o.value.status === 'succeeded' || o.value.status === 'canceled'
    : o.error instanceof YooKassaError && (o.error.status === 404 || o.error.status === 400);
const finalRefund = (o: { ok: true; value: YooRefund } | { ok: false; error: unknown }) =>
  o.ok ? o.value.status === 'succeeded' || o.value.status === 'canceled' : o.error instanceof YooKassaError && o.error.status < 500;

export type YooVerifyOutcome = 'applied' | 'duplicate' | 'pending' | 'canceled' | 'mismatch' | 'unknown';

export function createYooKassaEvents(ctx: PaymentContext, confirm: Confirm) {
  const deps = ctx.deps;

  // One read per id at a time and per gap, shared by every notification and check naming it. Nothing here
  // is counted against the payment's owner: anyone can send a notification naming their payment.
  const gap = { gapMs: ctx.cfg.yookassa?.readBackGapMs };
  const readPayment = ctx.yoo ? sharedReader((id) => ctx.yoo!.getPayment(id), finalPayment, gap) : undefined;
  const readRefund = ctx.yoo ? sharedReader((id) => ctx.yoo!.getRefund(id), finalRefund, gap) : undefined;

  /** A fixed-window count per minute, per instance; over the limit a 429 with when to come back. */
  function limitPerMinute(window: { start: number; count: number }, limit: number) {
    const now = deps.clock();
    if (now.getTime() - window.start >= 60_000) Object.assign(window, { start: now.getTime(), count: 0 });
    if (++window.count > limit)
      throw new ServiceError('limit_reached', 'Слишком много уведомлений об оплате.', {
        retryAfterSeconds: Math.ceil((window.start + 60_000 - now.getTime()) / 1000),
      });
  }
  /** Ids we cannot tie to an order or a payment (an orphaned order, or a flood of made-up ids): per instance. */
  const unknownReadBacks = { start: 0, count: 0 };
  const limitUnknownReadBack = () => limitPerMinute(unknownReadBacks, UNKNOWN_READBACKS_PER_MINUTE);
  /**
   * Refunds of a payment we know never wait behind the unknowns' flood: each known payment has a small budget
   * of its own (the body names the payment, so a flood naming one payment only spends that payment's budget).
   */
  const knownRefundReadBacks = new Map<string, { start: number; count: number }>();
  function limitKnownRefundReadBack(paymentId: string) {
    const now = deps.clock().getTime();
    for (const [id, w] of knownRefundReadBacks) if (now - w.start >= 60_000) knownRefundReadBacks.delete(id);
    const window = knownRefundReadBacks.get(paymentId) ?? { start: now, count: 0 };
    knownRefundReadBacks.set(paymentId, window);
    limitPerMinute(window, KNOWN_REFUND_READBACKS_PER_MINUTE);
  }

  async function verifyYooKassaPayment(
    paymentId: string,
    expectUserId?: number,
  ): Promise<{ outcome: YooVerifyOutcome; order?: PaymentOrder; payment?: YooPayment }> {
    if (!readPayment) throw yooUnavailable();
    let payment: YooPayment;
    try {
      payment = await readPayment(paymentId);
    } catch (err) {
      if (err instanceof YooKassaError && (err.status === 404 || err.status === 400)) return { outcome: 'unknown' };
      throw yooUnavailable();
    }
    const meta = (payment.metadata ?? {}) as Record<string, unknown>;
    let order = await paymentsRepo.findOrderByProviderId(deps.db, 'yookassa', payment.id);
    if (!order && typeof meta.orderId === 'string' && UUID.test(meta.orderId)) order = await paymentsRepo.findOrder(deps.db, meta.orderId);
    if (order?.provider !== 'yookassa' || (order.provider_payment_id && order.provider_payment_id !== payment.id))
      return { outcome: 'unknown', payment };
    if (expectUserId !== undefined && order.user_id !== expectUserId) return { outcome: 'unknown' };
    const expected = orderMetadata(order);
    const metaOk = meta.orderId === expected.orderId && meta.userId === expected.userId && meta.product === expected.product;
    const amountOk = payment.amount.currency === order.currency && payment.amount.value === rubAmountString(order.amount_minor / 100);
    if (!metaOk || !amountOk) return { outcome: 'mismatch', order, payment };
    if (!order.provider_payment_id) await paymentsRepo.setOrderProviderId(deps.db, order.id, payment.id);
    if (payment.status === 'canceled') {
      await paymentsRepo.setOrderStatus(deps.db, order.id, 'canceled');
      return { outcome: 'canceled', order, payment };
    }
    if (payment.status !== 'succeeded' || payment.paid === false) return { outcome: 'pending', order, payment };
    const saved = payment.payment_method?.saved === true && order.autopay_consent;
    const applied = await confirm({
      provider: 'yookassa',
      providerPaymentId: payment.id,
      order,
      amountMinor: order.amount_minor,
      currency: order.currency,
      details: { paymentMethodType: payment.payment_method?.type ?? null, saved },
      autoRenew: saved,
      recurringReference: saved ? payment.payment_method!.id : undefined,
    });
    return { outcome: applied.applied ? 'applied' : 'duplicate', order, payment };
  }

  return {
    /** POST /api/payments/sync-method: re-checks one of the caller's YooKassa payments with the API. */
    async syncMethod(userId: number, input: { userId?: unknown; paymentId?: string; orderId?: string }) {
      checkUserIdField(userId, input.userId);
      let paymentId = input.paymentId;
      if (!paymentId && input.orderId) {
        const order = UUID.test(input.orderId) ? await paymentsRepo.findOrder(deps.db, input.orderId) : undefined;
        if (!order || order.user_id !== userId) throw new ServiceError('not_found', 'orderId: платёж не найден');
        if (order.provider !== 'yookassa' || !order.provider_payment_id)
          return { status: order.status, applied: false, userStatus: (await ctx.users.status(userId)).status };
        paymentId = order.provider_payment_id;
      }
      if (!paymentId) throw new ServiceError('bad_input', 'paymentId: укажите платёж');
      // Someone else's payment is not read back for this caller at all.
      const bound = await paymentsRepo.findOrderByProviderId(deps.db, 'yookassa', paymentId);
      if (bound && bound.user_id !== userId) throw new ServiceError('not_found', 'paymentId: платёж не найден');
      await takeUserLimit(deps.db, userId, 'yookassa_readback', deps.clock());
      const r = await verifyYooKassaPayment(paymentId, userId);
      if (r.outcome === 'unknown') throw new ServiceError('not_found', 'paymentId: платёж не найден');
      return {
        status: r.payment?.status ?? 'unknown',
        outcome: r.outcome,
        applied: r.outcome === 'applied' || r.outcome === 'duplicate',
        userStatus: (await ctx.users.status(userId)).status,
      };
    },

    /** YooKassa notifications: only the id is taken from the body; the rest is read back from the API. */
    async notification(body: {
      event: string;
      object: { id: string; payment_id?: string };
    }): Promise<{ outcome: YooVerifyOutcome | 'refunded' | 'ignored' }> {
      if (body.event.startsWith('refund.')) {
        if (!readRefund) throw yooUnavailable();
        const known = body.object.payment_id ? await paymentsRepo.findPayment(deps.db, 'yookassa', body.object.payment_id) : undefined;
        if (known?.status === 'refunded') return { outcome: 'duplicate' };
        if (known) limitKnownRefundReadBack(known.provider_payment_id);
        else limitUnknownReadBack();
        let refund;
        try {
          refund = await readRefund(body.object.id);
        } catch (err) {
          if (err instanceof YooKassaError && err.status < 500) return { outcome: 'unknown' };
          throw yooUnavailable();
        }
        if (refund.status !== 'succeeded') return { outcome: 'pending' };
        const payment = await paymentsRepo.findPayment(deps.db, 'yookassa', refund.payment_id);
        if (!payment) return { outcome: 'unknown' };
        const r = await revokePayment(deps.db, payment.id, deps.clock());
        return { outcome: r.revoked ? 'refunded' : 'duplicate' };
      }
      if (!body.event.startsWith('payment.')) return { outcome: 'ignored' };
      // Only the id is taken from the body; what we already know settles the answer without a call.
      const order = await paymentsRepo.findOrderByProviderId(deps.db, 'yookassa', body.object.id);
      if (order?.status === 'succeeded' && (await paymentsRepo.findPayment(deps.db, 'yookassa', body.object.id)))
        return { outcome: 'duplicate' };
      // A payment we have an order for is never limited with the unknowns (its read-backs are shared per id).
      if (!order) limitUnknownReadBack();
      return { outcome: (await verifyYooKassaPayment(body.object.id)).outcome };
    },

    /**
     * Charges saved YooKassa cards for plans ending within the hour (autopay with consent). Each period is
     * charged once: the order's idempotence key names the user and the period's end.
     */
    async runRenewals(now: Date = deps.clock()): Promise<{ attempted: number; outcomes: YooVerifyOutcome[] }> {
      if (!ctx.yoo || ctx.mockMode) return { attempted: 0, outcomes: [] };
      const due = await paymentsRepo.listDueYooKassaRenewals(
        deps.db,
        new Date(now.getTime() + 3_600_000),
        new Date(now.getTime() - 3 * DAY_MS),
      );
      const outcomes: YooVerifyOutcome[] = [];
      for (const d of due) {
        const plan = storedPlan(d.plan);
        const days = PRODUCT_INFO[plan].days!;
        const key = `renew:${d.user_id}:${d.subscription_expires!.toISOString()}`;
        // The price the user consented to (shown on the status screen and in the push a day before).
        const amountMinor = d.currency === 'RUB' && d.amount_minor ? d.amount_minor : Math.round(ctx.pricing.pricesRub[plan] * 100);
        const order = await paymentsRepo.insertOrder(deps.db, {
          id: crypto.randomUUID(),
          userId: d.user_id,
          provider: 'yookassa',
          product: plan,
          plan,
          days,
          amountMinor,
          currency: 'RUB',
          readingId: null,
          recurring: true,
          autopayConsent: true,
          idempotenceKey: key,
          context: { renewal: true },
        });
        if (!order) continue; // this period was already charged (here or by another instance)
        try {
          const payment = await ctx.yoo.createPayment(
            {
              amount: { value: rubAmountString(amountMinor / 100), currency: 'RUB' },
              capture: true,
              payment_method_id: d.reference,
              description: `${TITLES[plan].title}: продление на ${days} ${pluralRu(days, 'день', 'дня', 'дней')}`,
              metadata: orderMetadata(order),
            },
            key,
          );
          await paymentsRepo.setOrderProviderId(deps.db, order.id, payment.id);
          outcomes.push((await verifyYooKassaPayment(payment.id)).outcome);
        } catch {
          outcomes.push('pending');
        }
      }
      return { attempted: due.length, outcomes };
    },
  };
}
