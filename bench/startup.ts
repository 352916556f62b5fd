// Start-up: ms from spawning `npm start` until GET /api/health answers 200, on an existing (already
// migrated) PGlite data folder in local mode. Value: the median of 3 starts. Budget (DESIGN.md §9): ≤ 3000 ms.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnGroup, stopGroup, waitHealthy } from '../test/app-process';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SAMPLES = 3;

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
    // First start creates and migrates the folder (and rebuilds a stale web app): not measured.
    const firstMs = await timeStart(dataDir, 300_000);
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) samples.push(Math.round(await timeStart(dataDir, 60_000)));
    const median = [...samples].sort((a, b) => a - b)[Math.floor(SAMPLES / 2)];
    return { value: median, unit: 'ms', budget: 3000, withinBudget: median <= 3000, samplesMs: samples, firstStartMs: Math.round(firstMs) };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
