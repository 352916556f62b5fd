// /api/cards: the card catalogue, and «Библиотека карт»: one card with its history in the caller's readings.
import { Hono } from 'hono';
import * as z from 'zod';
import { DECK } from '../../domain/tarot/deck';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';

const cardIdParam = z.object({ id: z.string().regex(/^[a-z][a-z-]{1,39}$/, 'ожидается id карты, например «sun» или «ace-of-cups»') });

export const cardRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .get('/', (c) => ok(c, { cards: DECK }))
    .get('/:id', validate('param', cardIdParam), async (c) => ok(c, await s.library.card(c.var.userId, c.req.valid('param').id)));
