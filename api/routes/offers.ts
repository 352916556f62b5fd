// /api/offers: the micro offer and its click. Read from the server's state; nothing the client says grants
// access. The offer's state is at the singular /api/offer (offer.ts).
import { Hono } from 'hono';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok } from '../http';

export const offerRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .get('/micro', async (c) => ok(c, await s.payments.microOffer(c.var.userId)))
    // The click is counted on the offer; the app tracks its clicked_mini_cta event itself.
    .post('/micro/cta', async (c) => ok(c, await s.payments.microCta(c.var.userId)));
