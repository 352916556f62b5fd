// GET /api/upsell/week: whether to offer the week pass now, from the server's state.
import { Hono } from 'hono';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok } from '../http';

export const upsellRoutes = (s: Services) => new Hono<AppEnv>().get('/week', async (c) => ok(c, await s.payments.upsellWeek(c.var.userId)));
