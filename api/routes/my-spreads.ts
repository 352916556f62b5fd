// «Свои расклады» (VIP): the caller's own spreads (list with the editor's grid and roles, create, edit,
// delete), the share link, a shared spread's preview and copy, and a reading dealt in one of them.
import { Hono } from 'hono';
import * as z from 'zod';
import { CUSTOM_POSITIONS } from '../../domain/tarot/custom-spreads';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';
import { customSpreadIdParam, personId, question } from '../schemas';

/** The shape only; checkCustomSpread (domain/tarot/custom-spreads.ts) checks names, roles and cells, naming the field. */
const designBody = z.object({
  name: z.string({ error: 'укажите название расклада' }).max(200, 'название не длиннее 40 символов'),
  positions: z
    .array(
      z.object({
        name: z.string({ error: 'назовите позицию' }).max(200, 'название позиции не длиннее 40 символов'),
        role: z.string({ error: 'выберите роль из списка или оставьте без роли' }).max(40).nullable().optional(),
        x: z.number({ error: 'ожидается номер столбца' }),
        y: z.number({ error: 'ожидается номер строки' }),
      }),
      { error: 'ожидается список позиций' },
    )
    .max(CUSTOM_POSITIONS.max, `в раскладе от ${CUSTOM_POSITIONS.min} до ${CUSTOM_POSITIONS.max} позиций`),
});
const tokenParam = z.object({ token: z.string().regex(/^[\w-]{16,64}$/, 'ожидается ссылка на расклад') });
const readBody = z.object({ question, personId: personId.optional() });

export const mySpreadRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .get('/', async (c) => ok(c, await s.customSpreads.list(c.var.userId)))
    .post('/', validate('json', designBody), async (c) => ok(c, await s.customSpreads.create(c.var.userId, c.req.valid('json')), 201))
    .get('/shared/:token', validate('param', tokenParam), async (c) => ok(c, await s.customSpreads.shared(c.req.valid('param').token)))
    .post('/shared/:token/copy', validate('param', tokenParam), async (c) =>
      ok(c, await s.customSpreads.copy(c.var.userId, c.req.valid('param').token), 201),
    )
    .put('/:id', validate('param', customSpreadIdParam), validate('json', designBody), async (c) =>
      ok(c, await s.customSpreads.update(c.var.userId, c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete('/:id', validate('param', customSpreadIdParam), async (c) =>
      ok(c, await s.customSpreads.remove(c.var.userId, c.req.valid('param').id)),
    )
    .post('/:id/share', validate('param', customSpreadIdParam), async (c) =>
      ok(c, await s.customSpreads.share(c.var.userId, c.req.valid('param').id)),
    )
    .post('/:id/readings', validate('param', customSpreadIdParam), validate('json', readBody), async (c) => {
      const body = c.req.valid('json');
      return ok(c, await s.customSpreads.read(c.var.userId, c.req.valid('param').id, body.question, body.personId), 201);
    });
