// «Уточнить»: follow-up questions on one's own finished reading. The answer streams as Server-Sent Events
// (`card` {followUp, allowance}, `delta` {text}, `reset` {}, then `done` {followUp}) with Accept:
// text/event-stream, or comes as JSON (201, or 200 for a question already asked on the reading: that
// follow-up again). Refusals (400, 402, 403, 404, 409, 429) come before any stream.
import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { Services } from '../../services';
import type { FollowUpStreamEvent, FollowUpView } from '../../services/follow-ups';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';
import { followUpIdParam, followUpQuestion, readingIdParam } from '../schemas';

const askBody = z.object({ question: followUpQuestion });

const wantsStream = (c: Context) => (c.req.header('accept') ?? '').includes('text/event-stream');

/** Streams one answer; the writer runs to the end even if the client leaves, so the answer is stored. */
function streamAnswer(c: Context, first: Record<string, unknown> | null, run: (emit: (e: FollowUpStreamEvent) => void) => Promise<FollowUpView>) {
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const send = (event: string, data: unknown) => (stream.aborted ? undefined : stream.writeSSE({ event, data: JSON.stringify(data) }));
    if (first) await send('card', first);
    try {
      const followUp = await run((e) => void (e.type === 'delta' ? send('delta', { text: e.text }) : send('reset', {})));
      await send('done', { followUp });
    } catch (err) {
      await send('error', { message: err instanceof Error && err.message ? err.message : 'Произошла ошибка при получении ответа' });
    }
  });
}

export const followUpRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .get('/readings/:id/follow-ups', validate('param', readingIdParam), async (c) => ok(c, await s.followUps.list(c.var.userId, c.req.valid('param').id)))
    .post('/readings/:id/follow-ups', validate('param', readingIdParam), validate('json', askBody), async (c) => {
      const asked = await s.followUps.ask(c.var.userId, c.req.valid('param').id, c.req.valid('json').question);
      if (wantsStream(c)) return streamAnswer(c, { followUp: asked.followUp, allowance: asked.allowance }, asked.answer);
      return ok(c, { followUp: await asked.answer(), allowance: asked.allowance }, asked.repeated ? 200 : 201);
    })
    .post('/readings/:id/follow-ups/:fid/retry', validate('param', followUpIdParam), async (c) => {
      const { id, fid } = c.req.valid('param');
      const retry = await s.followUps.retry(c.var.userId, id, fid);
      if (wantsStream(c)) return streamAnswer(c, null, retry.answer);
      return ok(c, { followUp: await retry.answer() });
    });
