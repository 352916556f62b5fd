// Readings: created by the server (spread type + question → checked, charged, dealt) and read by owner.
import { Hono } from 'hono';
import { z } from 'zod';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';
import { ownCards, question, readingIdParam, spreadType } from '../schemas';

const createBody = z.object({
  spreadType,
  question,
  /** The paid micro pack whose included 3-card reading this is. */
  microPurchaseId: z.number({ error: 'ожидается числовой id микро-пакета' }).int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** «Свой расклад»: the cards the user drew from a physical deck, in position order (the service checks them). */
  ownCards: ownCards.optional(),
});

export const readingRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .post('/', validate('json', createBody), async (c) => ok(c, await s.readings.create(c.var.userId, c.req.valid('json')), 201))
    .get('/:id', validate('param', readingIdParam), async (c) => {
      const id = c.req.valid('param').id;
      // A reading older than the archive window opens with VIP only (402 otherwise).
      const reading = await s.readings.get(c.var.userId, id);
      // The follow-ups («Уточнить») in order, and how many more the user's plan allows.
      const [{ followUps, allowance }, second] = await Promise.all([s.followUps.list(c.var.userId, id), s.secondOpinions.list(c.var.userId, id)]);
      // «Второе мнение»: the voices asked on this reading, and today's allowance.
      return ok(c, { ...reading, followUps, followUpAllowance: allowance, secondOpinions: second.secondOpinions, secondOpinionAllowance: second.allowance });
    });
