// The V8 heap's shape for the app, by database: the one place `npm start`, the tests and the benches take it
// from. Plain JavaScript: scripts/start.mjs reads it before anything can compile TypeScript.
//
// With the embedded PGlite the database lives in the process (about 150 MB of WebAssembly memory), so the
// young generation stays small (2 MB semi-spaces) to keep the whole process within 300 MB. With PostgreSQL
// the process holds no database (about 140 MB), and full-size semi-spaces (16 MB, about 60 MB more) cut the
// collector's share of an API call: the status call costs about a fifth less CPU (docs/operations.md).

const OLD_SPACE_MB = 256;

/** The `node` flags the app runs with for this environment (`DATABASE_URL` set: PostgreSQL). */
export function appNodeFlags(env = process.env) {
  const semiSpaceMb = env.DATABASE_URL ? 16 : 2;
  return [`--max-semi-space-size=${semiSpaceMb}`, `--max-old-space-size=${OLD_SPACE_MB}`];
}
