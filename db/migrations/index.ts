// The explicit migration registry: Kysely's Migrator runs these in key order.
import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial';

const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
