// Analytics: the app's events (domain/app/analytics.ts), validated and stored for later counting. Each call
// costs database writes, so it is limited: all users together per second in this instance (in memory, so a
// flood is refused before the database is touched), each user per window (in the database, so every
// instance agrees), and an event a user already sent this minute is answered as tracked but not stored.
import * as analyticsRepo from '../db/repositories/analytics';
import { isAnalyticsEvent } from '../domain/app/analytics';
import { formatDurationWords } from '../domain/text/time';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import { takeUserLimit } from './user-limits';

/** A payload is a small flat-ish object; anything bigger is refused rather than stored. */
const MAX_PAYLOAD_BYTES = 4096;

/** Calls all users together may make per second in one instance (the per-user limit is USER_LIMITS.analytics). */
export const ANALYTICS_LIMITS = { perSecond: 100 } as const;

export function createAnalyticsService(deps: Pick<ServiceDeps, 'db' | 'clock'>) {
  const second = { start: 0, count: 0 };

  function takeGlobal(now: number) {
    if (now - second.start >= 1000 || now < second.start) Object.assign(second, { start: now, count: 0 });
    if (++second.count <= ANALYTICS_LIMITS.perSecond) return;
    const waitS = Math.max(1, Math.ceil((second.start + 1000 - now) / 1000));
    throw new ServiceError('limit_reached', `Слишком много событий у всех сразу. Попробуйте через ${formatDurationWords(waitS * 1000)}.`, {
      retryAfterSeconds: waitS,
    });
  }

  return {
    /** Stores the event, unless the user already sent it this minute (answered the same: nothing to retry). */
    async track(userId: number, event: string, payload: Record<string, unknown> = {}): Promise<void> {
      if (!isAnalyticsEvent(event)) throw new ServiceError('bad_input', `event: неизвестное событие «${event.slice(0, 40)}»`);
      if (Buffer.byteLength(JSON.stringify(payload)) > MAX_PAYLOAD_BYTES)
        throw new ServiceError('bad_input', 'payload: слишком большие данные (не больше 4 КБ)');
      const now = deps.clock();
      takeGlobal(now.getTime());
      await takeUserLimit(deps.db, userId, 'analytics', now);
      await analyticsRepo.insertEventOncePerMinute(deps.db, userId, event, payload, Math.floor(now.getTime() / 60_000));
    },
  };
}
