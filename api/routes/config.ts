// /api/config: the prices the caller sees (read from the server's state), and the provider's details and the
// agreement's constants for /contacts and /terms (from configuration).
import { Hono } from 'hono';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok } from '../http';

export const configRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .get('/pricing', async (c) => ok(c, await s.payments.pricing(c.var.userId)))
    .get('/legal', (c) => ok(c, s.legal.details()));
