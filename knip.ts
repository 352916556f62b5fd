// The unused-code check (`npm run knip`, run by .ci/run): files nothing reaches, exports nobody imports,
// dependencies nothing uses. Entry points are found by knip's plugins (main.ts and scripts from package.json,
// webapp/index.html through webapp/vite.config.ts, the tests through vitest) plus the ones listed here.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // Run by path: `npm start` (scripts/start.mjs → scripts/start.ts), the deck build, the sample readings.
    'scripts/*.{ts,mjs}',
    // Benches are loaded by bench/run.ts by name; bench/lib/* run as child processes.
    'bench/**/*.ts',
    // Run by .ci/run against a pruned production build.
    'test/production-smoke.ts',
    // Registered in db/migrations/index.ts, but each is a unit of its own.
    'db/migrations/*.ts',
    // The share pictures' worker thread, started by path (services/share/pool.ts, and its own esbuild entry).
    'services/share/worker.ts',
  ],
  project: ['**/*.{ts,tsx,mjs}'],
  // An export that its own file uses too is part of that module's surface (a constant a test may read);
  // only exports nobody uses are reported.
  ignoreExportsUsedInFile: true,
  ignoreBinaries: [
    // test/deploy.test.ts checks docker-compose.yml with `docker compose` or Debian's docker-compose when installed.
    'docker-compose',
  ],
};

export default config;
