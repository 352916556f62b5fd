/** Where the embedded database lives when DATA_DIR is not set (config.ts, and scripts/early-database.ts before it). */
export const DEFAULT_DATA_DIR = './data';
