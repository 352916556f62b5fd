// The journal: a note on one's own reading, and the month's figures for «Дневник».
import { Hono } from 'hono';
import { z } from 'zod';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';
import { note, readingIdParam } from '../schemas';

const noteBody = z.object({ note });
const monthQuery = z.object({
  month: z
    .string()
    .regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/, 'ожидается месяц ГГГГ-ММ')
    .optional(),
  /** Whether the figures count the readings of the user's own deck («своя колода»); default include. */
  ownDeck: z.enum(['include', 'exclude'], { error: 'ожидается include или exclude' }).optional(),
});

export const journalRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .put('/readings/:id/note', validate('param', readingIdParam), validate('json', noteBody), async (c) =>
      ok(c, await s.journal.setNote(c.var.userId, c.req.valid('param').id, c.req.valid('json').note)),
    )
    .get('/user/journal', validate('query', monthQuery), async (c) => {
      const q = c.req.valid('query');
      return ok(c, await s.journal.month(c.var.userId, q.month, q.ownDeck));
    });
