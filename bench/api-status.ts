// API throughput: requests/s of an authenticated GET /api/user/status divided by requests/s of a bare Hono
// hello-world, both served from a child process and loaded by autocannon from this process in the same run.
// Value: the PostgreSQL ratio (BENCH_DATABASE_URL or TEST_DATABASE_URL) when given, else the PGlite ratio.
// Budget: ≥ 0.4 on PostgreSQL. Any failed request makes the value 0.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createIdentity } from '../services/identity';
import { appNodeFlagsFor, benchPostgresUrl, spawnGroup, stopGroup } from '../test/app-process';
import { createPostgresDatabase } from '../test/databases';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BOT_TOKEN = '7000000001:AAHbenchTokenForTheTarotAppBench_0123456';
const LOAD = { connections: 50, pipelining: 1 };
const WARMUP_S = 2;
const DURATION_S = 10;

interface Measured {
  rps: number;
  failed: { non2xx: number; errors: number; timeouts: number };
  latencyP99Ms: number;
}

/** Warms up, then measures; returns requests/s and every failure autocannon counted. */
async function load(url: string, headers: Record<string, string> = {}): Promise<Measured> {
  await autocannon({ url, headers, ...LOAD, duration: WARMUP_S });
  const r = await autocannon({ url, headers, ...LOAD, duration: DURATION_S });
  return { rps: Math.round(r.requests.average), failed: { non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts }, latencyP99Ms: r.latency.p99 };
}

/** Runs bench/lib/server.ts in its own process group; `use` gets its base URL; the server is always stopped. */
async function withServer<T>(mode: 'hello' | 'app', env: Record<string, string>, use: (base: string) => Promise<T>): Promise<T> {
  const { DATABASE_URL, BOT_TOKEN: _token, DATA_DIR, ...inherited } = process.env;
  let onPort!: (port: number) => void;
  const ready = new Promise<number>((resolve) => (onPort = resolve));
  // The app runs with the V8 flags `npm start` gives it on that database; the hello-world is a bare Node process.
  const flags = mode === 'app' ? appNodeFlagsFor(env) : [];
  const child = spawnGroup(process.execPath, [...flags, '--import', 'tsx', path.join('bench', 'lib', 'server.ts'), mode], {
    cwd: ROOT,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
    onStdout: (line) => {
      try {
        onPort(JSON.parse(line).port);
      } catch {
        process.stderr.write(`${line}\n`);
      }
    },
  });
  try {
    const exited = new Promise<never>((_, reject) => child.on('exit', (code) => reject(new Error(`${mode} server exited (code ${code})`))));
    const port = await Promise.race([ready, exited]);
    return await use(`http://127.0.0.1:${port}`);
  } finally {
    await stopGroup(child);
  }
}

/** The app on one database: checks one request by hand, then loads it. */
async function measureApp(env: Record<string, string>): Promise<Measured> {
  const auth = `tma ${createIdentity({ botToken: BOT_TOKEN, maxAgeS: 86400 }).signInitData({ id: 700_000_001, first_name: 'Bench' })}`;
  return withServer('app', { BOT_TOKEN, ...env }, async (base) => {
    const url = `${base}/api/user/status`;
    const res = await fetch(url, { headers: { authorization: auth } });
    if (res.status !== 200) throw new Error(`GET /api/user/status answered ${res.status}: ${await res.text()}`);
    return load(url, { authorization: auth });
  });
}

async function onPglite(): Promise<Measured> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taro-bench-api-'));
  try {
    return await measureApp({ DATA_DIR: dataDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh database on the admin URL's server for the run, dropped afterwards. */
async function onPostgres(admin: string): Promise<Measured> {
  const database = await createPostgresDatabase(admin, 'taro_bench');
  try {
    return await measureApp({ DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
}

const failures = (m: Measured) => m.failed.non2xx + m.failed.errors + m.failed.timeouts;

export async function run(): Promise<Record<string, unknown>> {
  const admin = benchPostgresUrl();
  const hello = () => withServer('hello', {}, (base) => load(`${base}/`));
  // The hello-world runs first and last; its mean is the baseline, so drift during the run cancels out.
  console.error('api-status: hello-world');
  const helloBefore = await hello();
  console.error('api-status: app on PGlite');
  const pglite = await onPglite();
  let postgres: Measured | undefined;
  if (admin) {
    console.error('api-status: app on PostgreSQL');
    postgres = await onPostgres(admin);
  }
  console.error('api-status: hello-world again');
  const helloAfter = await hello();
  const baseline = (helloBefore.rps + helloAfter.rps) / 2;
  const ratio = (m: Measured) => Math.round((m.rps / baseline) * 1000) / 1000;
  const runs = { helloBefore, helloAfter, pglite, ...(postgres ? { postgres } : {}) };
  const failed = Object.values(runs).reduce((n, m) => n + failures(m), 0);
  return {
    value: failed ? 0 : ratio(postgres ?? pglite),
    unit: 'ratio',
    budget: 0.4,
    database: postgres ? 'postgres' : 'pglite',
    postgresRatio: postgres ? ratio(postgres) : null,
    pgliteRatio: ratio(pglite),
    rps: { helloBefore: helloBefore.rps, helloAfter: helloAfter.rps, pglite: pglite.rps, postgres: postgres?.rps ?? null },
    latencyP99Ms: Object.fromEntries(Object.entries(runs).map(([k, m]) => [k, m.latencyP99Ms])),
    failedRequests: Object.fromEntries(Object.entries(runs).map(([k, m]) => [k, m.failed])),
    load: { ...LOAD, warmupS: WARMUP_S, durationS: DURATION_S },
  };
}
