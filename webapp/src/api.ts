// The API client: calls go through `hono/client` typed by the server's routes (AppType, a type-only import:
// no server code reaches the bundle), so a path, a body or a field the route does not have fails the
// typecheck. Every call carries the launch data as `Authorization: tma <initData>`. Errors read as: the
// body's error text, else 'HTTP {status}: {statusText}'; a network failure gives its message.
import { hc, type ClientResponse, type InferResponseType } from 'hono/client';
import type { AppType } from '../../api/app';
import type { CrisisAnswer } from '../../domain/reading/crisis';
import type { SpreadType } from '../../domain/types';
import { authorizationHeader } from './auth/session';

export const UNKNOWN_ERROR = 'Неизвестная ошибка';
export const OFFLINE_ERROR = 'Нет соединения с сервером. Проверьте интернет и попробуйте снова.';

export const GENERIC_ERROR = 'Что-то пошло не так. Попробуйте ещё раз чуть позже.';

/** Our plan and service names may stay Latin on screen; nothing else may. */
const BRANDS = /\b(VIP|Basic|Premium|Telegram|Stars)\b/g;
const hasLatin = (s: string) => /[A-Za-z]/.test(s.replace(BRANDS, ''));

/**
 * What the user reads: the server's Russian message without the field name it starts with (kept for
 * developers in `detail`), its English asides dropped; an English or developer message becomes a Russian one.
 */
export function userMessage(message: string, status: number): string {
  const m = message.replace(/^[A-Za-z][\w.[\]]*:\s+/, '').trim();
  if (m && !hasLatin(m)) return m;
  const withoutAsides = m.replace(/\s*\([^()]*\)/g, '').trim();
  if (withoutAsides && !hasLatin(withoutAsides)) return withoutAsides;
  if (status === 0)
    return typeof navigator !== 'undefined' && navigator.onLine === false
      ? OFFLINE_ERROR
      : 'Не удалось связаться с сервером. Попробуйте ещё раз.';
  return GENERIC_ERROR;
}

export class ApiError extends Error {
  /** The message as the server (or the browser) gave it, for logs and code checks; `message` is what users read. */
  readonly detail: string;
  constructor(
    readonly status: number,
    message: string,
    readonly body?: Record<string, unknown>,
  ) {
    super(userMessage(message, status));
    this.detail = message;
  }
  /** The help lines instead of cards, when the question spoke of a crisis (422 with `crisis`). */
  get crisis(): CrisisAnswer | null {
    const v = this.body?.crisis;
    return this.status === 422 && v && typeof v === 'object' ? (v as CrisisAnswer) : null;
  }
  /** The next reset of a daily limit, when the server sent one (429). */
  get resetsAt(): string | null {
    const v = this.body?.resetsAt;
    return typeof v === 'string' ? v : null;
  }
}

/** The Authorization header for this launch (initData, or the in-memory token); none for a cookie session. */
const authorization = authorizationHeader;

export function authHeaders(extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  for (const [k, v] of Object.entries(authorization())) headers.set(k, v);
  return headers;
}

/** The /api routes, typed: `client.readings[':id'].$get({ param: { id } })`. Headers are read at each call. */
export const client = hc<AppType>('/', { headers: authorization }).api;

/** The `data` of a route's success answer (`{ success: true, data }`), as the route declares it. */
type SuccessData<T> = Extract<T, { success: true }> extends { data: infer D } ? D : never;
type BodyOf<R> = R extends ClientResponse<infer T, number, 'json'> ? T : never;

/** What a typed call answers on success: `DataOf<typeof client.user.status.$get>`. */
export type DataOf<F extends (...args: any[]) => Promise<ClientResponse<unknown>>> = SuccessData<InferResponseType<F>>;

/** A failed fetch (no answer at all) as an ApiError; an abort stays an abort. */
export function networkError(err: unknown): unknown {
  if ((err as Error)?.name === 'AbortError') return err;
  return new ApiError(
    0,
    typeof navigator !== 'undefined' && navigator.onLine === false ? OFFLINE_ERROR : (err as Error)?.message || UNKNOWN_ERROR,
  );
}

/** The envelope's data, or an ApiError carrying the server's (Russian) message and the answer's details. */
async function dataOf(res: Response): Promise<unknown> {
  const payload = (await res.json().catch(() => null)) as { success?: boolean; data?: unknown; error?: string } | null;
  if (!res.ok || !payload?.success) {
    throw new ApiError(res.status, payload?.error ?? `HTTP ${res.status}: ${res.statusText}`, payload ?? undefined);
  }
  return payload.data;
}

/** Awaits a typed call: `await call(client.user.status.$get())` is the route's data, or throws ApiError. */
export async function call<R extends ClientResponse<unknown, number, 'json'>>(pending: Promise<R>): Promise<SuccessData<BodyOf<R>>> {
  let res: R;
  try {
    res = await pending;
  } catch (err) {
    throw networkError(err);
  }
  return (await dataOf(res as unknown as Response)) as SuccessData<BodyOf<R>>;
}

export type StatusResponse = DataOf<typeof client.user.status.$get>;
export type UserStatus = StatusResponse['userStatus'];
export type ReadingView = DataOf<typeof client.readings.$post>;
export type DealtCardView = ReadingView['cards'][number];
export type DailyCardView = DataOf<(typeof client.user)['daily-card']['use']['$post']>;
export type DailyCardAvailability = DataOf<(typeof client.user)['daily-card']['available']['$get']>;
export type ReadingsPage = DataOf<typeof client.user.readings.$get>;

export const getStatus = () => call(client.user.status.$get());
export const putSettings = (s: { timeZone?: string; notifyDaily?: boolean; deck?: 'rws' | 'drawn'; reversals?: boolean }) =>
  call(client.user.settings.$put({ json: s }));
/** The server refuses an unknown spread type with a 400 naming spreadType. */
export const createReading = (spreadType: string, question: string, microPurchaseId?: number | null, personId?: number | null) =>
  call(
    // `table`: the cards screen turns them one by one and tells the server each turn.
    client.readings.$post({
      json: {
        spreadType: spreadType as SpreadType,
        question,
        table: true,
        ...(microPurchaseId ? { microPurchaseId } : {}),
        ...(personId ? { personId } : {}),
      },
    }),
  );
export const getReading = (id: number) => call(client.readings[':id'].$get({ param: { id: String(id) } }));
/** The first `turned` cards of a reading on the table are turned (idempotent, only forward). */
export const postTurned = (id: number, turned: number) =>
  call(client.readings[':id'].turned.$post({ param: { id: String(id) }, json: { turned } }));
/** The latest reading still on the table, or null («Продолжить расклад»). */
export const getReadingInProgress = () => call(client.readings['in-progress'].$get());
/** The caller's review of a reading (null before one is written). */
export const getReview = (readingId: number) => call(client.readings[':id'].review.$get({ param: { id: String(readingId) } }));
export const postReview = (readingId: number, review: { rating: number; text: string | null; publish: boolean }) =>
  call(client.readings[':id'].review.$post({ param: { id: String(readingId) }, json: review }));
export const listReadings = (limit: number, offset: number, search: { q?: string; card?: string } = {}) =>
  call(
    client.user.readings.$get({
      query: {
        limit: String(limit),
        offset: String(offset),
        ...(search.q ? { q: search.q } : {}),
        ...(search.card ? { card: search.card } : {}),
      },
    }),
  );
export const dailyCardAvailable = () => call(client.user['daily-card'].available.$get());
/** The user's own line about today's card (the journal lists it); empty clears it. */
export const saveDailyNote = (note: string) => call(client.user['daily-card'].note.$put({ json: { note } }));
export const drawDailyCard = (redraw = false) => call(client.user['daily-card'].use.$post({ json: redraw ? { redraw: true } : {} }));
export const getMoon = () => call(client.moon.$get());
/** After a 3-day streak: whether to offer the home-screen shortcut (only the first call says yes). */
export const homeScreenOffer = () => call(client.user['home-screen-offer'].$post());
export const prepareShare = (readingId: number, includeQuestion: boolean) =>
  call(client.readings[':id'].share.$post({ param: { id: String(readingId) }, json: { includeQuestion } }));

/** Only Russian reaches the screen: a message with Latin letters (a browser's or a developer's) is replaced. */
export const russianOr = (message: string | null | undefined, fallback: string) =>
  message && !/[A-Za-z]/.test(message) ? message : fallback;

/** «Карта дня в статусе»: the emoji of today's card when the app may offer it (once), else null. */
export const getEmojiStatusOffer = () => call(client['emoji-status'].$get());
export const markEmojiStatusOffered = () => call(client['emoji-status'].offered.$post());
