// Builds every use case from its dependencies; main.ts and the tests call this once.
import { createDailyCardService } from './daily-card';
import type { ServiceDeps } from './deps';
import { createReadingService } from './readings';
import { createUserService } from './users';

export function createServices(deps: ServiceDeps) {
  const users = createUserService(deps);
  const readings = createReadingService(deps, users);
  const dailyCard = createDailyCardService(deps, users);
  return { deps, users, readings, dailyCard };
}

export type Services = ReturnType<typeof createServices>;
export type { ServiceDeps } from './deps';
