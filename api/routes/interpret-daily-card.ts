// POST /api/interpret-daily-card: today's stored card interpreted by the AI (or the cards).
import { Hono } from 'hono';
import * as z from 'zod';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';

const dailyCardBody = z
  .object({
    // The stored card is interpreted; what the client names is accepted for the client's payload and ignored.
    cardName: z.string().max(200).optional(),
    cardMeaning: z.string().max(2000).optional(),
    context: z.string().max(2000).optional(),
  })
  .optional();

export const interpretDailyCardRoutes = (s: Services) =>
  new Hono<AppEnv>().post('/', validate('json', dailyCardBody), async (c) => ok(c, await s.interpretation.dailyCard(c.var.userId)));
