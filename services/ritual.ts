// The daily ritual's use cases beside the streak (users.ts): the moon of the moment for the home screen, and
// the once-only offer to add the app to the home screen (Telegram's addToHomeScreen) after a 3-day streak.
import * as ritualRepo from '../db/repositories/ritual';
import { moonAt, type MoonView } from '../domain/tarot/moon';
import type { ServiceDeps } from './deps';
import type { UserService } from './users';

/** The moon changes slowly: one computation serves every request for ten minutes. */
const MOON_TTL_MS = 10 * 60_000;

export function createRitualService(deps: Pick<ServiceDeps, 'db' | 'clock'>, users: UserService) {
  let moon: { at: number; view: MoonView } | null = null;
  return {
    /** GET /api/moon. */
    moon(): MoonView {
      const now = deps.clock().getTime();
      if (!moon || Math.abs(now - moon.at) > MOON_TTL_MS) moon = { at: now, view: moonAt(new Date(now)) };
      return moon.view;
    },

    /** POST /api/user/home-screen-offer: true only for the first call once the streak allows it. */
    async offerHomeScreen(userId: number): Promise<boolean> {
      const { status } = await users.status(userId);
      if (!status.homeScreenOffer) return false;
      // Only the first call offers: a second tab or a repeated tap does not ask again.
      return ritualRepo.markHomeScreenOffered(deps.db, userId, deps.clock());
    },
  };
}
