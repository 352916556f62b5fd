// The probes: /api/health (the database answers) and /api/ready (it also carries every migration this build
// knows). Both throw when the database is unreachable; the route answers 503 then.
import { pendingMigrations } from '../db/connection';
import { ping } from '../db/repositories/health';
import type { ServiceDeps } from './deps';

export function createHealthService(deps: Pick<ServiceDeps, 'db'>) {
  return {
    /** Resolves when the database answers a query. */
    check: (): Promise<void> => ping(deps.db),
    /** The migrations this build knows that the database has not applied (empty: ready). */
    pendingMigrations: (): Promise<string[]> => pendingMigrations(deps.db),
  };
}
