// Payment orders (our intents), the payments ledger and recurring billing: plain functions over `db | trx`.
import { sql } from 'kysely';
import type { Payment, PaymentOrder, PaymentProvider, OrderStatus } from '../schema';
import type { PlanId } from '../../domain/commerce/catalogue';
import type { Queryable } from '../connection';

export interface NewOrder {
  id: string;
  userId: number;
  provider: PaymentProvider;
  product: string;
  plan: PlanId | 'week' | null;
  days: number | null;
  amountMinor: number;
  currency: string;
  readingId: number | null;
  recurring: boolean;
  autopayConsent: boolean;
  idempotenceKey: string;
  context: Record<string, unknown> | null;
}

/** Inserts an order; returns undefined when its idempotence key is taken (someone else made it). */
export async function insertOrder(db: Queryable, o: NewOrder): Promise<PaymentOrder | undefined> {
  return db
    .insertInto('payment_orders')
    .values({
      id: o.id,
      user_id: o.userId,
      provider: o.provider,
      product: o.product,
      plan: o.plan,
      days: o.days,
      amount_minor: o.amountMinor,
      currency: o.currency,
      reading_id: o.readingId,
      recurring: o.recurring,
      autopay_consent: o.autopayConsent,
      idempotence_key: o.idempotenceKey,
      context: o.context ? JSON.stringify(o.context) : null,
    })
    .onConflict((oc) => oc.column('idempotence_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findOrder(db: Queryable, id: string): Promise<PaymentOrder | undefined> {
  return db.selectFrom('payment_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOrderByProviderId(
  db: Queryable,
  provider: PaymentProvider,
  providerPaymentId: string,
): Promise<PaymentOrder | undefined> {
  return db
    .selectFrom('payment_orders')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();
}

export async function setOrderProviderId(db: Queryable, id: string, providerPaymentId: string): Promise<void> {
  await db
    .updateTable('payment_orders')
    .set({ provider_payment_id: providerPaymentId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Moves a pending order on; a finished order keeps its status (notifications arrive in any order). */
export async function setOrderStatus(db: Queryable, id: string, status: OrderStatus): Promise<void> {
  await db
    .updateTable('payment_orders')
    .set({ status, updated_at: sql`now()` })
    .where('id', '=', id)
    .where((eb) => (status === 'succeeded' ? eb('status', '!=', 'succeeded') : eb('status', '=', 'pending')))
    .execute();
}

/** True when the user ever paid for a trial (one trial per user). */
export async function hasPaidTrial(db: Queryable, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('user_id', '=', userId)
    .where('product', '=', 'trial')
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** True when another payment of the user already granted a trial. */
export async function hasGrantedTrial(db: Queryable, userId: number, exceptPaymentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('user_id', '=', userId)
    .where('product', '=', 'trial')
    .where('id', '!=', exceptPaymentId)
    .where(sql<boolean>`granted->>'kind' = 'plan'`)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export interface NewPayment {
  provider: PaymentProvider;
  providerPaymentId: string;
  orderId: string | null;
  userId: number;
  product: string;
  amountMinor: number;
  currency: string;
  details: Record<string, unknown> | null;
}

/**
 * Records a confirmed payment once: the unique (provider, provider_payment_id) key makes a redelivered
 * notification insert nothing (undefined), so the caller grants nothing more.
 */
export async function insertPaymentOnce(db: Queryable, p: NewPayment): Promise<Payment | undefined> {
  return db
    .insertInto('payments')
    .values({
      provider: p.provider,
      provider_payment_id: p.providerPaymentId,
      order_id: p.orderId,
      user_id: p.userId,
      product: p.product,
      amount_minor: p.amountMinor,
      currency: p.currency,
      details: p.details ? JSON.stringify(p.details) : null,
    })
    .onConflict((oc) => oc.columns(['provider', 'provider_payment_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function setPaymentGranted(db: Queryable, id: number, granted: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('payments')
    .set({ granted: JSON.stringify(granted) })
    .where('id', '=', id)
    .execute();
}

export async function findPayment(db: Queryable, provider: PaymentProvider, providerPaymentId: string): Promise<Payment | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();
}

export async function findPaymentById(db: Queryable, id: number): Promise<Payment | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks the payment row and marks it refunded; undefined when it was refunded already. */
export async function markRefunded(db: Queryable, id: number): Promise<Payment | undefined> {
  return db
    .updateTable('payments')
    .set({ status: 'refunded', refunded_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'succeeded')
    .returningAll()
    .executeTakeFirst();
}

/** Payments that granted nothing and still hold the user's money (a refund that failed), oldest first. */
export async function listUnrefundedUngranted(db: Queryable, provider: PaymentProvider, limit = 50): Promise<Payment[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('status', '=', 'succeeded')
    .where(sql<boolean>`granted->>'kind' = 'none'`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function listUserPayments(db: Queryable, userId: number, limit = 20): Promise<Payment[]> {
  return db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
}

/** Succeeded payments since `since` (social proof counts real purchases). */
export async function countPaymentsSince(db: Queryable, since: Date): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('created_at', '>=', since)
    .where('status', '=', 'succeeded')
    .executeTakeFirstOrThrow();
  return row.n;
}

export interface RecurringBilling {
  userId: number;
  provider: PaymentProvider;
  plan: PlanId;
  reference: string;
  /** What the next renewal charges (fixed at consent) and when. */
  amountMinor: number;
  currency: string;
  renewsAt: Date | null;
}

/** The user's recurring billing (one per user: the latest consent wins). */
export async function upsertRecurring(db: Queryable, r: RecurringBilling, now: Date): Promise<void> {
  await db
    .insertInto('recurring_billing')
    .values({
      user_id: r.userId,
      provider: r.provider,
      plan: r.plan,
      reference: r.reference,
      amount_minor: r.amountMinor,
      currency: r.currency,
      renews_at: r.renewsAt,
      active: true,
      consent_at: now,
      canceled_at: null,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        provider: r.provider,
        plan: r.plan,
        reference: r.reference,
        amount_minor: r.amountMinor,
        currency: r.currency,
        renews_at: r.renewsAt,
        active: true,
        consent_at: now,
        canceled_at: null,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

export async function findRecurring(db: Queryable, userId: number) {
  return db.selectFrom('recurring_billing').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function cancelRecurring(db: Queryable, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('recurring_billing')
    .set({ active: false, canceled_at: now, updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .execute();
}

/** Renewal on again (a Stars subscription re-enabled in Telegram): the same terms as before. */
export async function reactivateRecurring(db: Queryable, userId: number): Promise<void> {
  await db
    .updateTable('recurring_billing')
    .set({ active: true, canceled_at: null, updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .execute();
}

/** YooKassa autopay due: an active saved method, renewal on, the plan ending before `until`. */
export async function listDueYooKassaRenewals(db: Queryable, until: Date, notBefore: Date, limit = 100) {
  return db
    .selectFrom('recurring_billing as rb')
    .innerJoin('users as u', 'u.id', 'rb.user_id')
    .select(['rb.user_id', 'rb.plan', 'rb.reference', 'rb.amount_minor', 'rb.currency', 'u.subscription_type', 'u.subscription_expires'])
    .where('rb.provider', '=', 'yookassa')
    .where('rb.active', '=', true)
    .where('u.subscription_auto_renew', '=', true)
    .where('u.subscription_expires', 'is not', null)
    .where('u.subscription_expires', '<=', until)
    .where('u.subscription_expires', '>', notBefore)
    .limit(limit)
    .execute();
}

/**
 * Renewals charged between `from` and `to` (the push a day before): renewal on, billing active, the plan
 * still running at the charge.
 */
export async function listRenewalsBetween(db: Queryable, from: Date, to: Date, limit = 500) {
  return db
    .selectFrom('recurring_billing as rb')
    .innerJoin('users as u', 'u.id', 'rb.user_id')
    .select(['rb.user_id', 'rb.provider', 'rb.plan', 'rb.amount_minor', 'rb.currency', 'rb.renews_at', 'u.time_zone'])
    .where('rb.active', '=', true)
    .where('u.subscription_auto_renew', '=', true)
    .where('u.bot_reachable', '=', true)
    .where('rb.renews_at', '>', from)
    .where('rb.renews_at', '<=', to)
    .limit(limit)
    .execute();
}
