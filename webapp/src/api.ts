// The API client: every call carries the launch data as `Authorization: tma <initData>`. Errors read as: the
// body's error text, else 'HTTP {status}: {statusText}'; a network failure gives its message.
import type { ReadingView } from '../../services/readings';
import type { DailyCardView } from '../../services/daily-card';
import type { UserProfileView, UserStatus } from '../../services/users';
import { readLaunchParams } from './telegram/launch';

export type { DealtCardView, ReadingView } from '../../services/readings';
export type { DailyCardView } from '../../services/daily-card';
export type { UserProfileView, UserStatus } from '../../services/users';

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
  /** The next reset of a daily limit, when the server sent one (429). */
  get resetsAt(): string | null {
    const v = this.body?.resetsAt;
    return typeof v === 'string' ? v : null;
  }
}

export function authHeaders(extra?: HeadersInit): Headers {
  const { initData, launchToken } = readLaunchParams();
  const headers = new Headers(extra);
  if (initData) headers.set('Authorization', `tma ${initData}`);
  else if (launchToken) headers.set('Authorization', `Bearer ${launchToken}`);
  return headers;
}

export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const headers = authHeaders(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  }
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers, body });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiError(0, navigator.onLine === false ? OFFLINE_ERROR : (err as Error)?.message || UNKNOWN_ERROR);
  }
  const payload = (await res.json().catch(() => null)) as { success?: boolean; data?: T; error?: string } | null;
  if (!res.ok || !payload?.success) {
    throw new ApiError(res.status, payload?.error ?? `HTTP ${res.status}: ${res.statusText}`, payload ?? undefined);
  }
  return payload.data as T;
}

export interface StatusResponse {
  user: UserProfileView;
  userStatus: UserStatus;
  /** Admins: the debug overlay is on. */
  debug?: boolean;
}

export interface DailyCardAvailability {
  available: boolean;
  used: boolean;
  canRedraw: boolean;
  resetsAt: string;
  today: DailyCardView | null;
}

export interface ReadingsPage {
  readings: ReadingView[];
  total: number;
  limit: number;
  offset: number;
  /** VIP: the whole archive is open. */
  fullArchive?: boolean;
  windowDays?: number | null;
  /** Readings older than the window that VIP would open. */
  olderHidden?: number;
}

export const getStatus = () => api<StatusResponse>('/api/user/status');
export const putSettings = (s: { timeZone?: string; notifyDaily?: boolean; deck?: 'rws' | 'drawn' }) =>
  api<{ userStatus: UserStatus }>('/api/user/settings', { method: 'PUT', json: s });
export const createReading = (spreadType: string, question: string, microPurchaseId?: number | null) =>
  api<ReadingView>('/api/readings', { method: 'POST', json: microPurchaseId ? { spreadType, question, microPurchaseId } : { spreadType, question } });
export const getReading = (id: number) => api<ReadingView>(`/api/readings/${id}`);
export const listReadings = (limit: number, offset: number, search: { q?: string; card?: string } = {}) => {
  const p = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (search.q) p.set('q', search.q);
  if (search.card) p.set('card', search.card);
  return api<ReadingsPage>(`/api/user/readings?${p}`);
};
export const dailyCardAvailable = () => api<DailyCardAvailability>('/api/user/daily-card/available');
export const drawDailyCard = (redraw = false) =>
  api<DailyCardView>('/api/user/daily-card/use', { method: 'POST', json: redraw ? { redraw: true } : {} });

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
  o: { turned?: number; retry?: boolean } = {},
): Promise<void> {
  let res: Response;
  try {
    // «Спросить ИИ ещё раз» posts to …/retry; otherwise the server learns how many cards were turned.
    const url = o.retry
      ? `/api/readings/${id}/interpretation/retry`
      : `/api/readings/${id}/interpretation${o.turned && o.turned > 0 ? `?turned=${o.turned}` : ''}`;
    res = await fetch(url, { method: o.retry ? 'POST' : 'GET', headers: authHeaders({ Accept: 'text/event-stream' }), signal });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiError(0, navigator.onLine === false ? OFFLINE_ERROR : (err as Error)?.message || UNKNOWN_ERROR);
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
  if (!res.body) throw new ApiError(0, UNKNOWN_ERROR);

  const state: { finished: boolean; failure: ApiError | null } = { finished: false, failure: null };
  const parse = createSseParser((event, data) => {
    let json: Record<string, unknown> = {};
    try {
      json = data ? JSON.parse(data) : {};
    } catch {
      return;
    }
    if (event === 'delta' && typeof json.text === 'string') h.onDelta(json.text);
    else if (event === 'done') {
      state.finished = true;
      h.onDone(doneOf(json));
    } else if (event === 'error') {
      state.failure = new ApiError(502, typeof json.message === 'string' && json.message ? json.message : UNKNOWN_ERROR);
    }
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
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiError(0, navigator.onLine === false ? OFFLINE_ERROR : (err as Error)?.message || UNKNOWN_ERROR);
  } finally {
    reader.cancel().catch(() => {});
  }
  if (state.failure) throw state.failure;
  if (!state.finished) throw new ApiError(0, 'Соединение прервалось до конца толкования');
}
