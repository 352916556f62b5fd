// GET /api/spreads: the spread catalogue.
import { Hono } from 'hono';
import { SPREADS } from '../../domain/tarot/spreads';
import type { AppEnv } from '../auth';
import { ok } from '../http';

export const spreadRoutes = () => new Hono<AppEnv>().get('/', (c) => ok(c, { spreads: SPREADS }));
