// Friends who bring friends: the user's personal invitation link and how many friends came by it.
import { Hono } from 'hono';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok } from '../http';

export const referralRoutes = (s: Services) => new Hono<AppEnv>().get('/', async (c) => ok(c, await s.referrals.invite(c.var.userId)));
