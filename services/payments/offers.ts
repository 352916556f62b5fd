// Offers and prices as a user sees them: the pricing table in the user's currency, the micro pack's offer
// and its 15-minute promo, the week upsell, social proof, and what the user is entitled to now.
import * as microRepo from '../../db/repositories/micro';
import * as paymentsRepo from '../../db/repositories/payments';
import { planCards } from '../../domain/commerce/claims';
import { copyFor } from '../../domain/commerce/offer-copy';
import {
  OFFER_COUNTDOWN_MS,
  MICRO_PROMO_COOLDOWN_MS,
  chooseMicroVariant,
  chooseTone,
  convertRub,
  currencyForLanguage,
  extendPlan,
  microPriceRub,
  priceTag,
  productGrant,
  purchaseVerdict,
  starsPrice,
  trialAllowed,
  upsellAllowed,
} from '../../domain/commerce/pricing';
import { isStarsSubscription, PLAN_IDS, planInfo, TRIAL_DAYS, WEEK_DAYS, type PlanId } from '../../domain/commerce/catalogue';
import { localDate, zonedTimeToUtc } from '../../domain/text/time';
import { erasedBeforeOf } from '../erased-limits';
import { ServiceError } from '../errors';
import type { PaymentContext } from './context';
import { entitlementsOf, revealMicro } from './micro';
import { recoverMicro, type MicroRecoveryQuery } from './micro-recovery';

export function createOffers(ctx: PaymentContext) {
  const deps = ctx.deps;

  async function microOfferRow(userId: number) {
    return microRepo.findMicroOffer(deps.db, userId);
  }

  // A promo is only a promo when its price is lower than the regular one (no countdown on an equal price).
  const hasMicroDiscount = (variant: 'A' | 'B') => ctx.pricing.microPriceVariants[variant] < ctx.pricing.pricesRub.micro;

  function promoActive(offer: { expires_at: Date } | undefined, now: Date) {
    return !!offer && offer.expires_at.getTime() > now.getTime();
  }

  async function pricingFor(userId: number) {
    const { user, now, tier } = await ctx.loadUser(userId);
    const currency = currencyForLanguage(user.language_code);
    const show = (rub: number) => convertRub(rub, currency, ctx.pricing.currencyRates);
    const variant = chooseMicroVariant(userId);
    const tone = chooseTone(userId);
    const offer = await microOfferRow(userId);
    const active = hasMicroDiscount(variant) && promoActive(offer, now);
    const microRub = microPriceRub(ctx.pricing, variant, active);
    const p = ctx.pricing.pricesRub;
    const tag = (rub: number, stars: number | null) => priceTag(ctx.pricing, rub, stars, currency);
    // Where access would end if the plan were bought now, as the purchase grants it (the unused days of the
    // current plan carried over): the widget's «доступ до» is the date the plan screen shows after paying.
    const current = { type: user.subscription_type, expires: user.subscription_expires };
    const accessUntil = (product: PlanId | 'trial', plan?: PlanId) =>
      extendPlan(current, productGrant(product, plan)!, now, ctx.pricing).expires?.toISOString() ?? null;
    // Each plan as the catalogue sells it: its price, period and how it renews.
    const planOffer = (plan: PlanId) => {
      const info = planInfo(plan);
      const stars = starsPrice(ctx.pricing, plan);
      return {
        price: show(p[plan]),
        priceRub: p[plan],
        stars,
        tag: tag(p[plan], stars),
        days: info.days,
        accessUntil: accessUntil(plan),
        /** How it renews: a Stars subscription (Telegram's 30 days), the kept card only, or not at all. */
        renewal: info.renewal,
        starsSubscription: isStarsSubscription(plan),
      };
    };
    const trialUnused = !(await paymentsRepo.hasPaidTrial(deps.db, userId)) && !(await erasedBeforeOf(deps, userId)).trialUsed;
    const plansById = Object.fromEntries(PLAN_IDS.map((id) => [id, planOffer(id)])) as Record<PlanId, ReturnType<typeof planOffer>>;
    const monthly = (plan: 'basic' | 'vip') => {
      const { renewal: _r, starsSubscription: _s, ...entry } = plansById[plan];
      return entry;
    };
    return {
      currency,
      week: {
        price: show(p.week),
        priceRub: p.week,
        stars: starsPrice(ctx.pricing, 'week'),
        tag: tag(p.week, starsPrice(ctx.pricing, 'week')),
        days: WEEK_DAYS,
      },
      // The plans keyed by id (the web app reads these); month_basic and month_vip are kept for older clients.
      plansById,
      month_basic: monthly('basic'),
      month_vip: monthly('vip'),
      micro: {
        price: show(microRub),
        priceRub: microRub,
        regularPrice: show(p.micro),
        stars: starsPrice(ctx.pricing, 'micro', microRub),
        tag: tag(microRub, starsPrice(ctx.pricing, 'micro', microRub)),
        regularTag: tag(p.micro, starsPrice(ctx.pricing, 'micro')),
        promoActive: active,
        expiresAt: offer?.expires_at.toISOString() ?? null,
        available: purchaseVerdict(tier, 'micro').ok,
      },
      // The trial is sold for roubles only (Stars plans renew as Stars subscriptions instead).
      trial: {
        price: show(p.trial),
        priceRub: p.trial,
        tag: tag(p.trial, null),
        days: TRIAL_DAYS,
        accessUntil: Object.fromEntries(PLAN_IDS.map((id) => [id, accessUntil('trial', id)])) as Record<PlanId, string | null>,
        // As the checkout decides it: not after a paid trial, nor for a returning user who had one before deleting their data.
        available: trialUnused && purchaseVerdict(tier, 'trial').ok,
        /** Per plan, as the checkout sells it: the trial leads up to a plan above the one in force. */
        availableFor: Object.fromEntries(PLAN_IDS.map((id) => [id, trialUnused && trialAllowed(tier, id)])) as Record<PlanId, boolean>,
      },
      plans: planCards(Object.fromEntries(PLAN_IDS.map((id) => [id, plansById[id].tag])) as Record<PlanId, ReturnType<typeof tag>>),
      user: { tone, price_variant: variant, variant },
      abTone: tone,
      abMicroVariant: variant,
      copy: copyFor(tone, !!deps.ai?.apiKey),
      subscriptionType: tier,
      /** False in the hour after a purchase: the screens show no offer, no upsell and no promo timer. */
      upsell: upsellAllowed(user.last_paid_at, now),
      providers: { default: ctx.availableProviders()[0] ?? ctx.cfg.provider, available: ctx.availableProviders() },
    };
  }

  const offers = {
    /** GET /api/config/pricing */
    pricing: pricingFor,

    /** GET /api/offer/micro/state: the variants and the promo in force, without starting one. */
    async microOfferState(userId: number) {
      const { user, now, tier } = await ctx.loadUser(userId);
      const offer = await microOfferRow(userId);
      const variant = chooseMicroVariant(userId);
      const active = hasMicroDiscount(variant) && promoActive(offer, now);
      const currency = currencyForLanguage(user.language_code);
      return {
        available: purchaseVerdict(tier, 'micro').ok,
        upsell: upsellAllowed(user.last_paid_at, now),
        hasPromo: hasMicroDiscount(variant),
        abMicroVariant: variant,
        abTone: chooseTone(userId),
        promoActive: active,
        expiresAt: offer?.expires_at.toISOString() ?? null,
        price: convertRub(microPriceRub(ctx.pricing, variant, active), currency, ctx.pricing.currencyRates),
        currency,
      };
    },

    /** GET /api/offers/micro: shows the offer, starting the 15-minute promo on first sight. */
    async microOffer(userId: number) {
      const { user, now, tier } = await ctx.loadUser(userId);
      const verdict = purchaseVerdict(tier, 'micro');
      if (!verdict.ok) throw new ServiceError('conflict', verdict.message, { code: 'not_needed' });
      // In the hour after a purchase no promo starts (no timer): the offer is shown at its regular price.
      const upsell = upsellAllowed(user.last_paid_at, now);
      const offer = upsell
        ? await microRepo.startMicroOffer(deps.db, userId, now, OFFER_COUNTDOWN_MS, MICRO_PROMO_COOLDOWN_MS)
        : await microOfferRow(userId);
      const variant = chooseMicroVariant(userId);
      const active = hasMicroDiscount(variant) && promoActive(offer, now);
      const currency = currencyForLanguage(user.language_code);
      const microRub = microPriceRub(ctx.pricing, variant, active);
      return {
        /** The variant's promo price is lower than the regular one: only then is there a countdown. */
        hasPromo: hasMicroDiscount(variant),
        promoActive: active,
        expiresAt: offer?.expires_at.toISOString() ?? null,
        upsell,
        price: convertRub(microRub, currency, ctx.pricing.currencyRates),
        regularPrice: convertRub(ctx.pricing.pricesRub.micro, currency, ctx.pricing.currencyRates),
        stars: starsPrice(ctx.pricing, 'micro', microRub),
        tag: priceTag(ctx.pricing, microRub, starsPrice(ctx.pricing, 'micro', microRub), currency),
        regularTag: priceTag(ctx.pricing, ctx.pricing.pricesRub.micro, starsPrice(ctx.pricing, 'micro'), currency),
        currency,
        abMicroVariant: variant,
        abTone: chooseTone(userId),
      };
    },

    /** POST /api/offers/micro/cta */
    async microCta(userId: number) {
      const { user, now } = await ctx.loadUser(userId);
      if (upsellAllowed(user.last_paid_at, now))
        await microRepo.startMicroOffer(deps.db, userId, now, OFFER_COUNTDOWN_MS, MICRO_PROMO_COOLDOWN_MS);
      const clicks = await microRepo.recordMicroCta(deps.db, userId, deps.clock());
      return { recorded: true, clicks };
    },

    /** GET /api/upsell/week: the week price (no arithmetic against the micro pack: no anchor prices). */
    async upsellWeek(userId: number) {
      const p = await pricingFor(userId);
      return {
        priceWeek: p.week.price,
        currency: p.currency,
        microPrice: p.micro.price,
        week: p.week.tag,
        micro: p.micro.tag,
        hasActiveWeek: p.subscriptionType === 'week',
        /** False in the hour after a purchase: the screens do not show it. */
        upsell: p.upsell,
      };
    },

    /** GET /api/social-proof's purchase counts: payments of the last hour and of today. */
    async socialProof() {
      const now = deps.clock();
      const midnight = zonedTimeToUtc(localDate(now, deps.defaultTimeZone), '00:00', deps.defaultTimeZone);
      const [lastHour, today] = await Promise.all([
        paymentsRepo.countPaymentsSince(deps.db, new Date(now.getTime() - 3_600_000)),
        paymentsRepo.countPaymentsSince(deps.db, midnight),
      ]);
      return { purchasesLastHour: lastHour, todayCount: today };
    },

    /** GET /api/user/entitlements */
    entitlements: (userId: number, readingId: number | null) => entitlementsOf(ctx.microDeps, userId, readingId),

    /** POST /api/readings/micro/reveal */
    reveal: (userId: number, readingId: number) => revealMicro(ctx.microDeps, userId, readingId, ctx.adviceWriter),

    /** POST /api/readings/micro/recover: the pack a payment return lands on, found by the server's ids. */
    recoverMicro: (userId: number, by: MicroRecoveryQuery) => recoverMicro(ctx.microDeps, userId, by, ctx.adviceWriter),
  };
  return offers;
}
