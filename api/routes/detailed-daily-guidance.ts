// POST /api/detailed-daily-guidance: advice for the day from today's stored card and the user's plans.
import { Hono } from 'hono';
import * as z from 'zod';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';

const guidanceBody = z
  .object({
    cardName: z.string().max(200).optional(),
    cardMeaning: z.string().max(2000).optional(),
    dailyPlans: z.string({ error: 'ожидается текст' }).max(500, 'не больше 500 символов').optional(),
  })
  .optional();

export const detailedDailyGuidanceRoutes = (s: Services) =>
  new Hono<AppEnv>().post('/', validate('json', guidanceBody), async (c) =>
    ok(c, await s.interpretation.dailyGuidance(c.var.userId, c.req.valid('json')?.dailyPlans ?? null)),
  );
