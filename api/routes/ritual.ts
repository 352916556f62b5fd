// The daily ritual's calls: the moon of the moment for the home screen, and the once-only offer to add the
// app to the home screen (Telegram's addToHomeScreen) after a 3-day streak.
import { Hono } from 'hono';
import * as ritualRepo from '../../db/repositories/ritual';
import { moonAt, type MoonView } from '../../domain/moon';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok } from '../http';

/** The moon changes slowly: one computation serves every request for ten minutes. */
const MOON_TTL_MS = 10 * 60_000;

export function ritualRoutes(s: Services) {
  let moon: { at: number; view: MoonView } | null = null;
  return new Hono<AppEnv>()
    .get('/moon', (c) => {
      const now = s.deps.clock().getTime();
      if (!moon || Math.abs(now - moon.at) > MOON_TTL_MS) moon = { at: now, view: moonAt(new Date(now)) };
      return ok(c, moon.view);
    })
    .post('/user/home-screen-offer', async (c) => {
      const { status } = await s.users.status(c.var.userId);
      if (!status.homeScreenOffer) return ok(c, { offer: false });
      // Only the first call offers: a second tab or a repeated tap does not ask again.
      return ok(c, { offer: await ritualRepo.markHomeScreenOffered(s.deps.db, c.var.userId, s.deps.clock()) });
    });
}
