// GET /api/health: liveness, with the database answering.
import { Hono } from 'hono';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { fail, ok } from '../http';

export const healthRoutes = (s: Services) =>
  new Hono<AppEnv>().get('/', async (c) => {
    try {
      await s.health.check();
      return ok(c, { status: 'ok', database: 'ok' });
    } catch {
      return fail(c, 503, 'База данных недоступна');
    }
  });
