// AI interpretations over HTTP: the reading's interpretation as Server-Sent Events (or JSON), and the
// AI proxy calls with server meaning: only the caller's own server-dealt reading or daily card.
import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { Services } from '../../services';
import { ServiceError } from '../../services/errors';
import type { InterpretationResult, InterpretationSession } from '../../services/interpretation';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';
import { readingId, readingIdParam } from '../schemas';

const chatBody = z
  .object({
    readingId: readingId.optional(),
    messages: z
      .array(
        z.object({
          role: z.string({ error: 'ожидается роль сообщения' }).max(20),
          content: z.string({ error: 'ожидается текст сообщения' }).max(20_000, 'не больше 20000 символов'),
        }),
        { error: 'ожидается список сообщений' },
      )
      .max(20, 'не больше 20 сообщений')
      .optional(),
  })
  .refine((b) => b.readingId !== undefined || (b.messages?.length ?? 0) > 0, { message: 'укажите readingId своего расклада', path: ['readingId'] });

const dailyCardBody = z
  .object({
    // The stored card is interpreted; what the client names is accepted for the client's payload and ignored.
    cardName: z.string().max(200).optional(),
    cardMeaning: z.string().max(2000).optional(),
    context: z.string().max(2000).optional(),
  })
  .optional();

const guidanceBody = z
  .object({
    cardName: z.string().max(200).optional(),
    cardMeaning: z.string().max(2000).optional(),
    dailyPlans: z.string({ error: 'ожидается текст' }).max(500, 'не больше 500 символов').optional(),
  })
  .optional();

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

/** The JSON shape of a finished interpretation (the SSE `done` event carries the same fields minus the text). */
const resultBody = (r: InterpretationResult) => ({ interpretation: r.interpretation, ...stateOf(r), reading: r.reading });

const SSE_PING_MS = 15_000;

/** A Russian line for an error that ends a stream already under way. */
function streamErrorMessage(err: unknown): string {
  return err instanceof ServiceError ? err.message : 'Произошла ошибка при получении интерпретации';
}

/** Answers with the session: SSE when the client asks for it, otherwise the whole result as JSON. */
function respond(c: Context<AppEnv>, session: InterpretationSession) {
  const wantsStream = (c.req.header('accept') ?? '').includes('text/event-stream');
  if (!wantsStream) {
    c.req.raw.signal.addEventListener('abort', () => session.close(), { once: true });
    return session.result().then((r) => ok(c, resultBody(r)));
  }
  // Proxies (nginx) must pass each event on at once.
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    stream.onAbort(() => session.close());
    // While another instance writes the text this stream can be quiet for a while; comments keep it open.
    const ping = setInterval(() => void stream.write(': ping\n\n'), SSE_PING_MS);
    try {
      for await (const e of session.events()) {
        if (stream.aborted) break;
        if (e.type === 'delta') await stream.writeSSE({ event: 'delta', data: JSON.stringify({ text: e.text }) });
        else if (e.type === 'done') await stream.writeSSE({ event: 'done', data: JSON.stringify({ reading: e.result.reading, ...stateOf(e.result) }) });
        else await stream.writeSSE({ event: 'error', data: JSON.stringify({ message: streamErrorMessage(e.error) }) });
      }
    } catch (err) {
      if (!stream.aborted) await stream.writeSSE({ event: 'error', data: JSON.stringify({ message: streamErrorMessage(err) }) });
    } finally {
      clearInterval(ping);
      session.close();
    }
  });
}

export const interpretationRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .get('/readings/:id/interpretation', validate('param', readingIdParam), async (c) =>
      respond(c, await s.interpretation.open(c.var.userId, c.req.valid('param').id)),
    )
    // «Спросить ИИ ещё раз»: the same cards go to the AI again, at no cost.
    .post('/readings/:id/interpretation/retry', validate('param', readingIdParam), async (c) =>
      respond(c, await s.interpretation.retry(c.var.userId, c.req.valid('param').id)),
    )
    .post('/chat', validate('json', chatBody), async (c) => {
      const r = await s.interpretation.chat(c.var.userId, c.req.valid('json'), c.req.raw.signal);
      return ok(c, { message: r.interpretation, ...resultBody(r), readingId: r.reading.id });
    })
    .post('/interpret-daily-card', validate('json', dailyCardBody), async (c) => ok(c, await s.interpretation.dailyCard(c.var.userId)))
    .post('/detailed-daily-guidance', validate('json', guidanceBody), async (c) =>
      ok(c, await s.interpretation.dailyGuidance(c.var.userId, c.req.valid('json')?.dailyPlans ?? null)),
    );
