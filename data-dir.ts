import fs from 'node:fs';
import path from 'node:path';

/** Where the embedded database lives when DATA_DIR is not set (config.ts, and scripts/early-database.ts before it). */
export const DEFAULT_DATA_DIR = './data';

/** The database's own folder inside DATA_DIR (beside the lock file). */
export const PGLITE_SUBFOLDER = 'pgdata';

/** Whether DATA_DIR already holds a database (else opening it creates one). */
export const pgliteDatabaseExists = (dataDir: string) => fs.existsSync(path.join(dataDir, PGLITE_SUBFOLDER, 'PG_VERSION'));
