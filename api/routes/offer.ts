// GET /api/offer/micro/state: whether and how the micro offer shows now (the offer itself: offers.ts).
import { Hono } from 'hono';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok } from '../http';

export const offerStateRoutes = (s: Services) =>
  new Hono<AppEnv>().get('/micro/state', async (c) => ok(c, await s.payments.microOfferState(c.var.userId)));
