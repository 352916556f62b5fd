// GET /api/debug/micro-status: the path the specification names for what the micro flow sees for a reading,
// kept as an alias of GET /api/admin/micro-status. Admins only: anyone else gets 404, as an unknown path would.
import { Hono } from 'hono';
import type { Services } from '../../services';
import { requireAdmin, type AppEnv } from '../auth';
import { ok, validate } from '../http';
import { readingIdQuery } from '../schemas';

export const debugRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .use('*', requireAdmin(s))
    .get('/micro-status', validate('query', readingIdQuery), async (c) =>
      ok(c, await s.payments.debugMicroStatus(c.var.userId, c.req.valid('query').readingId ?? null)),
    );
