// GET /api/moon: the moon of the moment for the home screen's daily ritual.
import { Hono } from 'hono';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok } from '../http';

export const moonRoutes = (s: Services) => new Hono<AppEnv>().get('/', (c) => ok(c, s.ritual.moon()));
