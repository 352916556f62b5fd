// Load: N simulated users (LOAD_USERS, default 50) at once go through the whole reading flow against the app
// in its own process (`npm start` in local mode: mock payments, PGlite in a fresh folder; PostgreSQL too with
// BENCH_DATABASE_URL or TEST_DATABASE_URL): GET /api/user/status → POST /api/readings → the interpretation
// streamed over SSE from the fake OpenAI (50 ms to the first token, 2 ms per token) → GET /api/user/readings,
// for LOAD_DURATION_S seconds (default 20) after a short warm-up.
// Each simulated user is a stream of people: a person signs in (/dev/launch), takes vip with
// POST /api/user/subscription (999 spreads a day) and does FLOWS_PER_PERSON readings (the AI limit is 10 calls
// per user in 10 minutes), then the next person comes. Value: completed flows per second (PostgreSQL's when
// given, else PGlite's); 0 if any call failed. Details: p50/p99 per call, errors, peak RSS of the app.
import { benchDbKinds, launchUser, sampleRss, withAppChild } from '../test/app-process';
import type { TestDbKind } from '../test/databases';
import { startFakeOpenAI, DEFAULT_FAKE_TEXT } from '../test/fake-openai';
import { sseEvents } from '../test/sse-client';

const USERS = Number(process.env.LOAD_USERS) || 50;
const DURATION_S = Number(process.env.LOAD_DURATION_S) || 20;
const WARMUP_S = 3;
const FLOWS_PER_PERSON = 5;
const FIRST_TOKEN_DELAY_MS = 50;
const TOKEN_DELAY_MS = 2;
const SPREADS = ['past_present_future', 'celtic_cross', 'love_relationship', 'free_daily'];

type Call = 'status' | 'createReading' | 'interpretation' | 'history';
const CALLS: Call[] = ['status', 'createReading', 'interpretation', 'history'];

interface RunResult {
  flows: number;
  flowsPerS: number;
  latencyMs: Record<Call | 'flow' | 'signIn', { p50: number | null; p99: number | null; count: number }>;
  errors: number;
  errorSamples: string[];
  /** The measured process's peak RSS (VmHWM: its start on the existing database and the whole load). */
  peakRssMb: number;
  /** The highest RSS sampled every 100 ms during the load. */
  loadPeakRssMb: number;
  rssAfterMb: number;
  /** The first start's peak, the one that created the database (PGlite's initdb). */
  firstStartPeakRssMb: number;
  people: number;
}

class CallError extends Error {}

async function expectOk(res: Response, what: string): Promise<any> {
  const text = await res.text();
  if (!res.ok) throw new CallError(`${what}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

async function runOn(kind: TestDbKind): Promise<RunResult> {
  const fake = await startFakeOpenAI({ firstTokenDelayMs: FIRST_TOKEN_DELAY_MS, tokenDelayMs: TOKEN_DELAY_MS });
  try {
    return await withAppChild(kind, { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: fake.baseUrl }, async (app) => {
      const base = app.base;
      const samples: Record<Call | 'flow' | 'signIn', number[]> = {
        status: [],
        createReading: [],
        interpretation: [],
        history: [],
        flow: [],
        signIn: [],
      };
      const errorSamples: string[] = [];
      let errors = 0;
      let flows = 0;
      let people = 0;
      // Calls that start, and flows that end, between the warm-up's end and the stop are measured.
      const warmupEnds = performance.now() + WARMUP_S * 1000;
      const stopAt = warmupEnds + DURATION_S * 1000;
      const inWindow = (t: number) => t >= warmupEnds && t <= stopAt;
      let nextUser = kind === 'pglite' ? 800_000_000 : 810_000_000;

      const timed = async <T>(call: Call | 'signIn', fn: () => Promise<T>): Promise<T> => {
        const t0 = performance.now();
        const out = await fn();
        if (inWindow(t0)) samples[call].push(performance.now() - t0);
        return out;
      };

      async function flow(auth: string, n: number) {
        const headers = { Authorization: auth };
        const t0 = performance.now();
        await timed('status', async () => expectOk(await fetch(`${base}/api/user/status`, { headers }), 'status'));
        const reading = await timed('createReading', async () =>
          expectOk(
            await fetch(`${base}/api/readings`, {
              method: 'POST',
              headers: { ...headers, 'Content-Type': 'application/json' },
              body: JSON.stringify({ spreadType: SPREADS[n % SPREADS.length], question: `Что ждёт меня на этой неделе? №${n}` }),
            }),
            'create reading',
          ),
        );
        await timed('interpretation', async () => {
          const res = await fetch(`${base}/api/readings/${reading.data.id}/interpretation`, {
            headers: { ...headers, Accept: 'text/event-stream' },
          });
          if (!res.ok) throw new CallError(`interpretation: ${res.status} ${(await res.text()).slice(0, 200)}`);
          let text = '';
          let done: any = null;
          for await (const e of sseEvents(res)) {
            if (e.event === 'delta') text += e.data.text;
            else if (e.event === 'done') done = e.data;
            else if (e.event === 'error') throw new CallError(`interpretation: error event ${JSON.stringify(e.data)}`);
          }
          if (!done || done.fallback || text !== DEFAULT_FAKE_TEXT)
            throw new CallError(`interpretation: ${done ? `fallback (${done.error})` : 'no done event'}`);
        });
        await timed('history', async () => expectOk(await fetch(`${base}/api/user/readings?limit=10`, { headers }), 'history'));
        const t1 = performance.now();
        if (inWindow(t1)) {
          flows++;
          samples.flow.push(t1 - t0);
        }
      }

      /** One simulated user: people one after another until the time is up. */
      async function simulatedUser() {
        while (performance.now() < stopAt) {
          const userId = nextUser++;
          people++;
          try {
            const auth = await timed('signIn', async () => {
              const a = await launchUser(base, userId);
              await expectOk(
                await fetch(`${base}/api/user/subscription`, {
                  method: 'POST',
                  headers: { Authorization: a, 'Content-Type': 'application/json' },
                  body: JSON.stringify({ subscriptionType: 'vip' }),
                }),
                'subscription',
              );
              return a;
            });
            for (let n = 0; n < FLOWS_PER_PERSON && performance.now() < stopAt; n++) await flow(auth, n);
          } catch (err) {
            errors++;
            if (errorSamples.length < 5) errorSamples.push(String((err as Error)?.message ?? err));
          }
        }
      }

      const rss = sampleRss(app);
      await Promise.all(Array.from({ length: USERS }, () => simulatedUser()));
      const loadPeakRssMb = rss.stop();
      const stats = (xs: number[]) => ({ p50: round(percentile(xs, 50)), p99: round(percentile(xs, 99)), count: xs.length });
      return {
        flows,
        flowsPerS: Math.round((flows / DURATION_S) * 10) / 10,
        latencyMs: Object.fromEntries(Object.entries(samples).map(([k, xs]) => [k, stats(xs)])) as RunResult['latencyMs'],
        errors,
        errorSamples,
        peakRssMb: app.peakRssMb(),
        loadPeakRssMb,
        rssAfterMb: app.rssMb(),
        firstStartPeakRssMb: app.firstStartPeakRssMb,
        people,
      };
    });
  } finally {
    await fake.close();
  }
}

/** The p-th percentile (0..100) of the samples, nearest rank. */
function percentile(samples: number[], p: number): number | null {
  if (!samples.length) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const round = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);

export async function run(): Promise<Record<string, unknown>> {
  const runs: Partial<Record<TestDbKind, RunResult>> = {};
  for (const kind of benchDbKinds()) {
    console.error(`load: ${USERS} users for ${DURATION_S} s on ${kind}`);
    runs[kind] = await runOn(kind);
  }
  const main = runs.postgres ?? runs.pglite!;
  const errors = Object.values(runs).reduce((n, r) => n + r.errors, 0);
  return {
    value: errors ? 0 : main.flowsPerS,
    unit: 'flows/s',
    database: runs.postgres ? 'postgres' : 'pglite',
    errors,
    ...Object.fromEntries(Object.entries(runs).map(([k, r]) => [k, r])),
    load: {
      users: USERS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      flowsPerPerson: FLOWS_PER_PERSON,
      providerFirstTokenDelayMs: FIRST_TOKEN_DELAY_MS,
      providerTokenDelayMs: TOKEN_DELAY_MS,
    },
    calls: CALLS,
  };
}
