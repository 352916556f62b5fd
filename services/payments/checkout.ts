// Checkout: an order (our intent, with its price decided here) handed to a provider — a Stars invoice link,
// a YooKassa payment, or the mock, which confirms at once. Creating an order grants nothing.
import crypto from 'node:crypto';
import * as microRepo from '../../db/repositories/micro';
import * as paymentsRepo from '../../db/repositories/payments';
import type { PaymentOrder } from '../../db/schema';
import { chooseMicroVariant, microPriceRub, purchaseVerdict, starsPrice, trialAllowed } from '../../domain/commerce/pricing';
import {
  isPlanId,
  isStarsSubscription,
  planInfo,
  PRODUCT_INFO,
  TRIAL_DAYS,
  type PlanId,
  type ProductId,
} from '../../domain/commerce/catalogue';
import { everyPeriod, productDescription, trialName } from '../../domain/commerce/claims';
import { pluralRu } from '../../domain/text/plural';
import { chargeText } from '../../domain/commerce/renewal';
import { erasedBeforeOf } from '../erased-limits';
import { ServiceError } from '../errors';
import { takeUserLimit } from '../user-limits';
import type { UserStatus } from '../users';
import type { Confirm } from './confirm';
import { checkUserIdField, TITLES, type PaymentContext } from './context';
import { ownedReading } from './micro';
import type { Checkout, CheckoutMode, PaymentProviderAdapter } from './types';

const promoActive = (offer: { expires_at: Date } | undefined, now: Date) => !!offer && offer.expires_at.getTime() > now.getTime();

/**
 * The invoice's last sentence about a plan: whether it renews, at what price and how often (its own period).
 * The price is the one the renewal will charge (fixed now: this invoice's Stars, or the plan's roubles today).
 */
function invoiceRenewalLine(order: PaymentOrder, plan: PlanId, renews: boolean, planRub: number): string {
  const period = planInfo(plan).days;
  const days = order.days ?? period;
  if (!renews) return `Разовая оплата на ${days} ${pluralRu(days, 'день', 'дня', 'дней')}, без автопродления.`;
  const price = order.currency === 'XTR' ? chargeText(order.amount_minor, 'XTR') : chargeText(planRub, 'RUB');
  return order.product === 'trial'
    ? `Затем продление ${everyPeriod(period)} за ${price}, отмена в любой момент.`
    : `Продлевается ${everyPeriod(period)} за ${price}, отмена в любой момент.`;
}

/** The invoice's title and description: the trial's name and contents are those of the plan the order names. */
export function invoiceText(order: PaymentOrder, renews: boolean, pricesRub: Record<ProductId, number>) {
  const product = order.product as ProductId;
  const plan = isPlanId(order.plan) ? order.plan : null;
  const text = product === 'trial' && plan ? { title: trialName(plan), description: productDescription('trial', plan) } : TITLES[product];
  return {
    title: text.title,
    description: plan ? `${text.description} ${invoiceRenewalLine(order, plan, renews, pricesRub[plan])}` : text.description,
  };
}

export function createCheckouts(ctx: PaymentContext, confirm: Confirm) {
  const deps = ctx.deps;

  async function createOrder(
    userId: number,
    o: {
      adapter: PaymentProviderAdapter;
      product: ProductId;
      plan: PlanId | 'week' | null;
      days: number | null;
      rub: number;
      stars: number;
      readingId: number | null;
      recurring: boolean;
      autopayConsent: boolean;
      context: Record<string, unknown> | null;
      idempotenceKey?: string;
    },
  ): Promise<PaymentOrder> {
    // Each order becomes a provider call (a Bot API invoice link, a YooKassa payment): bounded per user.
    await takeUserLimit(deps.db, userId, 'checkout', deps.clock());
    const id = crypto.randomUUID();
    const xtr = o.adapter.currency === 'XTR';
    const order = await paymentsRepo.insertOrder(deps.db, {
      id,
      userId,
      provider: o.adapter.name,
      product: o.product,
      plan: o.plan,
      days: o.days,
      amountMinor: xtr ? o.stars : Math.round(o.rub * 100),
      currency: xtr ? 'XTR' : 'RUB',
      readingId: o.readingId,
      recurring: o.recurring,
      autopayConsent: o.autopayConsent,
      idempotenceKey: o.idempotenceKey ?? id,
      context: o.context,
    });
    if (!order) throw new ServiceError('conflict', 'Этот платёж уже создаётся');
    return order;
  }

  /** Adds the order id to a return URL, so the screen can ask the server to re-check that payment. */
  function withOrderId(returnUrl: string | undefined, orderId: string): string | undefined {
    if (!returnUrl) return undefined;
    try {
      const u = new URL(returnUrl);
      u.searchParams.set('orderId', orderId);
      return u.toString();
    } catch {
      return returnUrl;
    }
  }

  async function checkout(
    order: PaymentOrder,
    adapter: PaymentProviderAdapter,
    o: { mode: CheckoutMode; returnUrl?: string; subscription: boolean; savePaymentMethod: boolean },
  ): Promise<Checkout & { userStatus?: UserStatus; applied?: boolean }> {
    const { title, description } = invoiceText(order, o.subscription || o.savePaymentMethod, ctx.pricing.pricesRub);
    let result: Omit<Checkout, 'orderId' | 'provider'>;
    try {
      result = await adapter.createCheckout({
        order,
        title,
        description,
        mode: o.mode,
        returnUrl: withOrderId(o.returnUrl, order.id),
        subscription: o.subscription,
        savePaymentMethod: o.savePaymentMethod,
      });
    } catch (err) {
      await paymentsRepo.setOrderStatus(deps.db, order.id, 'canceled');
      throw err;
    }
    if (result.paymentId) await paymentsRepo.setOrderProviderId(deps.db, order.id, result.paymentId);
    const base = { ...result, orderId: order.id, provider: adapter.name };
    if (adapter.name !== 'mock') return base;
    // Mock: confirmed at once, through the same idempotent path as a real payment.
    const applied = await confirm({
      provider: 'mock',
      providerPaymentId: order.id,
      order,
      amountMinor: order.amount_minor,
      currency: order.currency,
      autoRenew: order.recurring || order.autopay_consent,
      recurringReference: order.recurring || order.autopay_consent ? `mock:${order.id}` : undefined,
    });
    return { ...base, mock: true, applied: applied.applied, userStatus: (await ctx.users.status(order.user_id)).status };
  }

  async function microReading(userId: number, readingId: number | undefined) {
    if (readingId === undefined) return null;
    const r = await ownedReading(deps.db, userId, readingId);
    return r.id;
  }

  const checkouts = {
    /** POST /api/payments/create-one-time: the micro pack or the week pass. */
    async createOneTime(
      userId: number,
      input: {
        product: 'micro' | 'week';
        mode: CheckoutMode;
        returnUrl?: string;
        readingId?: number;
        context?: Record<string, unknown> | null;
        provider?: 'stars' | 'yookassa';
      },
    ) {
      const { tier, now } = await ctx.loadUser(userId);
      const verdict = purchaseVerdict(tier, input.product);
      if (!verdict.ok) throw new ServiceError('conflict', verdict.message, { code: 'not_needed' });
      const adapter = ctx.pickProvider(input.provider);
      let rub: number;
      let stars: number;
      let readingId: number | null = null;
      if (input.product === 'micro') {
        readingId = await microReading(userId, input.readingId);
        if (readingId !== null) {
          const existing = (await microRepo.listUsableMicro(deps.db, userId, readingId)).filter((p) => p.reading_id === readingId);
          if (existing.length) return { alreadyPurchased: true, mock: false, provider: adapter.name, readingId };
        }
        const offer = await microRepo.findMicroOffer(deps.db, userId);
        rub = microPriceRub(ctx.pricing, chooseMicroVariant(userId), promoActive(offer, now));
        stars = starsPrice(ctx.pricing, 'micro', rub);
      } else {
        rub = ctx.pricing.pricesRub.week;
        stars = starsPrice(ctx.pricing, 'week');
      }
      const order = await createOrder(userId, {
        adapter,
        product: input.product,
        plan: input.product === 'week' ? 'week' : null,
        days: PRODUCT_INFO[input.product].days,
        rub,
        stars,
        readingId,
        recurring: false,
        autopayConsent: false,
        context: input.context ?? null,
      });
      return {
        ...(await checkout(order, adapter, {
          mode: input.mode,
          returnUrl: input.returnUrl,
          subscription: false,
          savePaymentMethod: false,
        })),
        readingId,
      };
    },

    /**
     * POST /api/payments/create: a plan. With autopay consent it renews as its renewal kind says (Stars: a
     * Stars subscription when the plan is one, else a one-off invoice; YooKassa: the card is kept); without
     * it, it is one purchase of the plan's period that does not renew.
     */
    async createSubscription(
      userId: number,
      input: {
        type: PlanId | 'week';
        userId?: unknown;
        mode: CheckoutMode;
        returnUrl?: string;
        provider?: 'stars' | 'yookassa';
        autopayConsent: boolean;
      },
    ) {
      checkUserIdField(userId, input.userId);
      if (input.type === 'week')
        return checkouts.createOneTime(userId, { product: 'week', mode: input.mode, returnUrl: input.returnUrl, provider: input.provider });
      const { tier } = await ctx.loadUser(userId);
      const verdict = purchaseVerdict(tier, input.type);
      if (!verdict.ok) throw new ServiceError('conflict', verdict.message, { code: 'not_needed' });
      const adapter = ctx.pickProvider(input.provider);
      const recurring = adapter.name === 'stars' && input.autopayConsent && isStarsSubscription(input.type);
      const order = await createOrder(userId, {
        adapter,
        product: input.type,
        plan: input.type,
        days: planInfo(input.type).days,
        rub: ctx.pricing.pricesRub[input.type],
        stars: starsPrice(ctx.pricing, input.type),
        readingId: null,
        recurring,
        autopayConsent: input.autopayConsent,
        context: null,
      });
      return checkout(order, adapter, {
        mode: input.mode,
        returnUrl: input.returnUrl,
        subscription: recurring,
        savePaymentMethod: adapter.name === 'yookassa' && input.autopayConsent && PRODUCT_INFO[input.type].renewal !== 'none',
      });
    },

    /**
     * POST /api/payments/create-initial: the payment widget. The trial is the user's own choice (`trialDays`
     * > 0, with autopay consent: its price for 7 days, the card kept for renewals), refused when it is not
     * sold to them; otherwise the plan's full price is paid, renewing only with consent. With Stars and consent the plan is a Stars subscription (Telegram renews
     * it); without consent a one-off 30-day invoice that does not renew.
     */
    async createInitial(
      userId: number,
      input: {
        userId?: unknown;
        amount?: number;
        planId: PlanId;
        mode: CheckoutMode;
        returnUrl?: string;
        autopayConsent: boolean;
        trialDays?: number;
        provider?: 'stars' | 'yookassa';
      },
    ) {
      checkUserIdField(userId, input.userId);
      const { tier } = await ctx.loadUser(userId);
      const adapter = ctx.pickProvider(input.provider);
      const planVerdict = purchaseVerdict(tier, input.planId);
      if (!planVerdict.ok) throw new ServiceError('conflict', planVerdict.message, { code: 'not_needed' });
      // The trial is the user's explicit choice (trialDays > 0), never a swap made because autopay was ticked:
      // asked for and not sold, it is refused, never charged at the plan's price instead (nor the reverse).
      const trialAsked = (input.trialDays ?? 0) > 0;
      if (trialAsked && adapter.name === 'stars')
        throw new ServiceError('conflict', 'Пробный период оплачивается только картой', { code: 'trial_unavailable' });
      if (trialAsked && !input.autopayConsent)
        throw new ServiceError('bad_input', 'autopayConsent: пробный период оформляется только с согласием на автопродление');
      const trialOk =
        trialAsked &&
        trialAllowed(tier, input.planId) &&
        !(await paymentsRepo.hasPaidTrial(deps.db, userId)) &&
        // A user who erased their data and came back had the trial already (a hashed marker remembers).
        !(await erasedBeforeOf(deps, userId)).trialUsed;
      if (trialAsked && !trialOk)
        throw new ServiceError('conflict', 'Пробный период недоступен: вы уже пользовались им или тариф выше уже действует', {
          code: 'trial_unavailable',
        });
      const rub = trialOk ? ctx.pricing.pricesRub.trial : ctx.pricing.pricesRub[input.planId];
      if (input.amount !== undefined && adapter.name !== 'stars' && Math.abs(input.amount - rub) > 0.001)
        throw new ServiceError('conflict', `amount: цена изменилась, к оплате ${rub} ₽ — обновите страницу`, { amount: rub });
      // Only the user's consent makes a Stars plan a subscription, and only a plan sold as one.
      const recurring = adapter.name === 'stars' && input.autopayConsent && isStarsSubscription(input.planId);
      const order = await createOrder(userId, {
        adapter,
        product: trialOk ? 'trial' : input.planId,
        plan: input.planId,
        days: trialOk ? TRIAL_DAYS : planInfo(input.planId).days,
        rub,
        stars: starsPrice(ctx.pricing, input.planId),
        readingId: null,
        recurring,
        autopayConsent: input.autopayConsent,
        context: { trial: trialOk, trialDays: trialOk ? TRIAL_DAYS : 0 },
      });
      const result = await checkout(order, adapter, {
        mode: input.mode,
        returnUrl: input.returnUrl,
        subscription: recurring,
        savePaymentMethod: adapter.name === 'yookassa' && input.autopayConsent,
      });
      return { ...result, trial: trialOk, amount: rub, currency: 'RUB' };
    },
  };
  return checkouts;
}
