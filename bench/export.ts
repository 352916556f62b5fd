// The data export of a heavy user: the built app (local mode, its own process, as `npm start` runs it) on a
// database seeded with 10,000 readings of one user (questions, three cards, interpretations of 2,500–5,500
// characters, as the AI writes them), whose export is downloaded whole, the JSON and then the HTML copy,
// while another user reads GET /api/user/status one call after another. Value: the app's highest peak RSS
// during the exports, in MB, over the databases run (PGlite, and PostgreSQL too with BENCH_DATABASE_URL or
// TEST_DATABASE_URL; budget: 300, the process's memory budget; 0 when a file came incomplete). Details: each
// file's size and time, the readings counted in each, the status call's p50 and p99 during the export and
// alone before it (the same client), RSS before; then three other users' JSON at once (3,000 readings each),
// with the peak RSS then.
import type { Db } from '../db/connection';
import { DECK } from '../domain/tarot/deck';
import { benchDbKinds, launchUser, sampleRss, withAppChild } from '../test/app-process';
import type { TestDbKind } from '../test/databases';
import { sleep } from '../test/wait';

const READINGS = 10_000;
const EXPORTER = 870_000_001;
const POLLER = 870_000_002;
/** Then three other users at once (each its own export), 3,000 readings each. */
const CONCURRENT = [870_000_011, 870_000_012, 870_000_013];
const CONCURRENT_READINGS = 3_000;
/** The pause between two status calls of the other user (one at a time). */
const POLL_GAP_MS = 10;
const BUDGET_MB = 300;

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/** A deterministic sequence, so every run seeds the same texts. */
function lcg(seed: number) {
  let x = seed >>> 0;
  return (n: number) => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x % n;
  };
}

const WORDS = (
  'карта говорит о переменах которые уже рядом прислушайтесь к себе и не спешите с решением прошлое отпускает ' +
  'вас настоящее требует честности будущее открывает новую дорогу отношения выходят на другой уровень работа ' +
  'приносит плоды если сохранить терпение важно заметить знаки вокруг доверие растёт постепенно не бойтесь ' +
  'сказать о своих чувствах внутренний голос подскажет верный шаг энергия возвращается после усталости'
).split(' ');
const HEADINGS = ['Прошлое', 'Настоящее', 'Будущее', 'Совет карт', 'Общий вывод'];

/** An interpretation of about `chars` characters in the app's sections. */
function interpretation(next: (n: number) => number, chars: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let h = 0; length < chars; h = (h + 1) % HEADINGS.length) {
    const sentences: string[] = [];
    for (let s = 0; s < 4; s++) {
      const words = Array.from({ length: 8 + next(8) }, () => WORDS[next(WORDS.length)]);
      sentences.push(`${words[0][0].toUpperCase()}${words.join(' ').slice(1)}.`);
    }
    const part = `## ${HEADINGS[h]}\n${sentences.join(' ')}`;
    parts.push(part);
    length += part.length + 2;
  }
  return parts.join('\n\n');
}

async function seed(db: Db): Promise<void> {
  const next = lcg(47);
  for (const [user, count] of [[EXPORTER, READINGS], ...CONCURRENT.map((u) => [u, CONCURRENT_READINGS])])
    await seedUser(db, next, user, count);
}

async function seedUser(db: Db, next: (n: number) => number, user: number, readings: number): Promise<void> {
  await db.insertInto('users').values({ id: user, first_name: 'Бенч', time_zone: 'Europe/Moscow' }).execute();
  const batch = 250;
  for (let from = 0; from < readings; from += batch) {
    const rows = Array.from({ length: Math.min(batch, readings - from) }, (_, i) => {
      const n = from + i;
      const cards = ['past', 'present', 'future'].map((position) => ({
        id: DECK[next(DECK.length)].id,
        position,
        reversed: next(2) === 1,
      }));
      return {
        user_id: user,
        spread_type: 'past_present_future',
        question: `Что ждёт меня в отношениях с Андреем этой весной? №${n + 1}`,
        cards: JSON.stringify(cards),
        interpretation: interpretation(next, 2500 + next(3000)),
        level: 'premium' as const,
        status: 'done' as const,
        created_at: new Date(Date.now() - (readings - n) * 3600_000),
      };
    });
    await db.insertInto('readings').values(rows).execute();
  }
}

/** Downloads one file, reading it as it comes: its size, time and how often `marker` occurs in it. */
async function download(url: string, auth: string, marker: string) {
  const started = performance.now();
  const res = await fetch(url, { headers: { Authorization: auth } });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  let chunks = 0;
  let count = 0;
  let carry = '';
  let firstByteMs = 0;
  let tail = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (chunks === 0) firstByteMs = performance.now() - started;
    chunks++;
    bytes += value.length;
    const text = carry + decoder.decode(value, { stream: true });
    for (let i = text.indexOf(marker); i !== -1; i = text.indexOf(marker, i + marker.length)) count++;
    carry = text.slice(-(marker.length - 1));
    tail = text.slice(-20);
  }
  return {
    mb: round(bytes / 1024 / 1024),
    seconds: round((performance.now() - started) / 1000, 2),
    firstByteMs: round(firstByteMs),
    chunks,
    count,
    complete: tail.trimEnd().endsWith(marker.startsWith('<') ? '</html>' : '}'),
  };
}

interface RunResult {
  peakRssMb: number;
  /** Three other users' exports at once (the JSON, 3,000 readings each): the peak, and whether each was whole. */
  concurrentPeakRssMb: number;
  concurrentSeconds: number;
  concurrentComplete: boolean;
  rssBeforeMb: number;
  json: Awaited<ReturnType<typeof download>>;
  html: Awaited<ReturnType<typeof download>>;
  statusAloneP50Ms: number;
  statusAloneP99Ms: number;
  statusP50Ms: number;
  statusP99Ms: number;
  statusMaxMs: number;
  statusCalls: number;
  statusFailed: number;
}

async function runOn(kind: TestDbKind): Promise<RunResult> {
  return withAppChild(
    kind,
    {},
    async (app) => {
      const base = app.base;
      const exporter = await launchUser(base, EXPORTER);
      const poller = await launchUser(base, POLLER);
      async function status(): Promise<{ ms: number; ok: boolean }> {
        const t = performance.now();
        try {
          const res = await fetch(`${base}/api/user/status`, { headers: { Authorization: poller } });
          await res.arrayBuffer();
          return { ms: performance.now() - t, ok: res.status === 200 };
        } catch {
          return { ms: performance.now() - t, ok: false };
        }
      }
      const alone: number[] = [];
      for (let i = 0; i < 200; i++) {
        alone.push((await status()).ms);
        await sleep(POLL_GAP_MS);
      }

      const rssBeforeMb = app.rssMb();
      const rss = sampleRss(app, 50);
      const polls: { ms: number; ok: boolean }[] = [];
      let exporting = true;
      const polling = (async () => {
        while (exporting) {
          polls.push(await status());
          await sleep(POLL_GAP_MS);
        }
      })();
      let json: RunResult['json'];
      let html: RunResult['html'];
      try {
        json = await download(`${base}/api/user/export?format=json`, exporter, '"spread_type": ');
        html = await download(`${base}/api/user/export?format=html`, exporter, '<dt>spread_type</dt>');
      } catch (err) {
        throw new Error(
          `${(err as Error).message}; the app ${app.alive ? 'runs' : `exited: ${JSON.stringify(await app.exited)}`}:\n${app.output()}`,
        );
      } finally {
        exporting = false;
        await polling;
      }
      const peakRssMb = rss.stop();
      const ms = polls.map((p) => p.ms);

      const auths = await Promise.all(CONCURRENT.map((u) => launchUser(base, u)));
      const rssConcurrent = sampleRss(app, 50);
      const startedConcurrent = performance.now();
      const concurrent = await Promise.all(auths.map((a) => download(`${base}/api/user/export?format=json`, a, '"spread_type": ')));
      const concurrentSeconds = round((performance.now() - startedConcurrent) / 1000, 2);
      const concurrentPeakRssMb = rssConcurrent.stop();
      return {
        peakRssMb,
        concurrentPeakRssMb,
        concurrentSeconds,
        concurrentComplete: concurrent.every((r) => r.count === CONCURRENT_READINGS && r.complete),
        rssBeforeMb,
        json,
        html,
        statusAloneP50Ms: round(percentile(alone, 50)),
        statusAloneP99Ms: round(percentile(alone, 99)),
        statusP50Ms: round(percentile(ms, 50)),
        statusP99Ms: round(percentile(ms, 99)),
        statusMaxMs: round(Math.max(...ms)),
        statusCalls: polls.length,
        statusFailed: polls.filter((p) => !p.ok).length,
      };
    },
    { seed },
  );
}

export async function run(): Promise<Record<string, unknown>> {
  const runs: Partial<Record<TestDbKind, RunResult>> = {};
  for (const kind of benchDbKinds()) {
    console.error(`export: ${READINGS} readings of one user on ${kind}`);
    runs[kind] = await runOn(kind);
  }
  const all = Object.values(runs);
  const complete = all.every(
    (r) => r.json.count === READINGS && r.html.count === READINGS && r.json.complete && r.html.complete && r.concurrentComplete,
  );
  const peak = Math.max(...all.flatMap((r) => [r.peakRssMb, r.concurrentPeakRssMb]));
  return {
    value: complete ? peak : 0,
    unit: 'MB',
    budgetMb: BUDGET_MB,
    withinBudget: complete && peak <= BUDGET_MB,
    ...runs,
    load: { readings: READINGS, pollGapMs: POLL_GAP_MS, concurrentUsers: CONCURRENT.length, concurrentReadings: CONCURRENT_READINGS },
  };
}
