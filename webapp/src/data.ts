// How screens load data: SWR (stale-while-revalidate) keeps one cache of the API's answers, keyed by the
// server path, so a screen that opens again shows what it had while it asks for the new answer, and two
// components asking for the same thing share one request. The calls themselves stay in the API modules;
// this file names the cache keys, sets the library's defaults and says what a change makes outdated.
import { useEffect } from 'react';
import useSWR, { mutate, type SWRConfiguration, type SWRResponse } from 'swr';
import { ApiError, UNKNOWN_ERROR } from './api';

/**
 * The defaults for every screen (set once at the root). A Mini App loses and regains focus all the time
 * (the keyboard, popups, the payment sheet): reloading then would send a storm of requests, so nothing
 * reloads on focus or on reconnect, and a failed load waits for the user's «Повторить» instead of retrying
 * behind their back. A screen that opens asks again (stale-while-revalidate), as it always did.
 */
export const DATA_DEFAULTS: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
  dedupingInterval: 2000,
};

/**
 * The cache keys: the server path of each answer (a made-up parameter where one answer is kept per card).
 * `…Prefix` and `…Pattern` name every variant of one kind, for `invalidate`.
 */
export const keys = {
  status: '/api/user/status',
  sessions: '/api/auth/sessions',
  /** «Память толкователя» in the settings. */
  memory: '/api/memory',
  moon: '/api/moon',
  dailyCard: '/api/user/daily-card/available',
  reading: (id: number) => `/api/readings/${id}`,
  /** The latest reading still on the table (home's «Продолжить расклад»). */
  readingInProgress: '/api/readings/in-progress',
  /** One page of the archive, for a search. */
  readings: (limit: number, offset: number, search: { q?: string; card?: string }) =>
    `/api/user/readings?${new URLSearchParams({ limit: String(limit), offset: String(offset), q: search.q ?? '', card: search.card ?? '' })}`,
  journal: (month?: string, ownDeck: 'include' | 'exclude' = 'include', scope: 'month' | 'all' = 'month') =>
    `/api/user/journal?month=${month ?? ''}${ownDeck === 'exclude' ? '&ownDeck=exclude' : ''}${scope === 'all' ? '&scope=all' : ''}`,
  journalPrefix: '/api/user/journal?',
  /** A card of the library with its history in the user's readings. */
  cardPage: (id: string) => `/api/cards/${id}`,
  cardPagePrefix: '/api/cards/',
  lesson: '/api/lessons/today',
  followUps: (readingId: number) => `/api/readings/${readingId}/follow-ups`,
  review: (readingId: number) => `/api/readings/${readingId}/review`,
  followUpsPattern: /^\/api\/readings\/\d+\/follow-ups$/,
  natalChart: '/api/natal/chart',
  birthData: '/api/natal/data',
  cities: (q: string) => `/api/natal/cities?q=${encodeURIComponent(q)}`,
  pricing: '/api/config/pricing',
  socialProof: '/api/social-proof',
  microOffer: '/api/offers/micro',
  weekUpsell: '/api/upsell/week',
  renewal: '/api/payments/renewal',
  /** A tab of the owner's dashboard for a period (query string). */
  admin: (tab: string, query: string) => `/api/admin/${tab}?${query}`,
  debugMicro: (readingId: number | null) => `/api/admin/micro-status?readingId=${readingId ?? ''}`,
  /** The paid state of today's daily card (its saved reading and what is bought for it). */
  dailyEntitlements: (cardId: string) => `/api/user/entitlements?card=${cardId}`,
  dailyEntitlementsPrefix: '/api/user/entitlements?',
  /** The cards' short message on today's card (by card and orientation). */
  dailyMessage: (card: string) => `/api/interpret-daily-card?card=${card}`,
} as const;

/** Every failure as an ApiError, so screens read `status` and the Russian `message` the same way. */
export const asApiError = (err: unknown): ApiError =>
  err instanceof ApiError ? err : new ApiError(0, String((err as Error)?.message ?? err ?? UNKNOWN_ERROR));

/**
 * A screen's data: `key` (null: nothing to load yet) names the answer, `load` fetches it with the API
 * module's call. `data` stays while a reload runs; `error` is an ApiError; `reload()` is the retry button.
 */
export function useApi<T>(
  key: string | null,
  load: () => Promise<T>,
  config?: SWRConfiguration<T, ApiError>,
): SWRResponse<T, ApiError> & { reload: () => void } {
  if (key) asked.add(key);
  const res = useSWR<T, ApiError>(key, () => load().catch((err: unknown) => Promise.reject(asApiError(err))), config);
  useEffect(() => (key ? showing(key) : undefined), [key]);
  return Object.assign(res, { reload: () => void res.mutate() });
}

/** Every key a screen has asked for: what `invalidate` looks through. */
const asked = new Set<string>();
/** How many mounted components show each key, and the shown keys a change has made outdated. */
const onScreen = new Map<string, number>();
const outdated = new Set<string>();

const drop = (key: string) => void mutate(key, undefined, { revalidate: false });

/** Counts a component showing `key`; the cleanup drops an outdated answer once nothing shows it. */
function showing(key: string): () => void {
  onScreen.set(key, (onScreen.get(key) ?? 0) + 1);
  return () => {
    const left = (onScreen.get(key) ?? 1) - 1;
    if (left > 0) return void onScreen.set(key, left);
    onScreen.delete(key);
    if (outdated.delete(key)) drop(key);
  };
}

/**
 * Marks answers as outdated after a change: their cached copy is dropped, so the next screen that shows one
 * loads it afresh (nothing stale flashes). A screen showing one now keeps it (no request under a screen that
 * is about to leave, as the paying screens do) and the copy is dropped when it closes. The screen making the
 * change writes its own new answer with `mutate(key, value, { revalidate: false })`.
 */
export function invalidate(...kinds: (string | RegExp)[]): void {
  for (const key of asked) {
    if (!kinds.some((k) => (typeof k === 'string' ? key.startsWith(k) : k.test(key)))) continue;
    if (onScreen.has(key)) outdated.add(key);
    else drop(key);
  }
}
