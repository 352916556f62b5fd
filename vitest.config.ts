import os from 'node:os';
import v8 from 'node:v8';
import { defineConfig } from 'vitest/config';
import { WASM_TIERING_FLAG } from './scripts/node-flags.mjs';

// Three projects, all run by `npm test`; `npm run test:unit` runs the first alone.
// - unit: in-process tests (the real app on PGlite, the local Telegram and fakes on loopback); no child
//   process, no browser, no web build.
// - process: the app as child processes (crashes, restarts, several instances, `npm start`) and the
//   deployment files.
// - browser: Chromium against the whole app.
// The last two share one web build made before they start (`npm start` serves it too); the process tests
// also run the built server (dist/server), built once before them. Every project's test databases are
// copies of one migrated database made before the first project starts (test/database-templates.ts).
// Every worker runs PGlite as the app does (scripts/node-flags.mjs): the unit tests take about an eighth less
// CPU. A forked worker takes the flag on its command line; a worker thread takes no V8 flags of its own (they
// are the process's), so this process sets it for the unit project's threads.
v8.setFlagsFromString(WASM_TIERING_FLAG);

const PROCESS_TESTS = ['test/**/*.test.ts'];
/** `npm run test:unit`: the unit project runs with no other beside it. */
const UNIT_ALONE = process.env.npm_lifecycle_event === 'test:unit';
const BROWSER_TESTS = ['webapp/e2e/**/*.test.ts', 'bot/local-telegram/dev-telegram.test.ts'];

export default defineConfig({
  test: {
    exclude: ['node_modules/**', 'dist/**'],
    // A minute a test: on a busy machine a chat reading (its picture drawn at the lowest priority) takes tens
    // of seconds where it takes one on a quiet one (`npm run test:stress`).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits up to 15 s, not vitest's 1 s: on a busy machine (three workers on two cores, or
    // `npm run test:stress`) a step of a few ms can take seconds. vi.waitFor has no such setting: the tests
    // call it through test/eventually.ts.
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    // One worker more than the cores: a browser or process test spends much of its time waiting on Chromium
    // or a child process, so the cores stay busy (on two cores: 3 workers, about half the wall time of 1).
    maxWorkers: os.availableParallelism() + 1,
    globalSetup: ['test/database-templates.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Worker threads, not processes: the modules the main process transforms reach a thread over a message
          // port, not serialized through a pipe (with forks, about a CPU-second a run went into writing them).
          // About a twentieth less CPU than forks. No unit test needs a process of its own.
          pool: 'threads',
          // Run alone (`npm run test:unit`), one worker a core, not one more: these tests keep their worker busy
          // (the app and PGlite in process), and every worker pays again for loading the module graph, compiling
          // the app's JavaScript and warming PGlite in its own isolate. On two cores, 2 workers spent about a
          // sixth less CPU than 3 (2026-12-07, the 24 heaviest files: 76–84 → 61–64 CPU-s). In `npm test` it keeps
          // the shared count: projects with different counts run as groups one after the other, and the unit
          // tests then no longer fill the cores while the browser tests wait on Chromium (CI took 15 minutes
          // instead of 9).
          ...(UNIT_ALONE ? { maxWorkers: os.availableParallelism() } : {}),
          // One module graph per worker for all its files: a file no longer pays for loading the app, kysely
          // and PGlite again (no test mocks modules; the one that stubs globals restores them).
          isolate: false,
          // Test databases are emptied and reused within the worker instead of opened afresh (test/reused-pglite.ts).
          env: { TEST_PGLITE_REUSE: '1' },
          // The modules as transformed for the tests are kept on disk between runs (node_modules/
          // .experimental-vitest-cache), each under a hash of its source, the config and vitest's version, and
          // all dropped when the lockfile changes: a rerun of `npm run test:unit` transforms only what changed,
          // about a tenth less CPU. CI's fresh clone has no cache; `npx vitest --clearCache` empties it.
          experimental: { fsModuleCache: true },
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: ['node_modules/**', 'dist/**', ...PROCESS_TESTS, ...BROWSER_TESTS],
        },
      },
      {
        extends: true,
        test: {
          name: 'process',
          execArgv: [WASM_TIERING_FLAG],
          include: PROCESS_TESTS,
          globalSetup: ['test/database-templates.ts', 'test/global-setup.ts', 'test/server-build-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          execArgv: [WASM_TIERING_FLAG],
          include: BROWSER_TESTS,
          // One module graph per worker, as in the unit project: each file starts the app and Chromium itself,
          // so only loading the app's code is shared (about a tenth of the project's time when each file
          // loaded it again).
          isolate: false,
          globalSetup: ['test/database-templates.ts', 'test/global-setup.ts'],
          // Three Chromiums and their servers on two cores: a step that takes a few hundred ms on a quiet
          // machine can take seconds, so a poll waits up to 10 s (not vitest's 1 s) and a test up to 2 minutes.
          testTimeout: 120_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
