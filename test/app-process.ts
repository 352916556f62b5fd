// Child processes for the tests and the benches. Each child leads its own process group (so `npm`'s and
// `tsx`'s children go too); every group still alive is killed when this process exits, whatever happened.
// The whole app runs as what ships: `node <heap flags> dist/server/start.js`, the bundle `npm start` and the
// Docker image run (built before the process tests by test/server-build-setup.ts, before the benches by
// bench/run.ts), never the TypeScript sources. Used by the tests that need real processes (several
// instances, SIGKILL and SIGTERM, Stars through the Bot API) and the load and memory benches, whose child's
// pid is the app's own, so its memory is read from /proc/<pid>/status.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/connection';
import { createPostgresDatabase, type TestDbKind } from './databases';
import { appNodeFlags } from '../scripts/node-flags.mjs';
import { SERVER_BUNDLE } from '../scripts/server-build.mjs';
import { sleep } from './wait';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The V8 heap flags `npm start` runs the app with on this environment's database (scripts/node-flags.mjs),
 * so tests and benches measure the process as it is deployed. */
export const appNodeFlagsFor = (env: Record<string, string | undefined>): string[] => appNodeFlags(env);

// ---- Process groups ----

const live = new Set<number>();

function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (err: any) {
    return err.code === 'EPERM';
  }
}

process.on('exit', () => {
  for (const pid of live) killGroup(pid, 'SIGKILL');
});
// Outside vitest (the benches), Ctrl-C and SIGTERM exit through 'exit' so that the groups go too; in a test,
// vitest owns its workers' signals.
if (!process.env.VITEST) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

/** A TCP port that was free a moment ago. */
/** The first port of the range the kernel hands out itself (a listen on port 0, every outgoing connection). */
function kernelPortsFrom(): number {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

/**
 * A port for a child to listen on, free now. Drawn below the kernel's own range: a port the kernel picked for
 * us could be picked again at once for another test's server (they listen on port 0) before the child takes
 * it, and the test would then talk to someone else's app (seen: `npm start`'s first start answered by another).
 */
export async function freePort(): Promise<number> {
  const below = kernelPortsFrom();
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 10_000 + crypto.randomInt(Math.max(1, below - 10_000));
    if (await canListen(port)) return port;
  }
  throw new Error('No free port below the range the kernel hands out');
}

function eachLine(stream: Readable, onLine: (line: string) => void) {
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffered += chunk;
    let i;
    while ((i = buffered.indexOf('\n')) >= 0) {
      onLine(buffered.slice(0, i));
      buffered = buffered.slice(i + 1);
    }
  });
  stream.on('end', () => {
    if (buffered) onLine(buffered);
  });
}

export interface GroupOptions extends SpawnOptions {
  /** Takes stdout line by line (instead of `onOutput` or our stderr). */
  onStdout?: (line: string) => void;
  /** Takes stderr, and stdout without `onStdout`, line by line (instead of our stderr). */
  onOutput?: (line: string) => void;
}

/** Spawns a process group leader; its stdout/stderr go to our stderr unless `onStdout`/`onOutput` take them. */
export function spawnGroup(cmd: string, args: string[], opts: GroupOptions = {}): ChildProcess {
  const { onStdout, onOutput, ...spawnOpts } = opts;
  const child = spawn(cmd, args, { ...spawnOpts, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const pid = child.pid;
  if (pid) {
    live.add(pid);
    // Forgotten once the whole group is gone (the leader may leave children behind: they are killed at exit).
    child.on('exit', () => {
      if (!groupAlive(pid)) live.delete(pid);
    });
  }
  const stdoutTo = onStdout ?? onOutput;
  if (stdoutTo) eachLine(child.stdout!, stdoutTo);
  else child.stdout!.pipe(process.stderr, { end: false });
  if (onOutput) eachLine(child.stderr!, onOutput);
  else child.stderr!.pipe(process.stderr, { end: false });
  return child;
}

/** `signal` (SIGTERM) to the whole group, then waits until every process of it is gone (SIGKILL after `graceMs`). */
export async function stopGroup(
  child: ChildProcess,
  { signal = 'SIGTERM', graceMs = 15_000 }: { signal?: NodeJS.Signals; graceMs?: number } = {},
): Promise<void> {
  const pid = child.pid;
  if (!pid) return;
  killGroup(pid, signal);
  const deadline = Date.now() + graceMs;
  let killed = signal === 'SIGKILL';
  while (groupAlive(pid)) {
    if (!killed && Date.now() > deadline) {
      console.error(`process group ${pid} ignored ${signal} for ${graceMs} ms: killing it`);
      killGroup(pid, 'SIGKILL');
      killed = true;
    }
    if (killed && Date.now() > deadline + 5_000) break; // only unreaped zombies can be left
    await sleep(20);
  }
  live.delete(pid);
}

/**
 * Polls GET <base>/api/health every `intervalMs` until it answers 200. Throws when `child` exits first or
 * after `timeoutMs`; the child is left as it is (the caller stops it).
 */
export async function waitHealthy(
  base: string,
  child: ChildProcess,
  o: { name: string; timeoutMs: number; intervalMs?: number },
): Promise<void> {
  const deadline = Date.now() + o.timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${o.name} exited (code ${child.exitCode}) before /api/health answered`);
    if (Date.now() > deadline) throw new Error(`${o.name} was not healthy within ${o.timeoutMs} ms`);
    await sleep(o.intervalMs ?? 50);
  }
}

// ---- The app as a child ----

/** Only what a shell needs: the app's own variables come from the caller, never from the outer environment. */
function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'SYSTEMROOT'];
  return Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]!]));
}

/**
 * Loaded before main.ts with `memoryReport`: on SIGUSR2 the app prints {"memoryUsage": …, "afterGc": …} on
 * stdout: its process.memoryUsage() as it is, and after a full garbage collection (--expose-gc), which is
 * what the heap really holds, as against garbage not collected yet.
 */
const MEMORY_REPORT = `process.on('SIGUSR2', () => {
  const memoryUsage = process.memoryUsage();
  let afterGc = null;
  if (globalThis.gc) {
    globalThis.gc();
    afterGc = process.memoryUsage();
  }
  process.stdout.write(JSON.stringify({ memoryUsage, afterGc }) + '\\n');
});`;

export interface MemoryReport {
  memoryUsage: NodeJS.MemoryUsage;
  afterGc: NodeJS.MemoryUsage | null;
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

export interface AppProcess {
  name: string;
  pid: number;
  port: number;
  base: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly alive: boolean;
  /** The last lines the process wrote (stdout and stderr), for failure messages. */
  output(): string;
  /** Signals the whole process group. */
  signal(sig: NodeJS.Signals): void;
  /** SIGKILL to the group; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM; SIGKILL if it is still running after `graceMs`. Resolves with the exit code. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resident set size now (VmRSS), in MB. */
  rssMb(): number;
  /** The most the process has held resident since it started (VmHWM), in MB. */
  peakRssMb(): number;
  /** The app's own process.memoryUsage() (asked for with SIGUSR2), and after a full GC; needs `memoryReport`. */
  memoryUsage(): Promise<MemoryReport>;
}

export interface AppProcessOptions {
  /** How long the app may take until /api/health answers 200 (default 60 s). */
  timeoutMs?: number;
  /** Copies its output to our stderr, each line after `[name] ` (default: when TEST_CHILD_LOG is set). */
  echo?: boolean;
  /** Starts it with --expose-gc and the SIGUSR2 memory report, for memoryUsage() (the benches). */
  memoryReport?: boolean;
  /** Every line the process writes is pushed here too (a test that reads the whole log). */
  lines?: string[];
}

/**
 * Starts the built server (dist/server/start.js) with `env` (on top of a bare PATH/HOME) on a free port and waits until GET /api/health
 * answers 200. Throws with the process's output when it exits or is not healthy within `timeoutMs`.
 */
export async function startAppProcess(name: string, env: Record<string, string>, o: AppProcessOptions = {}): Promise<AppProcess> {
  const timeoutMs = o.timeoutMs ?? 60_000;
  const echo = o.echo ?? !!process.env.TEST_CHILD_LOG;
  const port = await freePort();
  const lines: string[] = [];
  const keep = (line: string) => {
    if (!line) return;
    o.lines?.push(line);
    lines.push(line);
    if (lines.length > 300) lines.splice(0, lines.length - 300);
    if (echo) process.stderr.write(`[${name}] ${line}\n`);
  };
  const memoryWaiters: ((m: MemoryReport) => void)[] = [];
  const memoryArgs = o.memoryReport ? ['--expose-gc', '--import', `data:text/javascript,${encodeURIComponent(MEMORY_REPORT)}`] : [];
  const childEnv = { ...baseEnv(), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) };
  if (!fs.existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: build it first (npm run build)`);
  const child = spawnGroup(process.execPath, [...appNodeFlagsFor(childEnv), ...memoryArgs, SERVER_BUNDLE], {
    cwd: ROOT,
    env: childEnv,
    onStdout: (line) => {
      if (memoryWaiters.length && line.startsWith('{"memoryUsage"')) memoryWaiters.shift()!(JSON.parse(line));
      else keep(line);
    },
    onOutput: keep,
  });
  const pid = child.pid!;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  const output = () => lines.join('\n');

  const proc: AppProcess = {
    name,
    pid,
    port,
    base,
    child,
    exited,
    get alive() {
      return child.exitCode === null && child.signalCode === null;
    },
    output,
    signal: (sig) => killGroup(pid, sig),
    async kill() {
      await stopGroup(child, { signal: 'SIGKILL' });
      await exited;
    },
    async stop(graceMs = 20_000) {
      await stopGroup(child, { graceMs });
      return exited;
    },
    rssMb: () => procStatusMb(pid, 'VmRSS'),
    peakRssMb: () => procStatusMb(pid, 'VmHWM'),
    memoryUsage: () =>
      new Promise((resolve, reject) => {
        if (!o.memoryReport) return reject(new Error(`${name} was started without memoryReport`));
        const timer = setTimeout(() => reject(new Error(`${name} did not report its memory usage`)), 10_000);
        memoryWaiters.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
        process.kill(pid, 'SIGUSR2');
      }),
  };

  try {
    await waitHealthy(base, child, { name, timeoutMs });
    return proc;
  } catch (err) {
    await proc.kill();
    throw new Error(`${(err as Error).message}:\n${output()}`);
  }
}

/** A JSON call to a running app: status and parsed body (text when not JSON); throws on network errors. */
export async function callApp(
  base: string,
  method: string,
  urlPath: string,
  o: { auth?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...o.headers };
  if (o.auth) headers.Authorization = o.auth;
  let body: string | undefined;
  if (o.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(o.json);
  }
  const res = await fetch(`${base}${urlPath}`, { method, headers, body, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

/** Signs a user in through local mode's /dev/launch and returns the `Authorization` header value. */
export async function launchUser(base: string, userId: number, name = 'Бенч'): Promise<string> {
  const res = await fetch(`${base}/dev/launch?user=${userId}&name=${encodeURIComponent(name)}`, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`/dev/launch answered ${res.status}`);
  const initData = new URLSearchParams(new URL(location, base).hash.slice(1)).get('tgWebAppData');
  if (!initData) throw new Error('/dev/launch gave no initData');
  return `tma ${initData}`;
}

/** Samples the app's RSS every `everyMs` until stopped; `stop()` returns the highest sample in MB. */
export function sampleRss(app: AppProcess, everyMs = 100): { stop(): number } {
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

// ---- The app for the benches, on a fresh database ----

/** The PostgreSQL admin URL the benches use when one is given. */
export const benchPostgresUrl = (): string | undefined => process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/** The databases to bench on: PGlite always, PostgreSQL too when a URL is given. */
export const benchDbKinds = (): TestDbKind[] => (benchPostgresUrl() ? ['pglite', 'postgres'] : ['pglite']);

export interface AppChild extends AppProcess {
  /** The peak RSS of the first start, the one that created the database (VmHWM), in MB. */
  firstStartPeakRssMb: number;
}

/**
 * Starts the app in local mode on a fresh database of `kind` (a new PGlite folder, or a new PostgreSQL
 * database on benchPostgresUrl()) with `env`, runs `use`, and always stops the app (SIGTERM, as an operator
 * does) and removes its database. Its output goes to our stderr.
 *
 * The app is started twice: the first start creates the database (PGlite's initdb alone takes several
 * hundred MB that the process keeps), the second is the app as it runs every day after a restart, and is
 * the one measured. The first start's peak RSS is reported as `firstStartPeakRssMb`. `seed` writes rows
 * into the database between the two starts.
 */
export async function withAppChild<T>(
  kind: TestDbKind,
  env: Record<string, string>,
  use: (app: AppChild) => Promise<T>,
  o: { seed?: (db: Db) => Promise<void> } = {},
): Promise<T> {
  const admin = benchPostgresUrl();
  // Local mode keeps its database (PGlite) and nothing else in DATA_DIR: a throwaway folder, never ./data.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taro-bench-app-'));
  const dbEnv: Record<string, string> = { DATA_DIR: dataDir };
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
  try {
    if (kind === 'postgres') {
      if (!admin) throw new Error('PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
      database = await createPostgresDatabase(admin, 'taro_bench');
      dbEnv.DATABASE_URL = database.url;
    }
    const start = () => startAppProcess('app', { ...dbEnv, ...env }, { timeoutMs: 120_000, echo: true, memoryReport: true });
    const first = await start();
    let firstStartPeakRssMb: number;
    try {
      firstStartPeakRssMb = first.peakRssMb();
    } finally {
      await first.stop();
    }
    if (o.seed) {
      // Between the starts, on the migrated database: rows too many to make through the API.
      const { connectDatabase } = await import('../db/connection');
      const handle = await connectDatabase({ databaseUrl: dbEnv.DATABASE_URL, dataDir });
      try {
        await o.seed(handle.db);
      } finally {
        await handle.close();
      }
    }
    const app = await start();
    try {
      return await use(Object.assign(app, { firstStartPeakRssMb }));
    } finally {
      await app.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}
