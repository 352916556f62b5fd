// The API client: calls go through `hono/client` typed by the server's routes (AppType, a type-only import:
// no server code reaches the bundle), so a path, a body or a field the route does not have fails the
// typecheck. Every call carries the launch data as `Authorization: tma <initData>`. Errors read as: the
// body's error text, else 'HTTP {status}: {statusText}'; a network failure gives its message.
import { hc, type ClientResponse, type InferResponseType } from 'hono/client';
import type { AppType } from '../../api/app';
import type { CrisisAnswer } from '../../domain/crisis';
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
  if (status === 0) return typeof navigator !== 'undefined' && navigator.onLine === false ? OFFLINE_ERROR : 'Не удалось связаться с сервером. Попробуйте ещё раз.';
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
  return new ApiError(0, typeof navigator !== 'undefined' && navigator.onLine === false ? OFFLINE_ERROR : (err as Error)?.message || UNKNOWN_ERROR);
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
export type DailyCardView = DataOf<typeof client.user['daily-card']['use']['$post']>;
export type DailyCardAvailability = DataOf<typeof client.user['daily-card']['available']['$get']>;
export type ReadingsPage = DataOf<typeof client.user.readings.$get>;

export const getStatus = () => call(client.user.status.$get());
export const putSettings = (s: { timeZone?: string; notifyDaily?: boolean; deck?: 'rws' | 'drawn'; reversals?: boolean }) => call(client.user.settings.$put({ json: s }));
/** The server refuses an unknown spread type with a 400 naming spreadType. */
export const createReading = (spreadType: string, question: string, microPurchaseId?: number | null) =>
  call(client.readings.$post({ json: { spreadType: spreadType as SpreadType, question, ...(microPurchaseId ? { microPurchaseId } : {}) } }));
export const getReading = (id: number) => call(client.readings[':id'].$get({ param: { id: String(id) } }));
/** The caller's review of a reading (null before one is written). */
export const getReview = (readingId: number) => call(client.readings[':id'].review.$get({ param: { id: String(readingId) } }));
export const postReview = (readingId: number, review: { rating: number; text: string | null; publish: boolean }) =>
  call(client.readings[':id'].review.$post({ param: { id: String(readingId) }, json: review }));
export const listReadings = (limit: number, offset: number, search: { q?: string; card?: string } = {}) =>
  call(
    client.user.readings.$get({
      query: { limit: String(limit), offset: String(offset), ...(search.q ? { q: search.q } : {}), ...(search.card ? { card: search.card } : {}) },
    }),
  );
export const dailyCardAvailable = () => call(client.user['daily-card'].available.$get());
export const drawDailyCard = (redraw = false) => call(client.user['daily-card'].use.$post({ json: redraw ? { redraw: true } : {} }));
export const getMoon = () => call(client.moon.$get());
/** After a 3-day streak: whether to offer the home-screen shortcut (only the first call says yes). */
export const homeScreenOffer = () => call(client.user['home-screen-offer'].$post());
export const prepareShare = (readingId: number, includeQuestion: boolean) =>
  call(client.readings[':id'].share.$post({ param: { id: String(readingId) }, json: { includeQuestion } }));

/* ---------------------------------------------------------------- the interpretation stream (SSE) */

export interface StreamDone {
  reading: ReadingView | null;
  fallback: boolean;
  /** The server's reason (an English AI_ERRORS text): for logs only, never shown. */
  error: string | null;
  /** Why the cards wrote the text: no AI configured, or the AI failed. */
  fallbackReason: 'no_ai' | 'ai_failed' | null;
  /** «Спросить ИИ ещё раз» is possible. */
  canRetry: boolean;
  /** The calm Russian line for a card-based text. */
  notice: string | null;
}

const doneOf = (d: Record<string, unknown>): StreamDone => ({
  reading: (d.reading as ReadingView) ?? null,
  fallback: d.fallback === true,
  error: typeof d.error === 'string' ? d.error : null,
  fallbackReason: d.fallbackReason === 'no_ai' || d.fallbackReason === 'ai_failed' ? d.fallbackReason : null,
  canRetry: d.canRetry === true,
  notice: typeof d.notice === 'string' ? d.notice : null,
});

/** Only Russian reaches the screen: a message with Latin letters (a browser's or a developer's) is replaced. */
export const russianOr = (message: string | null | undefined, fallback: string) => (message && !/[A-Za-z]/.test(message) ? message : fallback);

export interface StreamHandlers {
  onDelta(text: string): void;
  onDone(done: StreamDone): void;
}

/** Splits an SSE byte stream into events (`event:` name and joined `data:` lines). */
export function createSseParser(onEvent: (event: string, data: string) => void) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let sep: number;
    while ((sep = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, sep);
      buffer = buffer.slice(sep + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length || event !== 'message') onEvent(event, data.join('\n'));
    }
  };
}

/**
 * GET /api/readings/:id/interpretation as Server-Sent Events, read with fetch (EventSource cannot send the
 * Authorization header). Resolves when the stream ends; throws ApiError on a failed answer, an `error`
 * event, or a stream that ends without `done`.
 */
export async function streamInterpretation(
  id: number,
  h: StreamHandlers,
  signal?: AbortSignal,
  o: { retry?: boolean } = {},
): Promise<void> {
  let res: Response;
  try {
    // «Спросить ИИ ещё раз» posts to …/retry.
    const param = { id: String(id) };
    const options = { headers: { Accept: 'text/event-stream' }, init: { signal } };
    const interpretation = client.readings[':id'].interpretation;
    res = (await (o.retry
      ? interpretation.retry.$post({ param }, options)
      : interpretation.$get({ param }, options))) as unknown as Response;
  } catch (err) {
    throw networkError(err);
  }
  const type = res.headers.get('Content-Type') ?? '';
  if (!res.ok || !type.includes('text/event-stream')) {
    const payload = (await res.json().catch(() => null)) as {
      success?: boolean;
      error?: string;
      data?: { interpretation?: string } & Record<string, unknown>;
    } | null;
    if (res.ok && payload?.success && payload.data) {
      // A server that answered JSON after all: the same outcome in one piece.
      if (payload.data.interpretation) h.onDelta(payload.data.interpretation);
      h.onDone(doneOf(payload.data));
      return;
    }
    throw new ApiError(res.status, payload?.error ?? `HTTP ${res.status}: ${res.statusText}`, payload ?? undefined);
  }
  return readEventStream(
    res,
    (event, json) => {
      if (event === 'delta' && typeof json.text === 'string') h.onDelta(json.text);
      else if (event === 'done') {
        h.onDone(doneOf(json));
        return true;
      }
    },
    'Соединение прервалось до конца толкования',
  );
}

/**
 * Reads a streamed answer (Server-Sent Events) to its end: each event's JSON goes to `onEvent`, which returns
 * true for the last one. An `error` event, a broken connection or a stream that ends before the last event
 * throws ApiError (`cutOff` says what was cut off).
 */
async function readEventStream(res: Response, onEvent: (event: string, json: Record<string, unknown>) => boolean | void, cutOff: string): Promise<void> {
  if (!res.body) throw new ApiError(0, UNKNOWN_ERROR);
  const state: { finished: boolean; failure: ApiError | null } = { finished: false, failure: null };
  const parse = createSseParser((event, data) => {
    let json: Record<string, unknown> = {};
    try {
      json = data ? JSON.parse(data) : {};
    } catch {
      return;
    }
    if (event === 'error') state.failure = new ApiError(502, typeof json.message === 'string' && json.message ? json.message : UNKNOWN_ERROR);
    else if (onEvent(event, json)) state.finished = true;
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parse(value);
      if (state.failure || state.finished) break;
    }
  } catch (err) {
    throw networkError(err);
  } finally {
    reader.cancel().catch(() => {});
  }
  if (state.failure) throw state.failure;
  if (!state.finished) throw new ApiError(0, cutOff);
}

/** A typed call asked to stream (`Accept: text/event-stream`), read to its end; a refusal throws its ApiError. */
export async function streamedCall(request: () => Promise<unknown>, onEvent: (event: string, json: Record<string, unknown>) => boolean | void, cutOff: string): Promise<void> {
  let res: Response;
  try {
    res = (await request()) as Response;
  } catch (err) {
    throw networkError(err);
  }
  if (!res.ok || !(res.headers.get('Content-Type') ?? '').includes('text/event-stream')) {
    const payload = (await res.json().catch(() => null)) as ({ error?: string } & Record<string, unknown>) | null;
    throw new ApiError(res.status, payload?.error ?? `HTTP ${res.status}: ${res.statusText}`, payload ?? undefined);
  }
  return readEventStream(res, onEvent, cutOff);
}

/** Ask for the answer as a stream. */
export const STREAM = { headers: { Accept: 'text/event-stream' } };
