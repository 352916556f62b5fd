// The daily ritual's calls: the moon of the moment for the home screen, and the once-only offer to add the
// app to the home screen (Telegram's addToHomeScreen) after a 3-day streak.
import { Hono } from 'hono';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok } from '../http';

export function ritualRoutes(s: Services) {
  return new Hono<AppEnv>()
    .get('/moon', (c) => ok(c, s.ritual.moon()))
    .post('/user/home-screen-offer', async (c) => ok(c, { offer: await s.ritual.offerHomeScreen(c.var.userId) }));
}
