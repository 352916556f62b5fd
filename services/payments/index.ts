// Payments and entitlements. Orders are made here and handed to a provider (Stars, YooKassa or mock); access
// is granted only when the provider confirms. One file per concern:
//   offers.ts          prices and offers as a user sees them
//   checkout.ts        orders and the provider's way to pay them (nothing granted)
//   stars-events.ts    Telegram Stars: pre-checkout, successful_payment, refunded_payment
//   stars-subscription.ts  Telegram's subscription update: cancelled, re-enabled, renewal failed
//   yookassa-events.ts YooKassa: payments read back and verified, notifications, renewals of saved cards
//   confirm.ts         «a provider says paid» → entitlements.ts «access granted», once per provider payment
//   admin.ts           refunds and the admins' debug view;  recurring.ts  stopping renewal
//   renewal.ts         whether a plan renews, the next charge's amount and date
import type { ServiceDeps } from '../deps';
import type { UserService } from '../users';
import { createPaymentAdmin } from './admin';
import { createCheckouts } from './checkout';
import { createConfirm } from './confirm';
import { createPaymentContext, type PaymentNotifier } from './context';
import { createOffers } from './offers';
import { cancelSubscription } from './recurring';
import { renewalOf } from './renewal';
import { createStarsEvents } from './stars-events';
import { createStarsSubscriptionEvents } from './stars-subscription';
import { createYooKassaEvents } from './yookassa-events';

export type { PaymentNotifier } from './context';

export function createPaymentService(deps: ServiceDeps, users: UserService, notifier?: PaymentNotifier) {
  const ctx = createPaymentContext(deps, users, notifier);
  const admin = createPaymentAdmin(ctx);
  const confirm = createConfirm(ctx, admin.refund);
  const offers = createOffers(ctx);
  const checkouts = createCheckouts(ctx, confirm);
  const yookassa = createYooKassaEvents(ctx, confirm);
  const starsEvents = createStarsEvents(ctx, confirm, admin.refund);
  const starsSubscription = createStarsSubscriptionEvents(ctx);

  return {
    /** PUBLIC_URL for the payment pages' return addresses; undefined: the request's own origin. */
    publicUrl: (): string | undefined => deps.payments?.publicUrl,

    // Prices, offers and the micro pack as the screens see them (offers.ts).
    pricing: offers.pricing,
    microOfferState: offers.microOfferState,
    microOffer: offers.microOffer,
    microCta: offers.microCta,
    upsellWeek: offers.upsellWeek,
    socialProof: offers.socialProof,
    entitlements: offers.entitlements,
    reveal: offers.reveal,
    recoverMicro: offers.recoverMicro,

    // Orders and their way to pay (checkout.ts).
    createOneTime: checkouts.createOneTime,
    createSubscription: checkouts.createSubscription,
    createInitial: checkouts.createInitial,

    /** Telegram Stars, called by the bot. */
    stars: {
      preCheckout: starsEvents.preCheckout,
      successfulPayment: starsEvents.successfulPayment,
      retryRefunds: starsEvents.retryRefunds,
      refunded: starsEvents.refunded,
      subscriptionUpdated: starsSubscription.subscriptionUpdated,
    },

    /** YooKassa notifications: only the id is taken from the body; the rest is read back from the API. */
    yookassa: { notification: yookassa.notification },
    syncMethod: yookassa.syncMethod,
    runRenewals: yookassa.runRenewals,

    refund: admin.refund,
    debugMicroStatus: admin.debugMicroStatus,

    /** GET /api/payments/renewal: whether the plan renews, the next charge's amount and date. */
    async renewal(userId: number) {
      const { user, now } = await ctx.loadUser(userId);
      return renewalOf(deps.db, user, now, ctx.pricing);
    },

    /** POST /api/user/subscription/cancel */
    cancelSubscription: (userId: number) => cancelSubscription(deps, users, userId),
  };
}
