// Readings for two: invitations, accepting one, the pairs, a pair's screen, leaving, and a pair's spread.
import { Hono } from 'hono';
import * as z from 'zod';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';
import { pairIdParam, question } from '../schemas';

/** The invitation's token (base64url), with or without the start parameter's `pair_` prefix. */
const token = z
  .string({ error: 'укажите приглашение' })
  .trim()
  .transform((t) => (t.startsWith('pair_') ? t.slice(5) : t))
  .pipe(z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'приглашение не распознано'));
const acceptBody = z.object({ token });
const tokenParam = z.object({ token });
const askBody = z.object({ question });

export const pairRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .post('/', async (c) => ok(c, await s.pairs.invite(c.var.userId), 201))
    .post('/accept', validate('json', acceptBody), async (c) => ok(c, await s.pairs.accept(c.var.userId, c.req.valid('json').token), 201))
    .get('/', async (c) => ok(c, await s.pairs.list(c.var.userId)))
    .get('/invitations/:token', validate('param', tokenParam), async (c) =>
      ok(c, await s.pairs.invitation(c.var.userId, c.req.valid('param').token)),
    )
    .get('/:id', validate('param', pairIdParam), async (c) => ok(c, await s.pairs.get(c.var.userId, c.req.valid('param').id)))
    .delete('/:id', validate('param', pairIdParam), async (c) => ok(c, await s.pairs.leave(c.var.userId, c.req.valid('param').id)))
    .post('/:id/readings', validate('param', pairIdParam), validate('json', askBody), async (c) =>
      ok(c, await s.readings.createForPair(c.var.userId, c.req.valid('param').id, c.req.valid('json').question), 201),
    );
