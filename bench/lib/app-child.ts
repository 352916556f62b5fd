// The app in a child process for the load and memory benches: bench/lib/app-process.ts run by
// `node --import tsx`, so the child's pid is the app's own and its memory is read from /proc/<pid>/status.
// Each run gets a fresh database: a new PGlite folder, or a new PostgreSQL database on the admin URL
// (BENCH_DATABASE_URL or TEST_DATABASE_URL), created and dropped as test/databases.ts does.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, sleep, spawnGroup, stopGroup } from './processes';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export type BenchDbKind = 'pglite' | 'postgres';

/** The PostgreSQL admin URL the benches use when one is given. */
export const benchPostgresUrl = (): string | undefined => process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/** The databases to bench on: PGlite always, PostgreSQL too when a URL is given. */
export const benchDbKinds = (): BenchDbKind[] => (benchPostgresUrl() ? ['pglite', 'postgres'] : ['pglite']);

export interface AppChild {
  base: string;
  pid: number;
  /** Resident set size now (VmRSS), in MB. */
  rssMb(): number;
  /** The most the process has held resident since it started (VmHWM), in MB. */
  peakRssMb(): number;
  /** The app's own process.memoryUsage() (asked for with SIGUSR2), and after a full GC (taken after it, so last). */
  memoryUsage(): Promise<{ memoryUsage: NodeJS.MemoryUsage; afterGc: NodeJS.MemoryUsage | null }>;
  /** The peak RSS of the first start, the one that created the database (VmHWM), in MB. */
  firstStartPeakRssMb: number;
}

const MB = 1024 * 1024;
export const roundMb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM), as MB. */
function procStatusMb(pid: number, field: string): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!m) throw new Error(`/proc/${pid}/status has no ${field}`);
  return roundMb(Number(m[1]) * 1024);
}

async function adminQuery(admin: string, text: string) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Starts the app on a fresh database of `kind` with `env` (on top of a clean local-mode environment), waits
 * until /api/health answers, runs `use`, and always stops the app and removes its database.
 *
 * The app is started twice: the first start creates the database (PGlite's initdb alone takes several
 * hundred MB that the process keeps), the second is the app as it runs every day after a restart, and is
 * the one measured. The first start's peak RSS is reported as `firstStartPeakRssMb`.
 */
export async function withAppChild<T>(kind: BenchDbKind, env: Record<string, string>, use: (app: AppChild) => Promise<T>): Promise<T> {
  const admin = benchPostgresUrl();
  // Local mode keeps its database (PGlite) and nothing else in DATA_DIR: a throwaway folder, never ./data.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taro-bench-app-'));
  const dbEnv: Record<string, string> = { DATA_DIR: dataDir };
  let dbName: string | null = null;
  try {
    if (kind === 'postgres') {
      if (!admin) throw new Error('PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
      dbName = `taro_bench_${crypto.randomBytes(6).toString('hex')}`;
      await adminQuery(admin, `create database ${dbName}`);
      const url = new URL(admin);
      url.pathname = `/${dbName}`;
      dbEnv.DATABASE_URL = url.toString();
    }
    const firstStartPeakRssMb = await startChild({ ...dbEnv, ...env }, async (app) => app.peakRssMb());
    return await startChild({ ...dbEnv, ...env }, (app) => use({ ...app, firstStartPeakRssMb }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName && admin) await adminQuery(admin, `drop database if exists ${dbName} with (force)`);
  }
}

/** One start of the app in a child process, until `use` is done (then SIGTERM, as an operator stops it). */
async function startChild<T>(env: Record<string, string>, use: (app: Omit<AppChild, 'firstStartPeakRssMb'>) => Promise<T>): Promise<T> {
  // Local mode as `npm start` with no configuration: nothing of the caller's app configuration leaks in.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|DATA_DIR|BOT_TOKEN|BOT_MODE|PUBLIC_URL|WEBHOOK_SECRET|PAYMENTS_PROVIDER|PORT|HOST|OPENAI_|YOOKASSA_|TELEGRAM_API_ROOT)/.test(k)),
  );
  const port = await freePort();
  const memoryWaiters: ((m: { memoryUsage: NodeJS.MemoryUsage; afterGc: NodeJS.MemoryUsage | null }) => void)[] = [];
  // --expose-gc only lets the SIGUSR2 report collect on request; V8 runs as it always does otherwise.
  const child = spawnGroup(process.execPath, ['--expose-gc', '--import', 'tsx', path.join('bench', 'lib', 'app-process.ts')], {
    cwd: ROOT,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    onStdout: (line) => {
      if (line.startsWith('{"memoryUsage"')) memoryWaiters.shift()?.(JSON.parse(line));
      else process.stderr.write(`${line}\n`);
    },
  });
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  try {
    const pid = child.pid!;
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (exited !== undefined) throw new Error(`the app exited during start-up (code ${exited})`);
      if (Date.now() > deadline) throw new Error('the app did not answer /api/health within 120 s');
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(100);
    }
    return await use({
      base,
      pid,
      rssMb: () => procStatusMb(pid, 'VmRSS'),
      peakRssMb: () => procStatusMb(pid, 'VmHWM'),
      memoryUsage: () =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('the app did not report its memory usage')), 10_000);
          memoryWaiters.push((m) => {
            clearTimeout(timer);
            resolve(m);
          });
          process.kill(pid, 'SIGUSR2');
        }),
    });
  } finally {
    await stopGroup(child);
  }
}

/** Samples the app's RSS every `everyMs` until stopped; `stop()` returns the highest sample in MB. */
export function sampleRss(app: AppChild, everyMs = 100): { stop(): number } {
  let peak = app.rssMb();
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, app.rssMb());
    } catch {
      /* the process is gone: the last samples stand */
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/** Signs a bench user in through local mode's /dev/launch and returns the `Authorization` header value. */
export async function launchUser(base: string, userId: number, name = 'Бенч'): Promise<string> {
  const res = await fetch(`${base}/dev/launch?user=${userId}&name=${encodeURIComponent(name)}`, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`/dev/launch answered ${res.status}`);
  const initData = new URLSearchParams(new URL(location, base).hash.slice(1)).get('tgWebAppData');
  if (!initData) throw new Error('/dev/launch gave no initData');
  return `tma ${initData}`;
}

/** The p-th percentile (0..100) of the samples, nearest rank. */
export function percentile(samples: number[], p: number): number | null {
  if (!samples.length) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
