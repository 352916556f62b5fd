// What every use case is built from. Passed in by main.ts (and by tests), never imported as singletons.
import type { Db } from '../db/connection';
import type { RandomInt } from '../domain/deal';

export interface ServiceDeps {
  db: Db;
  /** The current instant; tests move it to cross a local midnight. */
  clock: () => Date;
  /** Integer in [0, max): crypto.randomInt in production, seeded in tests. */
  randomInt: RandomInt;
  defaultTimeZone: string;
  specialAccessUserIds: readonly number[];
  /** Mock payments (local mode and tests): POST /api/user/subscription may activate a plan directly. */
  mockPayments: boolean;
}
