// Prices, offers, entitlements, the micro reveal and analytics
// calls. Everything here is read from the server's state; nothing the client says grants access.
import { Hono } from 'hono';
import { z } from 'zod';
import { ANALYTICS_EVENTS } from '../../domain/analytics';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';
import { flag, readingId, readingIdQuery } from '../schemas';

const revealBody = z.object({ readingId });

// What a payment return names, if anything: the order (a UUID) or the reading; `recent` (today's pack) for the daily card's screen.
const recoverBody = z.object({
  orderId: z.uuid({ error: 'ожидается номер заказа' }).optional(),
  readingId: readingId.optional(),
  recent: flag.optional(),
});

const trackBody = z.object({
  event: z.enum(ANALYTICS_EVENTS, { error: `ожидается одно из: ${ANALYTICS_EVENTS.join(', ')}` }),
  payload: z.record(z.string(), z.unknown(), { error: 'ожидается объект' }).optional().default({}),
});

export const offerRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .get('/config/pricing', async (c) => ok(c, await s.payments.pricing(c.var.userId)))
    .get('/offer/micro/state', async (c) => ok(c, await s.payments.microOfferState(c.var.userId)))
    .get('/offers/micro', async (c) => ok(c, await s.payments.microOffer(c.var.userId)))
    // The click is counted on the offer; the app tracks its clicked_mini_cta event itself.
    .post('/offers/micro/cta', async (c) => ok(c, await s.payments.microCta(c.var.userId)))
    .get('/user/entitlements', validate('query', readingIdQuery), async (c) =>
      ok(c, await s.payments.entitlements(c.var.userId, c.req.valid('query').readingId ?? null)),
    )
    .post('/readings/micro/reveal', validate('json', revealBody), async (c) => ok(c, await s.payments.reveal(c.var.userId, c.req.valid('json').readingId)))
    .post('/readings/micro/recover', validate('json', recoverBody), async (c) => ok(c, await s.payments.recoverMicro(c.var.userId, c.req.valid('json'))))
    .get('/upsell/week', async (c) => ok(c, await s.payments.upsellWeek(c.var.userId)))
    .post('/analytics/track', validate('json', trackBody), async (c) => {
      const b = c.req.valid('json');
      await s.analytics.track(c.var.userId, b.event, b.payload);
      return ok(c, { tracked: true });
    });
