// Share pictures under load: the built app (local mode, its own process, as `npm start` runs it) draws 40 story
// pictures of saved readings (no spread spent), 8 users at once, 5 each one after another (a refused one is
// asked again after its Retry-After), while another user reads GET /api/user/status one call after another.
// Every reading has other cards, so every picture is drawn. Value: pictures drawn per second (PostgreSQL's
// when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else PGlite's). Details: the status call's p50, p99
// and slowest during the drawing, 429s, the app's peak RSS and its RSS once the drawing workers are idle.
// Then `burst`: one account asks for 40 pictures of its readings all at once (each refused one again after its
// Retry-After, until the hour's limit refuses it for longer), the status call timed the same way.
import { DECK } from '../domain/tarot/deck';
import { benchDbKinds, launchUser, withAppChild } from '../test/app-process';
import type { TestDbKind } from '../test/databases';
import { sleep } from '../test/wait';

const USERS = 8;
const PER_USER = 5;
/** The pause between two status calls of the other user (one at a time). */
const POLL_GAP_MS = 10;
/** Past the pool's idle time (services/share/pool.ts): the workers have exited. */
const IDLE_WAIT_MS = 32_000;

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

interface RunResult {
  picturesPerSecond: number;
  pictures: number;
  seconds: number;
  refused429: number;
  failed: number;
  failedSamples: string[];
  statusCalls: number;
  statusFailed: number;
  statusP50Ms: number;
  statusP99Ms: number;
  statusMaxMs: number;
  /** The status call alone, before any picture: the same client, for comparison. */
  statusAloneP99Ms: number;
  rssBeforeMb: number;
  peakRssMb: number;
  rssAfterIdleMb: number;
  burst: BurstResult;
}

/** One account's 40 pictures asked for at once. */
interface BurstResult {
  pictures: number;
  seconds: number;
  /** Refused while the account's pictures were in flight (asked again after Retry-After). */
  refused429: number;
  /** Refused by the hour's limit (not asked again). */
  limited: number;
  failed: number;
  statusCalls: number;
  statusP50Ms: number;
  statusP99Ms: number;
  statusMaxMs: number;
}

/** A refusal longer than this is the hour's limit, not pictures in flight: not asked again. */
const LIMIT_RETRY_S = 60;

async function runOn(kind: TestDbKind): Promise<RunResult> {
  return withAppChild(kind, {}, async (app) => {
    const base = app.base;
    const firstUser = kind === 'pglite' ? 850_000_000 : 860_000_000;
    const poller = await launchUser(base, firstUser);
    const drawers: { auth: string; readings: number[] }[] = [];
    for (let u = 0; u < USERS; u++) {
      const auth = await launchUser(base, firstUser + 1 + u);
      const readings: number[] = [];
      for (let i = 0; i < PER_USER; i++) {
        const n = u * PER_USER + i;
        // A different first card for each reading: no two pictures alike.
        const cards = [n, (n + 40) % DECK.length, DECK.length - 1 - n].map((k) => DECK[k].id);
        const res = await fetch(`${base}/api/user/reading`, {
          method: 'POST',
          headers: { Authorization: auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            question: `Что меня ждёт? №${n}`,
            spreadType: 'past_present_future',
            cards,
            interpretation: '## Общий вывод\nВсё сложится.',
          }),
        });
        if (res.status !== 201) throw new Error(`saving a reading: ${res.status} ${await res.text()}`);
        readings.push(((await res.json()) as { data: { readingId: number } }).data.readingId);
      }
      drawers.push({ auth, readings });
    }

    async function status(): Promise<{ ms: number; ok: boolean }> {
      const t = performance.now();
      const res = await fetch(`${base}/api/user/status`, { headers: { Authorization: poller } });
      await res.arrayBuffer();
      return { ms: performance.now() - t, ok: res.status === 200 };
    }
    const alone: number[] = [];
    for (let i = 0; i < 100; i++) {
      alone.push((await status()).ms);
      await sleep(POLL_GAP_MS);
    }

    await sleep(1000);
    const rssBeforeMb = app.rssMb();
    let peakRssMb = rssBeforeMb;
    const polls: { ms: number; ok: boolean }[] = [];
    let drawing = true;
    const polling = (async () => {
      while (drawing) {
        polls.push(await status());
        peakRssMb = Math.max(peakRssMb, app.rssMb());
        await sleep(POLL_GAP_MS);
      }
    })();

    let pictures = 0;
    let refused429 = 0;
    let failed = 0;
    const failedSamples: string[] = [];
    const started = performance.now();
    try {
      await Promise.all(
        drawers.map(async (d) => {
          for (const id of d.readings) {
            for (let attempt = 0; attempt < 20; attempt++) {
              const res = await fetch(`${base}/api/readings/${id}/image?format=story`, { headers: { Authorization: d.auth } });
              const body = Buffer.from(await res.arrayBuffer());
              if (res.status === 200) {
                pictures++;
                break;
              }
              if (res.status === 429) {
                refused429++;
                await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
                continue;
              }
              failed++;
              if (failedSamples.length < 5) failedSamples.push(`${res.status} ${body.toString('utf8', 0, 200)}`);
              break;
            }
          }
        }),
      );
    } finally {
      drawing = false;
      await polling;
    }
    const seconds = (performance.now() - started) / 1000;
    peakRssMb = Math.max(peakRssMb, app.rssMb());
    await sleep(IDLE_WAIT_MS);
    const rssAfterIdleMb = app.rssMb();
    const burst = await burstOf(base, firstUser + 1 + USERS, status);
    const ms = polls.map((p) => p.ms);
    return {
      picturesPerSecond: round(pictures / seconds, 2),
      pictures,
      seconds: round(seconds),
      refused429,
      failed,
      failedSamples,
      statusCalls: polls.length,
      statusFailed: polls.filter((p) => !p.ok).length,
      statusP50Ms: round(percentile(ms, 50)),
      statusP99Ms: round(percentile(ms, 99)),
      statusMaxMs: round(Math.max(...ms)),
      statusAloneP99Ms: round(percentile(alone, 99)),
      rssBeforeMb,
      peakRssMb,
      rssAfterIdleMb,
      burst,
    };
  });
}

/** One account (`userId`) saves 40 readings and asks for all their pictures at once; `status` is polled meanwhile. */
async function burstOf(base: string, userId: number, status: () => Promise<{ ms: number; ok: boolean }>): Promise<BurstResult> {
  const auth = await launchUser(base, userId);
  const readings: number[] = [];
  for (let n = 0; n < USERS * PER_USER; n++) {
    const cards = [(n + 7) % DECK.length, (n + 50) % DECK.length, DECK.length - 8 - n].map((k) => DECK[k].id);
    const res = await fetch(`${base}/api/user/reading`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ question: `Что будет? №${n}`, spreadType: 'past_present_future', cards, interpretation: 'Всё сложится.' }),
    });
    if (res.status !== 201) throw new Error(`saving a reading: ${res.status} ${await res.text()}`);
    readings.push(((await res.json()) as { data: { readingId: number } }).data.readingId);
  }
  await sleep(1000);
  const polls: number[] = [];
  let drawing = true;
  const polling = (async () => {
    while (drawing) {
      const p = await status();
      if (!p.ok) throw new Error('status failed during the burst');
      polls.push(p.ms);
      await sleep(POLL_GAP_MS);
    }
  })();
  let pictures = 0;
  let refused429 = 0;
  let limited = 0;
  let failed = 0;
  const started = performance.now();
  try {
    await Promise.all(
      readings.map(async (id) => {
        for (let attempt = 0; attempt < 60; attempt++) {
          const res = await fetch(`${base}/api/readings/${id}/image?format=story`, { headers: { Authorization: auth } });
          await res.arrayBuffer();
          if (res.status === 200) return void pictures++;
          const wait = Number(res.headers.get('retry-after') ?? 1);
          if (res.status !== 429) return void failed++;
          if (wait > LIMIT_RETRY_S) return void limited++;
          refused429++;
          await sleep(wait * 1000);
        }
      }),
    );
  } finally {
    drawing = false;
    await polling;
  }
  return {
    pictures,
    seconds: round((performance.now() - started) / 1000),
    refused429,
    limited,
    failed,
    statusCalls: polls.length,
    statusP50Ms: round(percentile(polls, 50)),
    statusP99Ms: round(percentile(polls, 99)),
    statusMaxMs: round(Math.max(...polls)),
  };
}

export async function run(): Promise<Record<string, unknown>> {
  const runs: Partial<Record<TestDbKind, RunResult>> = {};
  for (const kind of benchDbKinds()) {
    console.error(`share: ${USERS * PER_USER} story pictures on ${kind}`);
    runs[kind] = await runOn(kind);
  }
  const main = runs.postgres ?? runs.pglite!;
  const failed = Object.values(runs).reduce((n, r) => n + r.failed + r.statusFailed + r.burst.failed, 0);
  return {
    value: failed ? 0 : main.picturesPerSecond,
    unit: 'pictures/s',
    database: runs.postgres ? 'postgres' : 'pglite',
    statusP99Ms: main.statusP99Ms,
    burstStatusP99Ms: main.burst.statusP99Ms,
    ...runs,
    load: { users: USERS, picturesPerUser: PER_USER, format: 'story', pollGapMs: POLL_GAP_MS },
  };
}
