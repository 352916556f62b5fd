// POST /api/chat: the AI proxy call with server meaning: only the caller's own server-dealt reading is
// interpreted (what the client sends as messages is not a prompt).
import { Hono } from 'hono';
import * as z from 'zod';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';
import { readingId } from '../schemas';
import { interpretationBody } from '../streams';

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
  .refine((b) => b.readingId !== undefined || (b.messages?.length ?? 0) > 0, {
    message: 'укажите readingId своего расклада',
    path: ['readingId'],
  });

export const chatRoutes = (s: Services) =>
  new Hono<AppEnv>().post('/', validate('json', chatBody), async (c) => {
    const r = await s.interpretation.chat(c.var.userId, c.req.valid('json'), c.req.raw.signal);
    return ok(c, { message: r.interpretation, ...interpretationBody(r), readingId: r.reading.id });
  });
