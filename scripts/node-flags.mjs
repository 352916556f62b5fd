// The `node` flags the app runs with, by database: the one place `npm start`, the tests and the benches take
// them from. Plain JavaScript: scripts/start.mjs reads it before anything can compile TypeScript.
//
// The heap's shape. With the embedded PGlite the database lives in the process (about 150 MB of WebAssembly
// memory), so the young generation stays small (2 MB semi-spaces) to keep the whole process within 300 MB.
// With PostgreSQL the process holds no database (about 140 MB), and full-size semi-spaces (16 MB, about 60 MB
// more) cut the collector's share of an API call: the status call costs about a fifth less CPU
// (docs/operations.md).

const OLD_SPACE_MB = 256;

/**
 * PGlite's WebAssembly runs on V8's baseline code until a function has done about a thousand times V8's usual
 * amount of work before it is optimized. With the usual amount, V8 optimizes PostgreSQL's busiest functions
 * on the other core while the database opens: the start took about a fifth longer, and the unit tests spent
 * about an eighth more CPU. The status call is as fast either way (docs/operations.md).
 */
export const WASM_TIERING_FLAG = '--wasm-tiering-budget=1800000000';

/**
 * PGlite's WebAssembly is checked function by function when V8 first compiles each one, not all of it up front:
 * PostgreSQL's start calls a small part of its nine megabytes, and the up-front check of the whole module cost
 * about 30 ms of CPU on the compiling threads at every start (docs/operations.md). The module is PGlite's own
 * build; a function that failed the check would fail when called instead of when the module is compiled.
 */
const WASM_LAZY_VALIDATION_FLAG = '--wasm-lazy-validation';

/**
 * The old generation's first limit. V8 starts it at a few megabytes, and on PGlite the start (the database's
 * JavaScript, the early server's modules) passed it twice before /api/health answered: two or three full
 * collections on the start's path where one (asked for by PGlite's WebAssembly memory) remains. The running
 * app's heap is larger than this, so it changes nothing after the start.
 */
const INITIAL_OLD_SPACE_MB = 32;

/** The `node` flags the app runs with for this environment (`DATABASE_URL` set: PostgreSQL). */
export function appNodeFlags(env = process.env) {
  if (env.DATABASE_URL) return ['--max-semi-space-size=16', `--max-old-space-size=${OLD_SPACE_MB}`];
  return [
    WASM_TIERING_FLAG,
    WASM_LAZY_VALIDATION_FLAG,
    '--max-semi-space-size=2',
    `--max-old-space-size=${OLD_SPACE_MB}`,
    `--initial-old-space-size=${INITIAL_OLD_SPACE_MB}`,
  ];
}
