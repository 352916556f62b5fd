// The streamed answers (Server-Sent Events, asked for with Accept: text/event-stream): what each stream sends,
// by event name, and the writers. The web app's stream client and the tests read these types (type-only), so
// a renamed event or field fails their typecheck. Refusals come before any stream, as a JSON answer.
import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ServiceError } from '../services/errors';
import type { FollowUpAllowance, FollowUpView } from '../services/follow-ups';
import type { InterpretationResult, InterpretationSession } from '../services/interpretation';
import type { SecondOpinionAllowance, SecondOpinionView } from '../services/second-opinions';
import type { AppEnv } from './auth';
import { ok } from './http';

/** Any stream may end with `error`: a Russian line, once the answer had begun. */
interface StreamError {
  error: { message: string };
}
/** The AI's text as it comes; `reset`: it stopped mid-way, and what was shown is replaced by what follows. */
interface TextPieces {
  delta: { text: string };
  reset: Record<string, never>;
}

/** What a client needs beside the text: who wrote it, the calm Russian notice, and whether it can ask again. */
const stateOf = (r: InterpretationResult) => ({
  fallback: r.fallback,
  error: r.error,
  source: r.source,
  fallbackReason: r.fallbackReason,
  canRetry: r.canRetry,
  notice: r.notice,
  cutOff: r.cutOff,
});

/** The JSON shape of a finished interpretation (the stream's `done` carries the same fields minus the text). */
export const interpretationBody = (r: InterpretationResult) => ({ interpretation: r.interpretation, ...stateOf(r), reading: r.reading });

/** GET /api/readings/:id/interpretation (and …/retry): the text, then the outcome. */
export type InterpretationEvents = StreamError & {
  delta: { text: string };
  done: ReturnType<typeof stateOf> & { reading: InterpretationResult['reading'] };
};
/** POST /api/readings/:id/follow-ups (and …/:fid/retry): the question's card first (not on a retry). */
export type FollowUpEvents = StreamError &
  TextPieces & {
    card: { followUp: FollowUpView; allowance: FollowUpAllowance };
    done: { followUp: FollowUpView };
  };
/** POST /api/readings/:id/second-opinion: the opinion's card first, with the count after this one. */
export type SecondOpinionEvents = StreamError &
  TextPieces & {
    opinion: { secondOpinion: SecondOpinionView; allowance: Pick<SecondOpinionAllowance, 'limit' | 'used' | 'remaining' | 'locked'> };
    done: { secondOpinion: SecondOpinionView };
  };

type Send<E> = <K extends keyof E & string>(event: K, data: E[K]) => Promise<void> | undefined;
const sender =
  <E>(stream: SSEStreamingApi): Send<E> =>
  (event, data) =>
    stream.aborted ? undefined : stream.writeSSE({ event, data: JSON.stringify(data) });

export const wantsStream = (c: Context) => (c.req.header('accept') ?? '').includes('text/event-stream');

const SSE_PING_MS = 15_000;

/** A Russian line for an error that ends a stream already under way. */
function streamErrorMessage(err: unknown): string {
  return err instanceof ServiceError ? err.message : 'Произошла ошибка при получении интерпретации';
}

/** Answers with an interpretation session: SSE when the client asks for it, otherwise the whole result as JSON. */
export function respondInterpretation(c: Context<AppEnv>, session: InterpretationSession) {
  if (!wantsStream(c)) {
    c.req.raw.signal.addEventListener('abort', () => session.close(), { once: true });
    return session.result().then((r) => ok(c, interpretationBody(r)));
  }
  // Proxies (nginx) must pass each event on at once.
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const send = sender<InterpretationEvents>(stream);
    stream.onAbort(() => session.close());
    // While another instance writes the text this stream can be quiet for a while; comments keep it open.
    const ping = setInterval(() => void stream.write(': ping\n\n'), SSE_PING_MS);
    try {
      for await (const e of session.events()) {
        if (stream.aborted) break;
        if (e.type === 'delta') await send('delta', { text: e.text });
        else if (e.type === 'done') await send('done', { reading: e.result.reading, ...stateOf(e.result) });
        else await send('error', { message: streamErrorMessage(e.error) });
      }
    } catch (err) {
      if (!stream.aborted) await send('error', { message: streamErrorMessage(err) });
    } finally {
      clearInterval(ping);
      session.close();
    }
  });
}

/**
 * An AI answer's request: its stream when the client asks for one, otherwise the whole answer as JSON. The
 * JSON is made here, not in the route's handler, so the route's type keeps it: beside the stream's plain
 * Response in one handler it was lost (the handler's own context in `ok` defeats Hono's inference).
 */
export function respondAnswer<D, S extends ContentfulStatusCode = 200>(
  c: Context,
  stream: () => Response,
  json: () => Promise<D>,
  status?: S,
) {
  if (wantsStream(c)) return stream();
  return json().then((data) => ok(c, data, status));
}

type Piece = { type: 'delta'; text: string } | { type: 'reset' };
type AnswerEvents = StreamError & TextPieces & { done: unknown };

/**
 * Streams one AI answer: `begin` sends the answer's card, then the text's pieces, then `done` with what `run`
 * gives. The writer runs to the end even if the client leaves, so the answer is stored.
 */
export function streamAnswer<E extends AnswerEvents>(
  c: Context,
  begin: ((send: Send<E>) => Promise<void> | undefined) | null,
  run: (emit: (e: Piece) => void) => Promise<E['done']>,
  failure: string,
) {
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const send = sender<AnswerEvents>(stream);
    if (begin) await begin(send as Send<E>);
    try {
      const done = await run((e) => void (e.type === 'delta' ? send('delta', { text: e.text }) : send('reset', {})));
      await send('done', done);
    } catch (err) {
      await send('error', { message: err instanceof Error && err.message ? err.message : failure });
    }
  });
}
