// API throughput: requests/s of an authenticated GET /api/user/status divided by requests/s of a bare Hono
// hello-world, both served from a child process and loaded by autocannon from this process in the same run.
// The app is the built server (dist/server/start.js, what `npm start` runs, with its node flags); the
// hello-world is bench/lib/server.ts.
// Value: the PostgreSQL ratio (BENCH_DATABASE_URL or TEST_DATABASE_URL) when given, else the PGlite ratio.
// Budget: ≥ 0.5 on PostgreSQL, ≥ 0.45 on PGlite. Five rounds, the median counts (see run). Any failed request makes the value 0.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createIdentity } from '../services/identity';
import { benchPostgresUrl, spawnGroup, startAppProcess, stopGroup } from '../test/app-process';
import { createPostgresDatabase } from '../test/databases';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BOT_TOKEN = '7000000001:AAHbenchTokenForTheTarotAppBench_0123456';
const LOAD = { connections: 50, pipelining: 1 };
const WARMUP_S = 2;
const DURATION_S = 6;
const ROUNDS = 5;

interface Measured {
  rps: number;
  failed: { non2xx: number; errors: number; timeouts: number };
  latencyP99Ms: number;
}

/** Warms up, then measures; returns requests/s and every failure autocannon counted. */
async function load(url: string, headers: Record<string, string> = {}): Promise<Measured> {
  await autocannon({ url, headers, ...LOAD, duration: WARMUP_S });
  const r = await autocannon({ url, headers, ...LOAD, duration: DURATION_S });
  return {
    rps: Math.round(r.requests.average),
    failed: { non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts },
    latencyP99Ms: r.latency.p99,
  };
}

/** Runs bench/lib/server.ts (the hello-world) in its own process group; `use` gets its base URL; it is always stopped. */
async function withHello<T>(use: (base: string) => Promise<T>): Promise<T> {
  const { DATABASE_URL, BOT_TOKEN: _token, DATA_DIR, ...inherited } = process.env;
  let onPort!: (port: number) => void;
  const ready = new Promise<number>((resolve) => (onPort = resolve));
  const child = spawnGroup(process.execPath, ['--import', 'tsx', path.join('bench', 'lib', 'server.ts')], {
    cwd: ROOT,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    onStdout: (line) => {
      try {
        onPort(JSON.parse(line).port);
      } catch {
        process.stderr.write(`${line}\n`);
      }
    },
  });
  try {
    const exited = new Promise<never>((_, reject) => child.on('exit', (code) => reject(new Error(`hello server exited (code ${code})`))));
    const port = await Promise.race([ready, exited]);
    return await use(`http://127.0.0.1:${port}`);
  } finally {
    await stopGroup(child);
  }
}

/** The app on one database: checks one request by hand, then loads it. */
async function measureApp(env: Record<string, string>): Promise<Measured> {
  const auth = `tma ${createIdentity({ botToken: BOT_TOKEN, maxAgeS: 86400 }).signInitData({ id: 700_000_001, first_name: 'Bench' })}`;
  // The bot talks to a closed loopback port (it retries quietly): no request leaves the machine. A new PGlite
  // folder is made (initdb, migrations) before /api/health answers: minutes on a busy machine.
  const app = await startAppProcess(
    'api-status',
    { BOT_TOKEN, TELEGRAM_API_ROOT: 'http://127.0.0.1:9', LOG_LEVEL: 'silent', ...env },
    {
      timeoutMs: 300_000,
    },
  );
  try {
    const url = `${app.base}/api/user/status`;
    const res = await fetch(url, { headers: { authorization: auth } });
    if (res.status !== 200) throw new Error(`GET /api/user/status answered ${res.status}: ${await res.text()}`);
    return await load(url, { authorization: auth });
  } finally {
    await app.stop();
  }
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round3 = (x: number) => Math.round(x * 1000) / 1000;

export async function run(): Promise<Record<string, unknown>> {
  const admin = benchPostgresUrl();
  const hello = () => withHello((base) => load(`${base}/`));
  // Rounds of hello-world, PGlite, PostgreSQL, closed by one more hello-world: each round's ratio is taken
  // against the mean of the hello-worlds on either side of it, and the value is the median round, so a
  // neighbour's burst on a shared machine moves one round, not the figure.
  const hellos: Measured[] = [];
  const rounds: { pglite: Measured; postgres?: Measured }[] = [];
  for (let i = 1; i <= ROUNDS; i++) {
    console.error(`api-status: round ${i}/${ROUNDS}: hello-world, PGlite${admin ? ', PostgreSQL' : ''}`);
    hellos.push(await hello());
    const pglite = await onPglite();
    rounds.push({ pglite, ...(admin ? { postgres: await onPostgres(admin) } : {}) });
  }
  console.error('api-status: hello-world again');
  hellos.push(await hello());

  const ratios = rounds.map((r, i) => {
    const baseline = (hellos[i].rps + hellos[i + 1].rps) / 2;
    return { pglite: round3(r.pglite.rps / baseline), postgres: r.postgres ? round3(r.postgres.rps / baseline) : null };
  });
  const pgliteRatio = median(ratios.map((r) => r.pglite));
  const postgresRatio = admin ? median(ratios.map((r) => r.postgres!)) : null;
  const all = [...hellos, ...rounds.flatMap((r) => (r.postgres ? [r.pglite, r.postgres] : [r.pglite]))];
  const failed = all.reduce((n, m) => n + failures(m), 0);
  return {
    value: failed ? 0 : (postgresRatio ?? pgliteRatio),
    unit: 'ratio',
    budget: admin ? 0.5 : 0.45,
    budgets: { postgres: 0.5, pglite: 0.45 },
    withinBudget: !failed && (postgresRatio === null || postgresRatio >= 0.5) && pgliteRatio >= 0.45,
    database: admin ? 'postgres' : 'pglite',
    postgresRatio,
    pgliteRatio,
    rounds: ratios,
    rps: {
      hello: hellos.map((m) => m.rps),
      pglite: rounds.map((r) => r.pglite.rps),
      postgres: admin ? rounds.map((r) => r.postgres!.rps) : null,
    },
    latencyP99Ms: {
      hello: Math.max(...hellos.map((m) => m.latencyP99Ms)),
      pglite: Math.max(...rounds.map((r) => r.pglite.latencyP99Ms)),
      ...(admin ? { postgres: Math.max(...rounds.map((r) => r.postgres!.latencyP99Ms)) } : {}),
    },
    failedRequests: failed,
    load: { ...LOAD, warmupS: WARMUP_S, durationS: DURATION_S, rounds: ROUNDS },
  };
}
