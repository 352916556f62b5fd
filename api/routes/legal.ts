// The provider's details and the agreement's constants for /contacts and /terms (from configuration).
import { Hono } from 'hono';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok } from '../http';

export const legalRoutes = (s: Services) => new Hono<AppEnv>().get('/', (c) => ok(c, s.legal.details()));
