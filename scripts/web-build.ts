// Builds the web app when dist/webapp is missing or older than its sources, or other packages are installed
// (npm start, browser tests).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lockfileHash } from './lockfile.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist', 'webapp', 'index.html');
/** Written by the build (webapp/vite.config.ts): the packages' fingerprint it was built with. */
const buildRecord = path.join(root, 'dist', 'webapp-build.json');
const SOURCES = ['webapp', 'domain'];

function newestMtime(p: string): number {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || /\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

function builtWithLockHash(): string | null {
  try {
    return JSON.parse(fs.readFileSync(buildRecord, 'utf8')).lockHash ?? null;
  } catch {
    return null;
  }
}

export function webBuildIsStale(): boolean {
  const built = fs.statSync(builtIndex, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (builtWithLockHash() !== lockfileHash(root)) return true;
  return built < Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
}

export async function ensureWebBuild(log: (line: string) => void = console.log): Promise<void> {
  if (!webBuildIsStale()) return;
  log(
    fs.existsSync(builtIndex)
      ? 'Web app sources changed: rebuilding… (about half a minute)'
      : 'Building the web app… (about half a minute)',
  );
  const started = performance.now();
  // A child process with NODE_ENV=production: a build started from a test run (NODE_ENV=test) would
  // otherwise compile JSX for React's development runtime.
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--config', path.join(root, 'webapp', 'vite.config.ts'), '--logLevel', 'warn'],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    // An image without the build tools (npm prune --omit=dev) still serves the build it was made with.
    if (fs.existsSync(builtIndex))
      return log(`Could not rebuild the web app (exit ${result.status ?? result.signal}); serving the existing build.`);
    throw new Error(`The web app build failed (exit ${result.status ?? result.signal})`);
  }
  log(`Web app built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
