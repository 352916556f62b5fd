// Memory: the resident set (RSS) of the whole app process (`npm start` in local mode, its own process,
// restarted once on its database: see withAppChild in test/app-process.ts) after 10 000 requests of a
// realistic mix from 200 users, 20 at a time: status, reading created and read, daily card, catalogues,
// history, the interpretation as JSON (the fake OpenAI behind it). Run on PGlite, and on PostgreSQL too with
// BENCH_DATABASE_URL or TEST_DATABASE_URL. Value: the highest RSS after the requests over the databases
// run, in MB. Budget: ≤ 300 MB. Details: RSS before and after, peaks, heap.
import { benchDbKinds, launchUser, roundMb, withAppChild } from '../test/app-process';
import type { TestDbKind } from '../test/databases';
import { startFakeOpenAI } from '../test/fake-openai';

const REQUESTS = 10_000;
const USERS = 200;
const CONCURRENCY = 20;
const BUDGET_MB = 300;

/** What one request of the mix does; weights are out of 100. */
type Kind = 'status' | 'createReading' | 'getReading' | 'dailyCard' | 'catalogue' | 'history' | 'interpretation';
const MIX: [Kind, number][] = [
  ['status', 25],
  ['createReading', 10],
  ['getReading', 10],
  ['dailyCard', 10],
  ['catalogue', 15],
  ['history', 15],
  ['interpretation', 15],
];

interface RunResult {
  rssBeforeMb: number;
  rssAfterMb: number;
  /** The measured process's peak (VmHWM), its start included. */
  peakRssMb: number;
  /** The first start's peak, the one that created the database (PGlite's initdb). */
  firstStartPeakRssMb: number;
  heapUsedBeforeMb: number;
  heapUsedAfterMb: number;
  heapTotalAfterMb: number;
  /** What the heap holds after a full collection (so not garbage), and the RSS then. */
  heapUsedAfterGcMb: number | null;
  rssAfterGcMb: number | null;
  externalAfterMb: number;
  requests: number;
  failed: number;
  failedSamples: string[];
  byKind: Record<Kind, number>;
  seconds: number;
}

/** A deterministic sequence, so every run sends the same mix. */
function lcg(seed: number) {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0;
    return x / 2 ** 32;
  };
}

function chooser(random: () => number) {
  const total = MIX.reduce((n, [, w]) => n + w, 0);
  return (): Kind => {
    let r = random() * total;
    for (const [kind, w] of MIX) if ((r -= w) < 0) return kind;
    return MIX[0][0];
  };
}

async function runOn(kind: TestDbKind): Promise<RunResult> {
  const fake = await startFakeOpenAI({ firstTokenDelayMs: 5, tokenDelayMs: 1 });
  try {
    return await withAppChild(kind, { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: fake.baseUrl }, async (app) => {
      const base = app.base;
      // Settle after start-up, then the starting point.
      await new Promise((r) => setTimeout(r, 1000));
      const rssBeforeMb = app.rssMb();
      const heapBefore = (await app.memoryUsage()).memoryUsage.heapUsed;

      const firstUser = kind === 'pglite' ? 820_000_000 : 830_000_000;
      const users: { auth: string; readings: number[] }[] = [];
      for (let i = 0; i < USERS; i++) {
        const auth = await launchUser(base, firstUser + i);
        const res = await fetch(`${base}/api/user/subscription`, {
          method: 'POST',
          headers: { Authorization: auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ subscriptionType: 'vip' }),
        });
        if (!res.ok) throw new Error(`subscription: ${res.status} ${await res.text()}`);
        users.push({ auth, readings: [] });
      }

      const random = lcg(kind === 'pglite' ? 1 : 2);
      const next = chooser(random);
      const byKind = Object.fromEntries(MIX.map(([k]) => [k, 0])) as Record<Kind, number>;
      const failedSamples: string[] = [];
      let failed = 0;
      let sent = 0;
      let peakRssMb = app.rssMb();
      const started = performance.now();

      async function one(kind: Kind) {
        const u = users[Math.floor(random() * users.length)];
        const headers = { Authorization: u.auth };
        const latest = u.readings[u.readings.length - 1];
        let res: Response;
        switch (kind) {
          case 'status':
            res = await fetch(`${base}/api/user/status`, { headers });
            break;
          case 'createReading':
            res = await fetch(`${base}/api/readings`, {
              method: 'POST',
              headers: { ...headers, 'Content-Type': 'application/json' },
              body: JSON.stringify({ spreadType: 'past_present_future', question: `Что меня ждёт? №${u.readings.length}` }),
            });
            if (res.ok) {
              u.readings.push(((await res.clone().json()) as { data: { id: number } }).data.id);
            }
            break;
          case 'getReading':
            // A user with no reading yet looks at their status instead (as the app's home screen does).
            res = await fetch(latest === undefined ? `${base}/api/user/status` : `${base}/api/readings/${latest}`, { headers });
            break;
          case 'dailyCard':
            res =
              random() < 0.5
                ? await fetch(`${base}/api/user/daily-card/available`, { headers })
                : await fetch(`${base}/api/user/daily-card/use`, {
                    method: 'POST',
                    headers: { ...headers, 'Content-Type': 'application/json' },
                    body: JSON.stringify({ redraw: random() < 0.5 }),
                  });
            break;
          case 'catalogue':
            res = await fetch(`${base}/api/${random() < 0.5 ? 'cards' : 'spreads'}`, { headers });
            break;
          case 'history':
            res = await fetch(`${base}/api/user/readings?limit=10`, { headers });
            break;
          case 'interpretation':
            if (latest === undefined) res = await fetch(`${base}/api/user/status`, { headers });
            else res = await fetch(`${base}/api/readings/${latest}/interpretation`, { headers });
            break;
        }
        const text = await res.text();
        if (!res.ok) {
          failed++;
          if (failedSamples.length < 5) failedSamples.push(`${kind}: ${res.status} ${text.slice(0, 200)}`);
        }
      }

      async function worker() {
        while (sent < REQUESTS) {
          const kind = next();
          sent++;
          byKind[kind]++;
          await one(kind).catch((err) => {
            failed++;
            if (failedSamples.length < 5) failedSamples.push(`${kind}: ${String(err?.message ?? err)}`);
          });
          if (sent % 250 === 0) peakRssMb = Math.max(peakRssMb, app.rssMb());
        }
      }
      await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      const rssAfterMb = app.rssMb();
      // The collection the report triggers comes after the RSS and the heap were read.
      const { memoryUsage: after, afterGc } = await app.memoryUsage();
      return {
        rssBeforeMb,
        rssAfterMb,
        peakRssMb: Math.max(peakRssMb, app.peakRssMb()),
        firstStartPeakRssMb: app.firstStartPeakRssMb,
        heapUsedBeforeMb: roundMb(heapBefore),
        heapUsedAfterMb: roundMb(after.heapUsed),
        heapTotalAfterMb: roundMb(after.heapTotal),
        heapUsedAfterGcMb: afterGc ? roundMb(afterGc.heapUsed) : null,
        rssAfterGcMb: afterGc ? roundMb(afterGc.rss) : null,
        externalAfterMb: roundMb(after.external + after.arrayBuffers),
        requests: sent,
        failed,
        failedSamples,
        byKind,
        seconds,
      };
    });
  } finally {
    await fake.close();
  }
}

export async function run(): Promise<Record<string, unknown>> {
  const runs: Partial<Record<TestDbKind, RunResult>> = {};
  for (const kind of benchDbKinds()) {
    console.error(`memory: ${REQUESTS} requests on ${kind}`);
    runs[kind] = await runOn(kind);
  }
  const results = Object.values(runs);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  // A run with failed requests measured something else than the mix: no figure.
  if (failed) throw new Error(`${failed} requests failed: ${results.flatMap((r) => r.failedSamples).join(' | ')}`);
  const value = Math.max(...results.map((r) => r.rssAfterMb));
  return {
    value,
    unit: 'MB',
    budget: BUDGET_MB,
    withinBudget: value <= BUDGET_MB,
    failed,
    ...runs,
    load: { requests: REQUESTS, users: USERS, concurrency: CONCURRENCY, mix: Object.fromEntries(MIX) },
  };
}
