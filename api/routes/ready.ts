// GET /api/ready: readiness: the database answers and carries every migration this build knows.
import { Hono } from 'hono';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { fail, ok } from '../http';

export const readyRoutes = (s: Services) =>
  new Hono<AppEnv>().get('/', async (c) => {
    try {
      const pending = await s.health.pendingMigrations();
      if (pending.length) return fail(c, 503, `Миграции не применены: ${pending.join(', ')}`);
      return ok(c, { status: 'ready' });
    } catch {
      return fail(c, 503, 'База данных недоступна');
    }
  });
