// The micro-result screen's guard: it stays open only with a micro payment pending or within 30 minutes of
// one (the device's own flag, or the server's orders and payments when the return comes on another device);
// otherwise the screen goes to the interactive daily card and `micro_result_open_no_pending` is recorded here,
// so the count does not depend on the client sending it.
import * as microRepo from '../db/repositories/micro';
import { PENDING_MICRO_VALID_MS } from '../domain/commerce/pricing';
import type { ServiceDeps } from './deps';

export function createMicroResultGuard(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  analytics: { track(userId: number, event: 'micro_result_open_no_pending', payload: Record<string, unknown>): Promise<void> },
) {
  return {
    /** `devicePending`: the device kept a pending micro payment under 30 minutes old. */
    async open(userId: number, devicePending: boolean): Promise<{ stay: boolean }> {
      if (devicePending) return { stay: true };
      const since = new Date(deps.clock().getTime() - PENDING_MICRO_VALID_MS);
      if (await microRepo.microActiveSince(deps.db, userId, since)) return { stay: true };
      await analytics.track(userId, 'micro_result_open_no_pending', {}).catch(() => {});
      return { stay: false };
    },
  };
}
