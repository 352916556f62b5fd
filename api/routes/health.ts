// GET /api/health: liveness, with the database answering.
import { Hono } from 'hono';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { fail, ok } from '../http';

/** `check` resolves when the database answers. The start-up's early server answers the same (scripts/early-server.ts). */
export const healthRoutes = (health: Pick<Services['health'], 'check'>) =>
  new Hono<AppEnv>().get('/', async (c) => {
    try {
      await health.check();
      return ok(c, { status: 'ok', database: 'ok' });
    } catch {
      return fail(c, 503, 'База данных недоступна');
    }
  });
