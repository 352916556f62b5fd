// Payments and entitlements: orders are created here and handed to a provider (Stars, YooKassa or mock);
// access is granted only when the provider confirms (the bot's successful_payment, a YooKassa payment read
// back from its API, or the mock at once), through one idempotent transaction (entitlements.ts).
import crypto from 'node:crypto';
import * as microRepo from '../../db/repositories/micro';
import * as paymentsRepo from '../../db/repositories/payments';
import * as readingsRepo from '../../db/repositories/readings';
import type { Db } from '../../db/connection';
import type { PaymentOrder, PaymentProvider } from '../../db/schema';
import { COPY, SOCIAL_PROOF_DEFAULTS } from '../../domain/marketing';
import {
  OFFER_COUNTDOWN_MS,
  MICRO_PROMO_COOLDOWN_MS,
  PLAN_DAYS,
  TRIAL_DAYS,
  WEEK_DAYS,
  chooseMicroVariant,
  chooseTone,
  convertRub,
  currencyForLanguage,
  microPriceRub,
  planCards,
  purchaseVerdict,
  resolvePricing,
  rubAmountString,
  starsPrice,
  tierRank,
  weekUpsell,
  type PlanId,
  type ProductId,
} from '../../domain/pricing';
import { effectiveTier } from '../../domain/tiers';
import { localDate, zonedTimeToUtc } from '../../domain/time';
import type { ServiceDeps } from '../deps';
import { ServiceError } from '../errors';
import type { UserService } from '../users';
import { applyConfirmedPayment, recordUngrantedPayment, revokePayment, type AppliedPayment, type ConfirmedPayment, type Granted } from './entitlements';
import { entitlementsOf, ownedReading, revealMicro, type MicroAdviceWriter } from './micro';
import { createMicroAdviceWriter } from './micro-advice';
import { createMockProvider } from './mock';
import { createStarsProvider } from './stars';
import type { Checkout, CheckoutMode, PaymentProviderAdapter } from './types';
import { orderMetadata, createYooKassaProvider } from './yookassa';
import { createYooKassaClient, yooUnavailable, YooKassaError, type YooPayment } from './yookassa-client';

/** The bot's message for a confirmed payment (services/notifications.ts paymentConfirmed). */
export interface PaymentNotifier {
  paymentConfirmed(userId: number, p: { product: string; until?: Date | null; paymentId?: string }, trx?: Db): Promise<boolean>;
}

const TITLES: Record<ProductId, { title: string; description: string }> = {
  micro: { title: 'Микро-пакет', description: 'Две дополнительные карты и персональный совет к вашему раскладу.' },
  week: { title: 'Неделя безлимита', description: 'Безлимитные базовые расклады и расширенные толкования на 7 дней. Разовая оплата, без автосписания.' },
  basic_299: { title: 'Basic Premium', description: 'До 5 раскладов в день, безлимитные карты дня и полные толкования на 30 дней.' },
  vip_499: { title: 'VIP Premium', description: 'Безлимитные расклады всех типов, прогноз на год и архив гаданий на 30 дней.' },
  trial: { title: 'Пробная неделя', description: 'Пробный период, затем продление по цене тарифа каждые 30 дней. Отмена в любой момент.' },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type YooVerifyOutcome = 'applied' | 'duplicate' | 'pending' | 'canceled' | 'mismatch' | 'unknown';

export function createPaymentService(deps: ServiceDeps, users: UserService, notifier?: PaymentNotifier) {
  const cfg = deps.payments ?? { provider: deps.mockPayments ? 'mock' : 'stars' };
  const mockMode = cfg.provider === 'mock';
  const pricing = resolvePricing(cfg.pricing);
  const yoo = cfg.yookassa ? createYooKassaClient(cfg.yookassa, cfg.fetch) : undefined;
  const adapters: Record<PaymentProvider, PaymentProviderAdapter> = {
    stars: createStarsProvider(cfg.starsApi),
    yookassa: createYooKassaProvider(yoo),
    mock: createMockProvider(),
  };
  // The tip is written by the AI provider when one is configured; the card-built tip otherwise.
  let adviceWriter: MicroAdviceWriter | undefined = createMicroAdviceWriter(deps.ai);
  const microDeps = { db: deps.db, clock: deps.clock, randomInt: deps.randomInt };

  /** Providers a client may ask for: mock alone in local mode; otherwise Stars (with a bot) and YooKassa (configured). */
  function availableProviders(): PaymentProvider[] {
    if (mockMode) return ['mock'];
    const list: PaymentProvider[] = [];
    if (cfg.starsApi) list.push('stars');
    if (yoo) list.push('yookassa');
    return list.sort((a, b) => (a === cfg.provider ? -1 : b === cfg.provider ? 1 : 0));
  }

  function pickProvider(requested?: 'stars' | 'yookassa'): PaymentProviderAdapter {
    if (mockMode) return adapters.mock;
    const name = requested ?? cfg.provider;
    if (!availableProviders().includes(name))
      throw new ServiceError('unavailable', name === 'stars' ? 'Оплата звёздами сейчас недоступна' : 'Оплата картой сейчас недоступна', { provider: name });
    return adapters[name];
  }

  async function loadUser(userId: number) {
    const user = await users.requireUser(userId);
    const now = deps.clock();
    return { user, now, tier: effectiveTier(user.subscription_type, user.subscription_expires, now) };
  }

  // ---------------------------------------------------------------------------------------------------
  // Prices as a user sees them

  async function microOfferRow(userId: number) {
    return microRepo.findMicroOffer(deps.db, userId);
  }

  const hasMicroDiscount = (variant: 'A' | 'B') => pricing.microPriceVariants[variant] < pricing.pricesRub.micro;

  function promoActive(offer: { expires_at: Date } | undefined, now: Date) {
    return !!offer && offer.expires_at.getTime() > now.getTime();
  }

  async function pricingFor(userId: number) {
    const { user, now, tier } = await loadUser(userId);
    const currency = currencyForLanguage(user.language_code);
    const show = (rub: number) => convertRub(rub, currency, pricing.currencyRates);
    const variant = chooseMicroVariant(userId);
    const tone = chooseTone(userId);
    const offer = await microOfferRow(userId);
    const active = hasMicroDiscount(variant) && promoActive(offer, now);
    const microRub = microPriceRub(pricing, variant, active);
    const p = pricing.pricesRub;
    return {
      currency,
      week: { price: show(p.week), priceRub: p.week, stars: starsPrice(pricing, 'week'), days: WEEK_DAYS },
      month_basic: { price: show(p.basic_299), priceRub: p.basic_299, stars: starsPrice(pricing, 'basic_299'), days: PLAN_DAYS },
      month_vip: { price: show(p.vip_499), priceRub: p.vip_499, stars: starsPrice(pricing, 'vip_499'), days: PLAN_DAYS },
      micro: {
        price: show(microRub),
        priceRub: microRub,
        regularPrice: show(p.micro),
        stars: starsPrice(pricing, 'micro', microRub),
        promoActive: active,
        expiresAt: offer?.expires_at.toISOString() ?? null,
      },
      // The trial needs a card kept for renewal (YooKassa); Stars plans renew as Stars subscriptions instead.
      trial: { price: show(p.trial), priceRub: p.trial, days: TRIAL_DAYS, available: purchaseVerdict(tier, 'trial').ok && !(await paymentsRepo.hasPaidTrial(deps.db, userId)) },
      plans: planCards({ basic_299: show(p.basic_299), vip_499: show(p.vip_499) }),
      user: { tone, price_variant: variant, variant },
      abTone: tone,
      abMicroVariant: variant,
      copy: COPY[tone],
      subscriptionType: tier,
      providers: { default: availableProviders()[0] ?? cfg.provider, available: availableProviders() },
    };
  }

  // ---------------------------------------------------------------------------------------------------
  // Orders and checkouts

  async function createOrder(
    userId: number,
    o: {
      adapter: PaymentProviderAdapter;
      product: ProductId;
      plan: PlanId | 'week_7d' | null;
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
  ): Promise<Checkout & { userStatus?: unknown; applied?: boolean }> {
    const text = TITLES[order.product as ProductId];
    let result: Omit<Checkout, 'orderId' | 'provider'>;
    try {
      result = await adapter.createCheckout({ order, title: text.title, description: text.description, mode: o.mode, returnUrl: withOrderId(o.returnUrl, order.id), subscription: o.subscription, savePaymentMethod: o.savePaymentMethod });
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
    return { ...base, mock: true, applied: applied.applied, userStatus: (await users.status(order.user_id)).status };
  }

  /** Applies a confirmed payment; the bot's message is queued in the same transaction (deduplicated by id). */
  async function confirm(c: ConfirmedPayment): Promise<AppliedPayment> {
    const message = notifier
      ? (trx: Db, g: Granted) =>
          notifier
            .paymentConfirmed(
              c.order.user_id,
              {
                product: g.kind === 'plan' ? g.tier : c.order.product,
                until: g.kind === 'plan' && g.expires ? new Date(g.expires) : null,
                paymentId: `${c.provider}:${c.providerPaymentId}`,
              },
              trx,
            )
            .then(() => undefined)
      : undefined;
    return applyConfirmedPayment(deps.db, c, deps.clock(), pricing, message);
  }

  function checkUserIdField(callerId: number, given: unknown) {
    if (given === undefined || given === null || given === '') return;
    if (String(given) !== String(callerId)) throw new ServiceError('forbidden', 'userId: оплатить можно только за себя');
  }

  async function microReading(userId: number, readingId: number | undefined) {
    if (readingId === undefined) return null;
    const r = await ownedReading(deps.db, userId, readingId);
    return r.id;
  }

  // ---------------------------------------------------------------------------------------------------
  // YooKassa confirmation: never the notification's body, always the payment read back from the API

  async function verifyYooKassaPayment(paymentId: string, expectUserId?: number): Promise<{ outcome: YooVerifyOutcome; order?: PaymentOrder; payment?: YooPayment }> {
    if (!yoo) throw yooUnavailable();
    let payment: YooPayment;
    try {
      payment = await yoo.getPayment(paymentId);
    } catch (err) {
      if (err instanceof YooKassaError && (err.status === 404 || err.status === 400)) return { outcome: 'unknown' };
      throw yooUnavailable();
    }
    const meta = (payment.metadata ?? {}) as Record<string, unknown>;
    let order = await paymentsRepo.findOrderByProviderId(deps.db, 'yookassa', payment.id);
    if (!order && typeof meta.orderId === 'string' && UUID.test(meta.orderId)) order = await paymentsRepo.findOrder(deps.db, meta.orderId);
    if (!order || order.provider !== 'yookassa' || (order.provider_payment_id && order.provider_payment_id !== payment.id)) return { outcome: 'unknown', payment };
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

  // ---------------------------------------------------------------------------------------------------

  const service = {
    availableProviders,
    pricingTable: () => pricing,

    /** A hook for the AI tip of the micro pack (the fallback is used without it). */
    setAdviceWriter(writer: MicroAdviceWriter | undefined) {
      adviceWriter = writer;
    },

    /** GET /api/config/pricing */
    pricing: pricingFor,

    /** GET /api/offer/micro/state: the variants and the promo in force, without starting one. */
    async microOfferState(userId: number) {
      const { user, now } = await loadUser(userId);
      const offer = await microOfferRow(userId);
      const variant = chooseMicroVariant(userId);
      // A promo is only a promo when its price is lower than the regular one (no countdown on an equal price).
      const active = hasMicroDiscount(variant) && promoActive(offer, now);
      const currency = currencyForLanguage(user.language_code);
      return {
        hasPromo: hasMicroDiscount(variant),
        abMicroVariant: variant,
        abTone: chooseTone(userId),
        promoActive: active,
        expiresAt: offer?.expires_at.toISOString() ?? null,
        price: convertRub(microPriceRub(pricing, variant, active), currency, pricing.currencyRates),
        currency,
      };
    },

    /** GET /api/offers/micro: shows the offer, starting the 15-minute promo on first sight. */
    async microOffer(userId: number) {
      const { user, now } = await loadUser(userId);
      const offer = await microRepo.startMicroOffer(deps.db, userId, now, OFFER_COUNTDOWN_MS, MICRO_PROMO_COOLDOWN_MS);
      const variant = chooseMicroVariant(userId);
      const active = hasMicroDiscount(variant) && promoActive(offer, now);
      const currency = currencyForLanguage(user.language_code);
      const microRub = microPriceRub(pricing, variant, active);
      return {
        /** The variant's promo price is lower than the regular one: only then is there a countdown. */
        hasPromo: hasMicroDiscount(variant),
        promoActive: active,
        expiresAt: offer.expires_at.toISOString(),
        price: convertRub(microRub, currency, pricing.currencyRates),
        regularPrice: convertRub(pricing.pricesRub.micro, currency, pricing.currencyRates),
        stars: starsPrice(pricing, 'micro', microRub),
        currency,
        abMicroVariant: variant,
        abTone: chooseTone(userId),
      };
    },

    /** POST /api/offers/micro/cta */
    async microCta(userId: number) {
      await microRepo.startMicroOffer(deps.db, userId, deps.clock(), OFFER_COUNTDOWN_MS, MICRO_PROMO_COOLDOWN_MS);
      const clicks = await microRepo.recordMicroCta(deps.db, userId, deps.clock());
      return { recorded: true, clicks };
    },

    /** GET /api/upsell/week: the week price and its arithmetic against the micro pack. */
    async upsellWeek(userId: number) {
      const p = await pricingFor(userId);
      return {
        priceWeek: p.week.price,
        currency: p.currency,
        microPrice: p.micro.price,
        ...weekUpsell(p.week.price, p.micro.price),
        hasActiveWeek: p.subscriptionType === 'week_7d',
        countdownMs: OFFER_COUNTDOWN_MS,
      };
    },

    /** GET /api/social-proof: the copy module's rating and reviews, and real purchase counts. */
    async socialProof() {
      const now = deps.clock();
      const midnight = zonedTimeToUtc(localDate(now, deps.defaultTimeZone), '00:00', deps.defaultTimeZone);
      const [lastHour, today] = await Promise.all([
        paymentsRepo.countPaymentsSince(deps.db, new Date(now.getTime() - 3_600_000)),
        paymentsRepo.countPaymentsSince(deps.db, midnight),
      ]);
      return { rating: SOCIAL_PROOF_DEFAULTS.rating, reviewsTotal: SOCIAL_PROOF_DEFAULTS.reviewsTotal, purchasesLastHour: lastHour, todayCount: today };
    },

    /** GET /api/user/entitlements */
    entitlements: (userId: number, readingId: number | null) => entitlementsOf(microDeps, userId, readingId, deps.specialAccessUserIds),

    /** POST /api/readings/micro/reveal */
    reveal: (userId: number, readingId: number) => revealMicro(microDeps, userId, readingId, adviceWriter),

    /** POST /api/payments/create-one-time: the micro pack or the week pass. */
    async createOneTime(
      userId: number,
      input: { product: 'micro' | 'week'; mode: CheckoutMode; returnUrl?: string; readingId?: number; context?: Record<string, unknown> | null; provider?: 'stars' | 'yookassa' },
    ) {
      const { tier, now } = await loadUser(userId);
      const verdict = purchaseVerdict(tier, input.product);
      if (!verdict.ok) throw new ServiceError('conflict', verdict.message, { code: 'not_needed' });
      const adapter = pickProvider(input.provider);
      let rub: number;
      let stars: number;
      let readingId: number | null = null;
      if (input.product === 'micro') {
        readingId = await microReading(userId, input.readingId);
        if (readingId !== null) {
          const existing = (await microRepo.listUsableMicro(deps.db, userId, readingId)).filter((p) => p.reading_id === readingId);
          if (existing.length) return { alreadyPurchased: true, mock: false, provider: adapter.name, readingId };
        }
        const offer = await microOfferRow(userId);
        rub = microPriceRub(pricing, chooseMicroVariant(userId), promoActive(offer, now));
        stars = starsPrice(pricing, 'micro', rub);
      } else {
        rub = pricing.pricesRub.week;
        stars = starsPrice(pricing, 'week');
      }
      const order = await createOrder(userId, {
        adapter,
        product: input.product,
        plan: input.product === 'week' ? 'week_7d' : null,
        days: input.product === 'week' ? WEEK_DAYS : null,
        rub,
        stars,
        readingId,
        recurring: false,
        autopayConsent: false,
        context: input.context ?? null,
      });
      return { ...(await checkout(order, adapter, { mode: input.mode, returnUrl: input.returnUrl, subscription: false, savePaymentMethod: false })), readingId };
    },

    /** POST /api/payments/create: a plan. With Stars it is a 30-day Stars subscription. */
    async createSubscription(userId: number, input: { type: PlanId | 'week'; userId?: unknown; mode: CheckoutMode; returnUrl?: string; provider?: 'stars' | 'yookassa' }) {
      checkUserIdField(userId, input.userId);
      if (input.type === 'week') return service.createOneTime(userId, { product: 'week', mode: input.mode, returnUrl: input.returnUrl, provider: input.provider });
      const { tier } = await loadUser(userId);
      const verdict = purchaseVerdict(tier, input.type);
      if (!verdict.ok) throw new ServiceError('conflict', verdict.message, { code: 'not_needed' });
      const adapter = pickProvider(input.provider);
      const recurring = adapter.name === 'stars';
      const order = await createOrder(userId, {
        adapter,
        product: input.type,
        plan: input.type,
        days: PLAN_DAYS,
        rub: pricing.pricesRub[input.type],
        stars: starsPrice(pricing, input.type),
        readingId: null,
        recurring,
        autopayConsent: recurring,
        context: null,
      });
      return checkout(order, adapter, { mode: input.mode, returnUrl: input.returnUrl, subscription: recurring, savePaymentMethod: false });
    },

    /**
     * POST /api/payments/create-initial: the payment widget. With autopay consent a first-time user pays
     * the trial (10 ₽ for 7 days) and the card is kept for renewals; without consent (or after a trial) the
     * plan's full price is paid. With Stars the plan is a Stars subscription (Telegram renews it).
     */
    async createInitial(
      userId: number,
      input: { userId?: unknown; amount?: number; planId: PlanId; mode: CheckoutMode; returnUrl?: string; autopayConsent: boolean; trialDays?: number; provider?: 'stars' | 'yookassa' },
    ) {
      checkUserIdField(userId, input.userId);
      const { tier } = await loadUser(userId);
      const adapter = pickProvider(input.provider);
      const planVerdict = purchaseVerdict(tier, input.planId);
      if (!planVerdict.ok) throw new ServiceError('conflict', planVerdict.message, { code: 'not_needed' });
      const trialOk =
        adapter.name !== 'stars' &&
        input.autopayConsent &&
        purchaseVerdict(tier, 'trial').ok &&
        tierRank(input.planId) > tierRank(tier) &&
        !(await paymentsRepo.hasPaidTrial(deps.db, userId));
      const rub = trialOk ? pricing.pricesRub.trial : pricing.pricesRub[input.planId];
      if (input.amount !== undefined && adapter.name !== 'stars' && Math.abs(input.amount - rub) > 0.001)
        throw new ServiceError('conflict', `amount: цена изменилась, к оплате ${rub} ₽ — обновите страницу`, { amount: rub });
      const recurring = adapter.name === 'stars';
      const order = await createOrder(userId, {
        adapter,
        product: trialOk ? 'trial' : input.planId,
        plan: input.planId,
        days: trialOk ? TRIAL_DAYS : PLAN_DAYS,
        rub,
        stars: starsPrice(pricing, input.planId),
        readingId: null,
        recurring,
        autopayConsent: input.autopayConsent || recurring,
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

    /** POST /api/payments/sync-method: re-checks one of the caller's YooKassa payments with the API. */
    async syncMethod(userId: number, input: { userId?: unknown; paymentId?: string; orderId?: string }) {
      checkUserIdField(userId, input.userId);
      let paymentId = input.paymentId;
      if (!paymentId && input.orderId) {
        const order = UUID.test(input.orderId) ? await paymentsRepo.findOrder(deps.db, input.orderId) : undefined;
        if (!order || order.user_id !== userId) throw new ServiceError('not_found', 'orderId: платёж не найден');
        if (order.provider !== 'yookassa' || !order.provider_payment_id) return { status: order.status, applied: false, userStatus: (await users.status(userId)).status };
        paymentId = order.provider_payment_id;
      }
      if (!paymentId) throw new ServiceError('bad_input', 'paymentId: укажите платёж');
      const r = await verifyYooKassaPayment(paymentId, userId);
      if (r.outcome === 'unknown') throw new ServiceError('not_found', 'paymentId: платёж не найден');
      return { status: r.payment?.status ?? 'unknown', outcome: r.outcome, applied: r.outcome === 'applied' || r.outcome === 'duplicate', userStatus: (await users.status(userId)).status };
    },

    /** Telegram Stars, called by the bot. */
    stars: {
      /** pre_checkout_query: the payload must be a pending Stars order of this user for exactly this amount. */
      async preCheckout(q: { userId: number; payload: string; currency: string; totalAmount: number }): Promise<{ ok: true } | { ok: false; error: string }> {
        if (!UUID.test(q.payload)) return { ok: false, error: 'Счёт не найден. Откройте оплату в приложении заново.' };
        const order = await paymentsRepo.findOrder(deps.db, q.payload);
        if (!order || order.provider !== 'stars') return { ok: false, error: 'Счёт не найден. Откройте оплату в приложении заново.' };
        if (order.user_id !== q.userId) return { ok: false, error: 'Этот счёт выставлен другому пользователю.' };
        if (!(order.product in TITLES)) return { ok: false, error: 'Неизвестный товар.' };
        if (q.currency !== 'XTR' || order.currency !== 'XTR' || q.totalAmount !== order.amount_minor)
          return { ok: false, error: 'Сумма счёта не совпадает. Откройте оплату в приложении заново.' };
        if (order.status !== 'pending') return { ok: false, error: 'Этот счёт уже оплачен или отменён.' };
        const { tier } = await loadUser(q.userId);
        const verdict = purchaseVerdict(tier, order.product as ProductId);
        if (!verdict.ok) return { ok: false, error: verdict.message };
        return { ok: true };
      },

      /**
       * successful_payment: the only moment Stars grant access. A charge id seen before grants nothing; a
       * payment that matches no order of this user is recorded, refunded and grants nothing.
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
      }): Promise<AppliedPayment | { applied: false; refused: string }> {
        const order = UUID.test(p.payload) ? await paymentsRepo.findOrder(deps.db, p.payload) : undefined;
        const reason =
          !order || order.provider !== 'stars'
            ? 'unknown order'
            : order.user_id !== p.userId
              ? 'another user'
              : p.currency !== 'XTR' || p.totalAmount !== order.amount_minor
                ? 'amount mismatch'
                : null;
        if (reason || !order) {
          const recorded = await recordUngrantedPayment(deps.db, {
            provider: 'stars',
            providerPaymentId: p.telegramPaymentChargeId,
            userId: p.userId,
            amountMinor: p.totalAmount,
            currency: p.currency,
            reason: reason ?? 'unknown order',
            timeZone: deps.defaultTimeZone,
          });
          // Money we cannot match goes back (once: only the first delivery records it).
          if (recorded && cfg.starsApi) await cfg.starsApi.refundStarPayment(p.userId, p.telegramPaymentChargeId).catch(() => {});
          return { applied: false, refused: reason ?? 'unknown order' };
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
        });
      },

      /** refunded_payment (a refund made outside the app): take back what the payment granted. */
      async refunded(p: { userId: number; telegramPaymentChargeId: string }) {
        const payment = await paymentsRepo.findPayment(deps.db, 'stars', p.telegramPaymentChargeId);
        if (!payment || payment.user_id !== p.userId) return { revoked: false };
        return revokePayment(deps.db, payment.id, deps.clock());
      },
    },

    /** YooKassa notifications: only the id is taken from the body; the rest is read back from the API. */
    yookassa: {
      async notification(body: { event: string; object: { id: string; payment_id?: string } }): Promise<{ outcome: YooVerifyOutcome | 'refunded' | 'ignored' }> {
        if (body.event.startsWith('refund.')) {
          if (!yoo) throw yooUnavailable();
          let refund;
          try {
            refund = await yoo.getRefund(body.object.id);
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
        return { outcome: (await verifyYooKassaPayment(body.object.id)).outcome };
      },
    },

    verifyYooKassaPayment,

    /** Refunds a payment (admins; /paysupport) and takes back what it granted. */
    async refund(paymentId: number): Promise<{ revoked: boolean }> {
      const payment = await paymentsRepo.findPaymentById(deps.db, paymentId);
      if (!payment) throw new ServiceError('not_found', 'Платёж не найден');
      if (payment.status === 'refunded') return { revoked: false };
      if (payment.provider === 'stars') {
        if (!cfg.starsApi) throw new ServiceError('unavailable', 'Возврат звёзд сейчас недоступен');
        try {
          await cfg.starsApi.refundStarPayment(payment.user_id, payment.provider_payment_id);
        } catch {
          throw new ServiceError('unavailable', 'Telegram не выполнил возврат, попробуйте позже');
        }
        // A refunded subscription payment also ends the subscription's renewals.
        const order = payment.order_id ? await paymentsRepo.findOrder(deps.db, payment.order_id) : undefined;
        if (order?.recurring) await cfg.starsApi.editUserStarSubscription(payment.user_id, payment.provider_payment_id, true).catch(() => {});
      } else if (payment.provider === 'yookassa') {
        if (!yoo) throw yooUnavailable();
        try {
          await yoo.createRefund(payment.provider_payment_id, { value: rubAmountString(payment.amount_minor / 100), currency: payment.currency }, `refund:${payment.id}`);
        } catch {
          throw yooUnavailable();
        }
      }
      return revokePayment(deps.db, payment.id, deps.clock());
    },

    /**
     * Charges saved YooKassa cards for plans ending within the hour (autopay with consent). Each period is
     * charged once: the order's idempotence key names the user and the period's end.
     */
    async runRenewals(now: Date = deps.clock()): Promise<{ attempted: number; outcomes: YooVerifyOutcome[] }> {
      if (!yoo || mockMode) return { attempted: 0, outcomes: [] };
      const due = await paymentsRepo.listDueYooKassaRenewals(deps.db, new Date(now.getTime() + 3_600_000), new Date(now.getTime() - 3 * 86_400_000));
      const outcomes: YooVerifyOutcome[] = [];
      for (const d of due) {
        const plan = (d.plan === 'basic_299' || d.plan === 'vip_499' ? d.plan : 'vip_499') as PlanId;
        const key = `renew:${d.user_id}:${d.subscription_expires!.toISOString()}`;
        const order = await paymentsRepo.insertOrder(deps.db, {
          id: crypto.randomUUID(),
          userId: d.user_id,
          provider: 'yookassa',
          product: plan,
          plan,
          days: PLAN_DAYS,
          amountMinor: pricing.pricesRub[plan] * 100,
          currency: 'RUB',
          readingId: null,
          recurring: true,
          autopayConsent: true,
          idempotenceKey: key,
          context: { renewal: true },
        });
        if (!order) continue; // this period was already charged (here or by another instance)
        try {
          const payment = await yoo.createPayment(
            {
              amount: { value: rubAmountString(pricing.pricesRub[plan]), currency: 'RUB' },
              capture: true,
              payment_method_id: d.reference,
              description: `${TITLES[plan].title}: продление на 30 дней`,
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

    /** GET /api/debug/micro-status (admins): what the micro flow sees for a reading. */
    async debugMicroStatus(userId: number, readingId: number | null) {
      if (!(deps.adminUserIds ?? []).includes(userId)) throw new ServiceError('forbidden', 'Только для администраторов');
      const reading = readingId !== null ? await readingsRepo.findReading(deps.db, readingId) : undefined;
      const ent = await entitlementsOf(microDeps, userId, readingId, deps.specialAccessUserIds);
      const unbound = await microRepo.latestUnboundMicro(deps.db, userId);
      const payments = await paymentsRepo.listUserPayments(deps.db, userId, 20);
      const microForReading = readingId !== null ? (await microRepo.listUsableMicro(deps.db, userId, readingId)).filter((p) => p.reading_id === readingId) : [];
      return {
        now: deps.clock().toISOString(),
        userId,
        readingId,
        readingExists: !!reading,
        readingBelongs: !!reading && reading.user_id === userId,
        microResultExists: microForReading.some((p) => p.revealed_at !== null),
        hasMicroAny: await microRepo.hasAnyMicro(deps.db, userId),
        hasMicroForCurrentQuestion: ent.hasMicroForCurrentQuestion,
        latestUnbound: unbound ? { id: unbound.id, created_at: unbound.created_at.toISOString(), metadata_json: { source: unbound.source, paymentId: unbound.payment_id } } : null,
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
  return service;
}

export type PaymentService = ReturnType<typeof createPaymentService>;
