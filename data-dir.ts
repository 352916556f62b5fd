/** Where the embedded database lives when DATA_DIR is not set (config.ts, and scripts/early-database.ts before it). */
export const DEFAULT_DATA_DIR = './data';

/** The database's own folder inside DATA_DIR (beside the lock file). */
export const PGLITE_SUBFOLDER = 'pgdata';
