// The streamed answers (interpretation, follow-ups, second opinions) read to their end. Each stream's events
// and payloads are typed by the API's own (api/streams.ts, a type-only import). Loaded with the screens that
// stream, never with the first screen.
import type { JSONParsed } from 'hono/utils/types';
import type { FollowUpEvents, interpretationBody, InterpretationEvents, SecondOpinionEvents } from '../../api/streams';
import { ApiError, client, networkError, UNKNOWN_ERROR } from './api';
import { sseReader } from './sse';

/** What a stream's handlers receive: each event's payload as it reads after JSON. */
type Handlers<E> = { [K in Exclude<keyof E, 'error'>]?: (data: JSONParsed<E[K]>) => void };

/** Ask for the answer as a stream. */
const STREAM = { headers: { Accept: 'text/event-stream' } };

/**
 * Reads a streamed answer to its `done`: each event's payload goes to its handler. An `error` event, a broken
 * connection or a stream that ends before `done` throws ApiError (`cutOff` says what was cut off).
 */
async function readEventStream<E extends { done: unknown; error: { message: string } }>(
  res: Response,
  on: Handlers<E>,
  cutOff: string,
): Promise<void> {
  if (!res.body) throw new ApiError(0, UNKNOWN_ERROR);
  const reader = sseReader(res.body);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      let data: unknown;
      try {
        data = value.data ? JSON.parse(value.data) : {};
      } catch {
        continue;
      }
      const event = value.event ?? 'message';
      if (event === 'error') {
        const message = (data as { message?: unknown }).message;
        throw new ApiError(502, typeof message === 'string' && message ? message : UNKNOWN_ERROR);
      }
      (on as Record<string, ((d: unknown) => void) | undefined>)[event]?.(data);
      if (event === 'done') return;
    }
  } catch (err) {
    throw err instanceof ApiError ? err : networkError(err);
  } finally {
    reader.cancel().catch(() => {});
  }
  throw new ApiError(0, cutOff);
}

/** A typed call asked to stream, read to its end; a refusal (JSON) throws its ApiError. */
async function streamedCall<E extends { done: unknown; error: { message: string } }>(
  request: () => Promise<unknown>,
  on: Handlers<E>,
  cutOff: string,
): Promise<void> {
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
  return readEventStream<E>(res, on, cutOff);
}

/* ---------------------------------------------------------------- the interpretation */

/** The interpretation's outcome: who wrote the text, why, the notice, whether to offer «Спросить ИИ ещё раз». */
export type StreamDone = JSONParsed<InterpretationEvents['done']>;

export interface StreamHandlers {
  onDelta(text: string): void;
  onDone(done: StreamDone): void;
}

/**
 * GET /api/readings/:id/interpretation (or POST …/retry) as a stream. Resolves when the stream ends; throws
 * ApiError on a refusal, an `error` event, or a stream that ends without `done`. A server that answers JSON
 * after all gives the same outcome in one piece.
 */
export async function streamInterpretation(
  id: number,
  h: StreamHandlers,
  signal?: AbortSignal,
  o: { retry?: boolean } = {},
): Promise<void> {
  const param = { id: String(id) };
  const options = { ...STREAM, init: { signal } };
  const interpretation = client.readings[':id'].interpretation;
  let res: Response;
  try {
    res = (await (o.retry
      ? interpretation.retry.$post({ param }, options)
      : interpretation.$get({ param }, options))) as unknown as Response;
  } catch (err) {
    throw networkError(err);
  }
  if (res.ok && !(res.headers.get('Content-Type') ?? '').includes('text/event-stream')) {
    const payload = (await res.json().catch(() => null)) as {
      success?: boolean;
      data?: JSONParsed<ReturnType<typeof interpretationBody>>;
    } | null;
    if (!payload?.success || !payload.data) throw new ApiError(502, UNKNOWN_ERROR);
    const { interpretation: text, ...done } = payload.data;
    if (text) h.onDelta(text);
    h.onDone(done);
    return;
  }
  return streamedCall<InterpretationEvents>(
    async () => res,
    { delta: (d) => h.onDelta(d.text), done: (d) => h.onDone(d) },
    'Соединение прервалось до конца толкования',
  );
}

/* ---------------------------------------------------------------- follow-ups («Уточнить») */

export type FollowUpStream = Handlers<FollowUpEvents>;

export const streamFollowUp = (request: () => Promise<unknown>, on: FollowUpStream) =>
  streamedCall<FollowUpEvents>(request, on, 'Соединение прервалось до конца ответа');

/* ---------------------------------------------------------------- second opinions («Второе мнение») */

export type SecondOpinionStream = Handlers<SecondOpinionEvents>;

export const streamSecondOpinion = (request: () => Promise<unknown>, on: SecondOpinionStream) =>
  streamedCall<SecondOpinionEvents>(request, on, 'Соединение прервалось до конца ответа');

export { STREAM };
