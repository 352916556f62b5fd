// Start-up: ms from spawning the start command until GET /api/health answers 200, on an existing (already
// migrated) PGlite data folder in local mode: what a user runs (the compiled server, dist/server). Value: the
// median of 3 starts of package.json's `start` script run as npm runs it (`sh -c` with node_modules/.bin on
// the PATH) but without npm's own start, which is npm's cost, not the app's: `npm start` itself is timed too
// (npmStartMs). The baseline, measured in the same run, is a bare Node process answering /api/health (the
// machine's cost of starting Node at all; the median of 3). Budget: value ≤ 4× the baseline (`ratio`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnGroup, stopGroup, waitHealthy } from '../test/app-process';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SAMPLES = 3;
/** The start may take at most this many times a bare Node's start, measured in the same run. */
const BUDGET_RATIO = 4;

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

/** package.json's `start` script: what `npm start` runs. */
const START_SCRIPT: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;

/**
 * One start, by `npm start` or by its script as npm runs it: resolves with the ms until /api/health gave
 * 200, and until the app answered its first API call (/api/ready, asked once the health check answered); the
 * process is always stopped.
 */
async function timeStart(dataDir: string, timeoutMs: number, via: 'npm' | 'script'): Promise<{ healthMs: number; appReadyMs: number }> {
  const port = await freePort();
  const { BOT_TOKEN, DATABASE_URL, ...env } = process.env;
  const childEnv = { ...env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'silent' };
  const started = performance.now();
  const child =
    via === 'npm'
      ? spawnGroup('npm', ['start'], { cwd: ROOT, env: childEnv })
      : spawnGroup('sh', ['-c', START_SCRIPT], {
          cwd: ROOT,
          env: { ...childEnv, PATH: `${path.join(ROOT, 'node_modules', '.bin')}${path.delimiter}${env.PATH ?? ''}` },
        });
  try {
    await waitHealthy(`http://127.0.0.1:${port}`, child, { name: via === 'npm' ? 'npm start' : START_SCRIPT, timeoutMs, intervalMs: 20 });
    const healthMs = performance.now() - started;
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
    if (!ready.ok) throw new Error(`/api/ready answered ${ready.status}`);
    return { healthMs, appReadyMs: performance.now() - started };
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
    const firstMs = (await timeStart(dataDir, 300_000, 'npm')).healthMs;
    const samples: number[] = [];
    const appReady: number[] = [];
    const baseline: number[] = [];
    const viaNpm: number[] = [];
    // Interleaved, so that load from elsewhere on the machine weighs on all alike.
    for (let i = 0; i < SAMPLES; i++) {
      baseline.push(Math.round(await timeHello()));
      const script = await timeStart(dataDir, 60_000, 'script');
      samples.push(Math.round(script.healthMs));
      appReady.push(Math.round(script.appReadyMs));
      viaNpm.push(Math.round((await timeStart(dataDir, 60_000, 'npm')).healthMs));
    }
    const value = median(samples);
    const baselineMs = median(baseline);
    const ratio = Math.round((value / baselineMs) * 100) / 100;
    return {
      value,
      unit: 'ms',
      command: START_SCRIPT,
      baselineMs,
      ratio,
      budgetRatio: BUDGET_RATIO,
      withinBudget: ratio <= BUDGET_RATIO,
      samplesMs: samples,
      appReadyMs: median(appReady),
      appReadyRatio: Math.round((median(appReady) / baselineMs) * 100) / 100,
      baselineSamplesMs: baseline,
      npmStartMs: median(viaNpm),
      npmStartRatio: Math.round((median(viaNpm) / baselineMs) * 100) / 100,
      npmStartSamplesMs: viaNpm,
      firstStartMs: Math.round(firstMs),
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
