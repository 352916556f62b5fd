// «Второе мнение»: the same cards of one's own finished reading read again in another reader's voice. The text
// streams as Server-Sent Events (`opinion` {secondOpinion, allowance}, `delta` {text}, `reset` {}, then `done`
// {secondOpinion}) with Accept: text/event-stream, or comes as JSON (201, or 200 for a voice already asked on
// the reading). Refusals (400 `voice`, 402 for a plan without it, 404, 409, 422 crisis, 429 for today's
// allowance or the AI limit) come before any stream.
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { Services } from '../../services';
import { VOICES } from '../../domain/voices';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';
import { readingIdParam } from '../schemas';

const askBody = z.object({ voice: z.enum(VOICES, { error: 'выберите таролога: gentle (мягко), straight (прямо) или mystic (мистично)' }) });

export const secondOpinionRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .get('/readings/:id/second-opinions', validate('param', readingIdParam), async (c) => ok(c, await s.secondOpinions.list(c.var.userId, c.req.valid('param').id)))
    .post('/readings/:id/second-opinion', validate('param', readingIdParam), validate('json', askBody), async (c) => {
      const asked = await s.secondOpinions.ask(c.var.userId, c.req.valid('param').id, c.req.valid('json').voice);
      if (!(c.req.header('accept') ?? '').includes('text/event-stream')) {
        return ok(c, { secondOpinion: await asked.answer(), allowance: asked.allowance }, asked.repeated ? 200 : 201);
      }
      c.header('X-Accel-Buffering', 'no');
      // The writer runs to the end even if the client leaves, so the text is stored.
      return streamSSE(c, async (stream) => {
        const send = (event: string, data: unknown) => (stream.aborted ? undefined : stream.writeSSE({ event, data: JSON.stringify(data) }));
        await send('opinion', { secondOpinion: asked.opinion, allowance: asked.allowance });
        try {
          const secondOpinion = await asked.answer((e) => void (e.type === 'delta' ? send('delta', { text: e.text }) : send('reset', {})));
          await send('done', { secondOpinion });
        } catch (err) {
          await send('error', { message: err instanceof Error && err.message ? err.message : 'Произошла ошибка при получении второго мнения' });
        }
      });
    });
