// Analytics: the app's events (domain/analytics.ts), validated and stored for later counting.
import * as analyticsRepo from '../db/repositories/analytics';
import { isAnalyticsEvent } from '../domain/analytics';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';

/** A payload is a small flat-ish object; anything bigger is refused rather than stored. */
const MAX_PAYLOAD_BYTES = 4096;

export function createAnalyticsService(deps: Pick<ServiceDeps, 'db'>) {
  return {
    async track(userId: number, event: string, payload: Record<string, unknown> = {}): Promise<void> {
      if (!isAnalyticsEvent(event)) throw new ServiceError('bad_input', `event: неизвестное событие «${event.slice(0, 40)}»`);
      if (Buffer.byteLength(JSON.stringify(payload)) > MAX_PAYLOAD_BYTES) throw new ServiceError('bad_input', 'payload: слишком большие данные (не больше 4 КБ)');
      await analyticsRepo.insertEvent(deps.db, userId, event, payload);
    },
  };
}
