// POST /api/analytics/track: the app's own events (the known names only), counted for the owner's dashboard.
import { Hono } from 'hono';
import * as z from 'zod';
import { ANALYTICS_EVENTS } from '../../domain/app/analytics';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';

const trackBody = z.object({
  event: z.enum(ANALYTICS_EVENTS, { error: `ожидается одно из: ${ANALYTICS_EVENTS.join(', ')}` }),
  payload: z.record(z.string(), z.unknown(), { error: 'ожидается объект' }).optional().default({}),
});

export const analyticsRoutes = (s: Services) =>
  new Hono<AppEnv>().post('/track', validate('json', trackBody), async (c) => {
    const b = c.req.valid('json');
    await s.analytics.track(c.var.userId, b.event, b.payload);
    return ok(c, { tracked: true });
  });
