// The card and spread catalogues.
import { Hono } from 'hono';
import { DECK } from '../../domain/deck';
import { SPREADS } from '../../domain/spreads';
import type { AppEnv } from '../auth';
import { ok } from '../http';

export const catalogRoutes = () =>
  new Hono<AppEnv>()
    .get('/cards', (c) => ok(c, { cards: DECK }))
    .get('/spreads', (c) => ok(c, { spreads: SPREADS }));
