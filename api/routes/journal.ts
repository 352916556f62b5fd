// The journal: a note on one's own reading, and the month's figures for «Дневник».
import { Hono } from 'hono';
import { z } from 'zod';
import { NOTE_MAX } from '../../domain/journal';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';

const idParam = z.object({ id: z.string().regex(/^\d{1,16}$/, 'ожидается числовой id расклада').transform(Number) });
const noteBody = z.object({ note: z.string({ error: 'ожидается текст заметки' }).max(NOTE_MAX * 2, `не больше ${NOTE_MAX} символов`) });
const monthQuery = z.object({
  month: z
    .string()
    .regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/, 'ожидается месяц ГГГГ-ММ')
    .optional(),
});

export const journalRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .put('/readings/:id/note', validate('param', idParam), validate('json', noteBody), async (c) =>
      ok(c, await s.journal.setNote(c.var.userId, c.req.valid('param').id, c.req.valid('json').note)),
    )
    .get('/user/journal', validate('query', monthQuery), async (c) => ok(c, await s.journal.month(c.var.userId, c.req.valid('query').month)));
