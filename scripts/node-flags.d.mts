// Types for node-flags.mjs (plain JavaScript, so that scripts/start.mjs can read it before any compiler runs).
/** The `node` flags the app runs with for this environment (`DATABASE_URL` set: PostgreSQL). */
export function appNodeFlags(env?: Record<string, string | undefined>): string[];
