// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { loadConfig } from '../config';
import { connectDatabase, migrateToLatest } from './connection';

const config = loadConfig();
const handle = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await handle.close();
}
