// The paid side's calls. Types come from the server's services (types only); the server
// decides prices and access, the screens only show what it said.
import { ApiError, api, type ReadingView, type UserStatus } from '../api';
import type { PaymentService } from '../../../services/payments';
import type { EntitlementsView, MicroRevealView } from '../../../services/payments/micro';
import type { AnalyticsEvent } from '../../../domain/analytics';

export type Pricing = Awaited<ReturnType<PaymentService['pricing']>>;
export type MicroOffer = Awaited<ReturnType<PaymentService['microOffer']>>;
export type WeekUpsell = Awaited<ReturnType<PaymentService['upsellWeek']>>;
export type SocialProof = Awaited<ReturnType<PaymentService['socialProof']>>;
export type Entitlements = EntitlementsView;
export type MicroReveal = MicroRevealView;
export type DebugMicroStatus = Awaited<ReturnType<PaymentService['debugMicroStatus']>>;

/** What a create call answers: one way to pay (or `mock`, paid at once). */
export interface CheckoutAnswer {
  provider: 'stars' | 'yookassa' | 'mock';
  orderId?: string;
  mock: boolean;
  invoiceLink?: string;
  confirmationUrl?: string;
  confirmationToken?: string;
  paymentId?: string;
  applied?: boolean;
  userStatus?: UserStatus;
  alreadyPurchased?: boolean;
  readingId?: number | null;
  trial?: boolean;
  amount?: number;
}

export type PayProvider = 'stars' | 'yookassa' | undefined;
export type PayMode = 'redirect' | 'embedded';

/** Responses may be nested as data.data. */
function unwrap<T>(v: T | { data: T }): T {
  const inner = (v as { data?: T })?.data;
  return inner && typeof inner === 'object' ? inner : (v as T);
}

export const getPricing = () => api<Pricing>('/api/config/pricing');
export const getMicroOffer = () => api<MicroOffer>('/api/offers/micro');
export const microCta = () => api<{ recorded: boolean; clicks: number }>('/api/offers/micro/cta', { method: 'POST' });
export const getWeekUpsell = () => api<WeekUpsell>('/api/upsell/week');
export const getSocialProof = () => api<SocialProof>('/api/social-proof');
export const getEntitlements = (readingId?: number | null) =>
  api<Entitlements>(`/api/user/entitlements${readingId ? `?readingId=${encodeURIComponent(String(readingId))}` : ''}`);
export const revealMicro = (readingId: number) => api<MicroReveal>('/api/readings/micro/reveal', { method: 'POST', json: { readingId } });
export const debugMicroStatus = (readingId?: number | null) =>
  api<DebugMicroStatus>(`/api/debug/micro-status${readingId ? `?readingId=${readingId}` : ''}`);

export async function createOneTime(body: { product: 'micro' | 'week'; mode?: PayMode; context?: unknown; returnUrl?: string; readingId?: number; provider?: PayProvider }) {
  return unwrap(await api<CheckoutAnswer>('/api/payments/create-one-time', { method: 'POST', json: { mode: 'redirect', ...body } }));
}

export async function createInitial(body: {
  userId?: number;
  amount: number;
  currency: 'RUB';
  description: string;
  mode: PayMode;
  returnUrl?: string;
  planId: 'basic_299' | 'vip_499';
  autopayConsent: boolean;
  trialDays: number;
  provider?: PayProvider;
}) {
  return unwrap(await api<CheckoutAnswer>('/api/payments/create-initial', { method: 'POST', json: body }));
}

export const syncMethod = (body: { userId?: number; paymentId?: string; orderId?: string }) =>
  api<{ status: string; applied: boolean; userStatus: UserStatus }>('/api/payments/sync-method', { method: 'POST', json: body });

export const cancelSubscription = () => api<{ userStatus: UserStatus }>('/api/user/subscription/cancel', { method: 'POST' });

/** Analytics never break a screen: failures are swallowed. */
export function track(event: AnalyticsEvent, payload: Record<string, unknown> = {}): void {
  api('/api/analytics/track', { method: 'POST', json: { event, payload } }).catch(() => {});
}

export const saveReading = (body: { title: string; cards: string[]; interpretation?: string; spreadType: 'free_daily' }) =>
  api<{ readingId: number }>('/api/user/reading', { method: 'POST', json: body });

export async function latestReading(): Promise<ReadingView | null> {
  const page = await api<{ readings: ReadingView[] }>('/api/user/readings?limit=1&offset=0');
  return page.readings[0] ?? null;
}

export const interpretDailyCard = (body: { cardName: string; cardMeaning: string; context?: string }) =>
  api<{ interpretation: string; fallback: boolean; error: string | null }>('/api/interpret-daily-card', { method: 'POST', json: body });

export const detailedGuidance = (body: { cardName: string; cardMeaning: string; dailyPlans: string }) =>
  api<{ guidance: string; fallback: boolean; error: string | null }>('/api/detailed-daily-guidance', { method: 'POST', json: body });

/** The error code a ServiceError carried (e.g. micro_not_purchased), if any. */
export const errorCode = (err: unknown): string | null => {
  const code = err instanceof ApiError ? err.body?.code : null;
  return typeof code === 'string' ? code : null;
};
