// Entitlements from confirmed payments. Applying a payment is one transaction keyed by the provider's
// payment id: the ledger row is inserted first with ON CONFLICT DO NOTHING, so a redelivered notification
// (or successful_payment) finds the key taken and grants nothing more. A refund takes back exactly what
// the payment granted.
import type { Db } from '../../db/connection';
import * as microRepo from '../../db/repositories/micro';
import * as paymentsRepo from '../../db/repositories/payments';
import * as usageRepo from '../../db/repositories/usage';
import * as usersRepo from '../../db/repositories/users';
import type { Payment, PaymentOrder, PaymentProvider } from '../../db/schema';
import { extendPlan, productGrant, STARS_SUBSCRIPTION_PERIOD_S, type PricingTable } from '../../domain/commerce/pricing';
import { currentProductId, isPlanId, isProductId, storedPlan } from '../../domain/commerce/catalogue';
import { userDay } from '../../domain/text/day';
import { effectiveTier } from '../../domain/commerce/entitlement';
import type { Tier } from '../../domain/types';

export type Granted =
  | { kind: 'micro'; microPurchaseId: number; readingId: number | null }
  | {
      kind: 'plan';
      tier: Tier;
      expires: string | null;
      /** How much this payment moved the end of the plan (taken back by a refund). */
      addedMs: number;
      previous: { type: Tier; expires: string | null; autoRenew: boolean };
      autoRenew: boolean;
    }
  | { kind: 'none'; reason: string };

export interface AppliedPayment {
  applied: boolean;
  payment: Payment;
  order: PaymentOrder | null;
  granted: Granted;
}

export interface ConfirmedPayment {
  provider: PaymentProvider;
  providerPaymentId: string;
  order: PaymentOrder;
  amountMinor: number;
  currency: string;
  details?: Record<string, unknown>;
  /** Renewal is on after this payment (a Stars subscription, or a YooKassa card kept with consent). */
  autoRenew: boolean;
  /** Keep for autopay: the Stars charge id of the subscription or YooKassa's payment_method.id. */
  recurringReference?: string;
  /** A renewal's end of the paid period as the provider states it (Stars: subscription_expiration_date). */
  periodEnd?: Date;
}

/** Why a paid trial granted nothing: the user had one already (the payment is refunded). */
export const SECOND_TRIAL = 'trial already used';

/** Applies a confirmed payment once; a second call for the same provider id returns `applied: false`. */
export async function applyConfirmedPayment(
  db: Db,
  c: ConfirmedPayment,
  now: Date,
  pricing: PricingTable,
  /** Runs inside the same transaction after the grant (the bot's payment message is queued there). */
  onApplied?: (trx: Db, granted: Granted) => Promise<void>,
): Promise<AppliedPayment> {
  return db.transaction().execute(async (trx) => {
    // One user's payments are applied one after another. The user is locked before the payment row is
    // written: that row's reference to the user takes a key-share lock, and two payments holding one each
    // while waiting for the user's update lock would deadlock.
    const user = await usersRepo.lockUser(trx, c.order.user_id);
    if (!user) throw new Error(`user ${c.order.user_id} of order ${c.order.id} is gone`);
    const payment = await paymentsRepo.insertPaymentOnce(trx, {
      provider: c.provider,
      providerPaymentId: c.providerPaymentId,
      orderId: c.order.id,
      userId: c.order.user_id,
      product: c.order.product,
      amountMinor: c.amountMinor,
      currency: c.currency,
      details: c.details ?? null,
    });
    if (!payment) {
      const existing = (await paymentsRepo.findPayment(trx, c.provider, c.providerPaymentId))!;
      return { applied: false, payment: existing, order: c.order, granted: existing.granted as Granted };
    }
    let granted: Granted;
    // One trial per user, decided here where payments are applied one after another per user: a second
    // trial paid (several trial orders opened before the first was paid) grants nothing and is refunded.
    if (c.order.product === 'trial' && (await paymentsRepo.hasGrantedTrial(trx, user.id, payment.id))) {
      granted = { kind: 'none', reason: SECOND_TRIAL };
      await paymentsRepo.setPaymentGranted(trx, payment.id, granted);
      await paymentsRepo.setOrderStatus(trx, c.order.id, 'succeeded');
      return { applied: true, payment: { ...payment, granted }, order: c.order, granted };
    }
    if (c.order.product === 'micro') {
      const mp = await microRepo.insertMicroPurchase(trx, {
        userId: user.id,
        readingId: c.order.reading_id,
        paymentId: payment.id,
        source: 'payment',
      });
      granted = { kind: 'micro', microPurchaseId: mp.id, readingId: mp.reading_id };
    } else {
      const product = currentProductId(c.order.product);
      const grant = isProductId(product) ? productGrant(product, isPlanId(c.order.plan) ? c.order.plan : undefined) : null;
      if (!grant) throw new Error(`order ${c.order.id} has an unknown product ${c.order.product}`);
      if (c.order.days) grant.days = c.order.days;
      const previousEnd = Math.max(now.getTime(), user.subscription_expires?.getTime() ?? 0);
      let next = extendPlan({ type: user.subscription_type, expires: user.subscription_expires }, grant, now, pricing);
      const recurring = await paymentsRepo.findRecurring(trx, user.id);
      // A renewal of the plan ends where the provider says its period ends: a charge made early or late
      // does not make the plan drift from Telegram's own subscription. Days the plan ran past the period
      // this renewal closes (carried over from an earlier plan when the subscription began, or bought
      // apart from it) stay paid: they come after Telegram's new period end.
      if (c.periodEnd && next.type === grant.tier && next.expires && c.periodEnd.getTime() > now.getTime()) {
        const periodClosed = recurring?.provider === c.provider ? recurring.renews_at : null;
        const carriedMs =
          periodClosed && effectiveTier(user.subscription_type, user.subscription_expires, now) === grant.tier
            ? Math.max(0, user.subscription_expires!.getTime() - periodClosed.getTime())
            : 0;
        next = { type: next.type, expires: new Date(c.periodEnd.getTime() + carriedMs) };
      }
      // A live Stars subscription is renewed by Telegram whatever this payment was: while it is not
      // cancelled, renewal stays on so every screen says a charge is coming (and offers to cancel it).
      const liveStars = !c.autoRenew && user.subscription_auto_renew && recurring;
      const autoRenew = grant.tier !== 'week' && (c.autoRenew || (!!liveStars && liveStars.active && liveStars.provider === 'stars'));
      await usersRepo.setSubscription(trx, user.id, next.type, next.expires, autoRenew);
      // A plan bought (or upgraded to) takes effect at once with its full allowance for today.
      if (effectiveTier(user.subscription_type, user.subscription_expires, now) !== next.type)
        await usageRepo.restartSpreads(trx, user.id, userDay(user, now).day);
      granted = {
        kind: 'plan',
        tier: next.type,
        expires: next.expires?.toISOString() ?? null,
        addedMs: next.expires
          ? Math.max(
              0,
              next.expires.getTime() -
                (effectiveTier(user.subscription_type, user.subscription_expires, now) === next.type ? previousEnd : now.getTime()),
            )
          : 0,
        previous: {
          type: user.subscription_type,
          expires: user.subscription_expires?.toISOString() ?? null,
          autoRenew: user.subscription_auto_renew,
        },
        autoRenew,
      };
      if (c.recurringReference && autoRenew)
        await paymentsRepo.upsertRecurring(
          trx,
          {
            userId: user.id,
            provider: c.provider,
            // The plan this renews (its period and price): the order's, else the plan of the tier granted.
            plan: storedPlan(c.order.plan, next.type),
            reference: c.recurringReference,
            ...renewalCharge(c, next, now, pricing),
          },
          now,
        );
    }
    await paymentsRepo.setPaymentGranted(trx, payment.id, granted);
    await paymentsRepo.setOrderStatus(trx, c.order.id, 'succeeded');
    await usersRepo.setLastPaid(trx, user.id, now);
    if (onApplied) await onApplied(trx, granted);
    return { applied: true, payment: { ...payment, granted }, order: c.order, granted };
  });
}

/**
 * What the next renewal charges and when, fixed now: a Stars subscription renews at the price it was paid
 * at, every period from this payment (or on the date a renewal states); a saved card is charged the plan's price of today at the plan's end.
 */
function renewalCharge(c: ConfirmedPayment, next: { type: Tier; expires: Date | null }, now: Date, pricing: PricingTable) {
  if (c.provider === 'stars') {
    // Telegram's own date when the payment carries it (a renewal), else one period from now.
    const renewsAt =
      c.periodEnd && c.periodEnd.getTime() > now.getTime() ? c.periodEnd : new Date(now.getTime() + STARS_SUBSCRIPTION_PERIOD_S * 1000);
    return { amountMinor: c.amountMinor, currency: 'XTR', renewsAt };
  }
  const plan = storedPlan(c.order.plan, next.type);
  return { amountMinor: Math.round(pricing.pricesRub[plan] * 100), currency: 'RUB', renewsAt: next.expires };
}

/** Records a payment that must grant nothing (it matched no order of ours); once per provider id. */
export async function recordUngrantedPayment(
  db: Db,
  p: {
    provider: PaymentProvider;
    providerPaymentId: string;
    userId: number;
    amountMinor: number;
    currency: string;
    reason: string;
    details?: Record<string, unknown>;
    timeZone: string;
  },
): Promise<Payment | undefined> {
  return db.transaction().execute(async (trx) => {
    await usersRepo.ensureUser(trx, p.userId, p.timeZone);
    const payment = await paymentsRepo.insertPaymentOnce(trx, {
      provider: p.provider,
      providerPaymentId: p.providerPaymentId,
      orderId: null,
      userId: p.userId,
      product: 'unknown',
      amountMinor: p.amountMinor,
      currency: p.currency,
      details: p.details ?? null,
    });
    if (payment) await paymentsRepo.setPaymentGranted(trx, payment.id, { kind: 'none', reason: p.reason });
    return payment;
  });
}

/**
 * Takes back what a refunded payment granted, once: the micro pack is revoked; a plan loses the time this
 * payment added (and a tier change returns to the previous plan if it is still running).
 */
export async function revokePayment(db: Db, paymentId: number, now: Date): Promise<{ revoked: boolean; payment?: Payment }> {
  return db.transaction().execute(async (trx) => {
    const payment = await paymentsRepo.markRefunded(trx, paymentId);
    if (!payment) return { revoked: false };
    const g = payment.granted as Granted;
    if (g.kind === 'micro') {
      await microRepo.revokeMicro(trx, g.microPurchaseId, now);
    } else if (g.kind === 'plan') {
      const user = await usersRepo.lockUser(trx, payment.user_id);
      if (user && user.subscription_type === g.tier) {
        const prevExpires = g.previous.expires ? new Date(g.previous.expires) : null;
        const prevRunning = g.previous.type !== 'free' && (prevExpires === null || prevExpires > now);
        if (g.previous.type !== g.tier && prevRunning) {
          await usersRepo.setSubscription(trx, user.id, g.previous.type, prevExpires, false);
        } else if (user.subscription_expires) {
          const end = new Date(user.subscription_expires.getTime() - g.addedMs);
          if (end.getTime() <= now.getTime()) await usersRepo.setSubscription(trx, user.id, 'free', null, false);
          else await usersRepo.setSubscription(trx, user.id, user.subscription_type, end, false);
        }
      }
      await paymentsRepo.cancelRecurring(trx, payment.user_id, now);
    }
    return { revoked: true, payment };
  });
}
