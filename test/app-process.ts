// The whole app as a child process (`node --import tsx main.ts`, what `npx tsx main.ts` runs), for the tests
// that need real processes: several instances, SIGKILL and SIGTERM. Each child leads its own process group;
// every group still alive is killed when the test process exits, whatever happened.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const live = new Set<number>();

function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
}

process.on('exit', () => {
  for (const pid of live) killGroup(pid, 'SIGKILL');
});

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A TCP port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Only what a shell needs: the app's own variables come from the test, never from the outer environment. */
function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'SYSTEMROOT'];
  return Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]!]));
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
}

/**
 * Starts main.ts with `env` (on top of a bare PATH/HOME) on a free port and waits until GET /api/health
 * answers 200. Throws with the process's output when it exits or is not healthy within `timeoutMs`.
 */
export async function startAppProcess(name: string, env: Record<string, string>, timeoutMs = 60_000): Promise<AppProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'main.ts'], {
    cwd: ROOT,
    env: { ...baseEnv(), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid!;
  live.add(pid);
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line) lines.push(line);
    if (lines.length > 300) lines.splice(0, lines.length - 300);
    if (process.env.TEST_CHILD_LOG) process.stderr.write(`[${name}] ${chunk}`);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  let alive = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      alive = false;
      live.delete(pid);
      resolve({ code, signal });
    }),
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
      return alive;
    },
    output,
    signal: (sig) => killGroup(pid, sig),
    async kill() {
      killGroup(pid, 'SIGKILL');
      await exited;
    },
    async stop(graceMs = 20_000) {
      killGroup(pid, 'SIGTERM');
      const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive) throw new Error(`${name} exited before it was healthy:\n${output()}`);
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      if (res.status === 200) return proc;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await proc.kill();
      throw new Error(`${name} was not healthy within ${timeoutMs} ms:\n${output()}`);
    }
    await sleep(50);
  }
}

/** A JSON call to a running app: status and parsed body (text when not JSON); throws on network errors. */
export async function callApp(base: string, method: string, urlPath: string, o: { auth?: string; json?: unknown; headers?: Record<string, string> } = {}) {
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
