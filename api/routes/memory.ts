// «Память толкователя»: what memory holds (the settings' list), the switch, forgetting one reading or all.
import { Hono } from 'hono';
import * as z from 'zod';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';
import { flag, readingIdParam } from '../schemas';

const switchBody = z.object({ on: flag });

export const memoryRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .get('/', async (c) => ok(c, await s.memory.view(c.var.userId)))
    .put('/', validate('json', switchBody), async (c) => {
      await s.memory.setOn(c.var.userId, c.req.valid('json').on);
      return ok(c, await s.memory.view(c.var.userId));
    })
    .delete('/readings/:id', validate('param', readingIdParam), async (c) => {
      await s.memory.forget(c.var.userId, c.req.valid('param').id);
      return ok(c, await s.memory.view(c.var.userId));
    })
    .delete('/readings', async (c) => {
      await s.memory.forgetAll(c.var.userId);
      return ok(c, await s.memory.view(c.var.userId));
    });
