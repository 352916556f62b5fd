// The paid side's calls, typed by the routes (api/routes/payments.ts, offers.ts, config.ts, readings.ts) through the API client; the
// server decides prices and access, the screens only show what it said.
import { call, client, type DataOf } from '../api';
import type { AnalyticsEvent } from '../../../domain/app/analytics';
import type { PlanId } from '../../../domain/commerce/catalogue';

export type Pricing = DataOf<typeof client.config.pricing.$get>;
export type SocialProof = DataOf<(typeof client)['social-proof']['$get']>;
export type MicroReveal = DataOf<typeof client.readings.micro.reveal.$post>;
/** The micro pack's included 3-card reading, as the reveal answers it. */
export type MicroSpreadState = NonNullable<MicroReveal['spread']>;

type CreateAnswer =
  | DataOf<(typeof client.payments)['create-one-time']['$post']>
  | DataOf<typeof client.payments.create.$post>
  | DataOf<(typeof client.payments)['create-initial']['$post']>;
type KeysOf<U> = U extends unknown ? keyof U : never;
type FieldOf<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? U[K] : never) : never;
/**
 * What a create call answers: one way to pay (or `mock`, paid at once). Every field any of the three routes
 * answers, each optional: runCheckout follows whichever is there.
 */
export type CheckoutAnswer = { [K in KeysOf<CreateAnswer>]?: FieldOf<CreateAnswer, K> };

export type PayProvider = 'stars' | 'yookassa' | undefined;
export type PayMode = 'redirect' | 'embedded';

/** `?readingId=` only when there is one. */
const readingQuery = (readingId?: number | null) => (readingId ? { readingId: String(readingId) } : {});

export const getPricing = () => call(client.config.pricing.$get());
export const getMicroOffer = () => call(client.offers.micro.$get());
export const microCta = () => call(client.offers.micro.cta.$post());
export const getWeekUpsell = () => call(client.upsell.week.$get());
export const getSocialProof = () => call(client['social-proof'].$get());
export const getEntitlements = (readingId?: number | null) => call(client.user.entitlements.$get({ query: readingQuery(readingId) }));
export const revealMicro = (readingId: number) => call(client.readings.micro.reveal.$post({ json: { readingId } }));
/** The pack and its reading by the ids the server recorded: the order or reading the return names, else the latest. */
export const recoverMicro = (by: { orderId?: string; readingId?: number; recent?: boolean }) =>
  call(client.readings.micro.recover.$post({ json: by }));
/** The micro-result screen's guard: whether it stays (a micro payment pending or under 30 minutes old). */
export const openMicroResult = (pending: boolean) => call(client.readings.micro.open.$post({ json: { pending } }));
export const debugMicroStatus = (readingId?: number | null) => call(client.admin['micro-status'].$get({ query: readingQuery(readingId) }));

export const createOneTime = (body: {
  product: 'micro' | 'week';
  mode?: PayMode;
  context?: string | Record<string, unknown>;
  returnUrl?: string;
  readingId?: number;
  provider?: PayProvider;
}) => call(client.payments['create-one-time'].$post({ json: { mode: 'redirect', ...body } }));

export const createInitial = (body: {
  userId?: number;
  amount: number;
  currency: 'RUB';
  description: string;
  mode: PayMode;
  returnUrl?: string;
  planId: PlanId;
  autopayConsent: boolean;
  trialDays: number;
  provider?: PayProvider;
}) => call(client.payments['create-initial'].$post({ json: body }));

export const syncMethod = (body: { userId?: number; paymentId?: string; orderId?: string }) =>
  call(client.payments['sync-method'].$post({ json: body }));

export const cancelSubscription = () => call(client.user.subscription.cancel.$post());
/** Whether the plan renews, the next charge's amount and date (with the server's own Russian line). */
export const getRenewal = () => call(client.payments.renewal.$get());

/** Analytics never break a screen: failures are swallowed. */
export function track(event: AnalyticsEvent, payload: Record<string, unknown> = {}): void {
  call(client.analytics.track.$post({ json: { event, payload } })).catch(() => {});
}

export const saveReading = (body: { title: string; cards: string[]; interpretation?: string; spreadType: 'free_daily' }) =>
  call(client.user.reading.$post({ json: body }));

export const interpretDailyCard = (body: { cardName: string; cardMeaning: string; context?: string }) =>
  call(client['interpret-daily-card'].$post({ json: body }));

export const detailedGuidance = (body: { cardName: string; cardMeaning: string; dailyPlans: string }) =>
  call(client['detailed-daily-guidance'].$post({ json: body }));
