// Start-up: ms from spawning `npm start` until GET /api/health answers 200, on an existing (already
// migrated) PGlite data folder in local mode: what a user runs (the compiled server, dist/server). Value: the
// median of 3 starts. Budget: ≤ 1500 ms. The baseline, measured in the same run, is a bare Node
// process answering /api/health (the machine's cost of starting Node at all; the median of 3).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnGroup, stopGroup, waitHealthy } from '../test/app-process';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SAMPLES = 3;
const BUDGET_MS = 1500;

const HELLO = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;

/** One bare Node process answering /api/health: ms until it did. */
async function timeHello(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawnGroup(process.execPath, ['-e', HELLO], { cwd: ROOT, env: { ...process.env, PORT: String(port) } });
  try {
    await waitHealthy(`http://127.0.0.1:${port}`, child, { name: 'hello', timeoutMs: 30_000, intervalMs: 20 });
    return performance.now() - started;
  } finally {
    await stopGroup(child);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One `npm start`: resolves with the ms until /api/health gave 200; the process is always stopped. */
async function timeStart(dataDir: string, timeoutMs: number): Promise<number> {
  const port = await freePort();
  const { BOT_TOKEN, DATABASE_URL, ...env } = process.env;
  const started = performance.now();
  const child = spawnGroup('npm', ['start'], { cwd: ROOT, env: { ...env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'silent' } });
  try {
    await waitHealthy(`http://127.0.0.1:${port}`, child, { name: 'npm start', timeoutMs, intervalMs: 20 });
    return performance.now() - started;
  } finally {
    await stopGroup(child);
  }
}

export async function run(): Promise<Record<string, unknown>> {
  // `npm start` builds the web app when its build is missing; that must not be measured.
  if (!fs.existsSync(path.join(ROOT, 'dist', 'webapp', 'index.html'))) {
    console.error('dist/webapp missing: npm run build');
    const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', process.stderr, process.stderr] });
    if (r.status !== 0) throw new Error('npm run build failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taro-bench-startup-'));
  try {
    // First start creates and migrates the folder (and rebuilds a stale web app or server): not measured.
    const firstMs = await timeStart(dataDir, 300_000);
    const samples: number[] = [];
    const baseline: number[] = [];
    // Interleaved, so that load from elsewhere on the machine weighs on both alike.
    for (let i = 0; i < SAMPLES; i++) {
      baseline.push(Math.round(await timeHello()));
      samples.push(Math.round(await timeStart(dataDir, 60_000)));
    }
    const value = median(samples);
    return {
      value,
      unit: 'ms',
      budget: BUDGET_MS,
      withinBudget: value <= BUDGET_MS,
      samplesMs: samples,
      baselineMs: median(baseline),
      baselineSamplesMs: baseline,
      firstStartMs: Math.round(firstMs),
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
