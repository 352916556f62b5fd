// Types for node-flags.mjs (plain JavaScript, so that scripts/start.mjs can read it before any compiler runs).
/** The flag that keeps PGlite's WebAssembly on V8's baseline code longer (node-flags.mjs says why). */
export const WASM_TIERING_FLAG: string;
/** The `node` flags the app runs with for this environment (`DATABASE_URL` set: PostgreSQL). */
export function appNodeFlags(env?: Record<string, string | undefined>): string[];
