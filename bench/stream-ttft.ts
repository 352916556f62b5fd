// Interpretation stream latency: the real app (startApp from main.ts, a fresh PGlite folder) against the fake
// OpenAI with a 300 ms first-token delay and 20 ms per token, read by a real HTTP client over SSE.
// Value: the median ms between the provider writing its first token and the client receiving the first text.
// Details: the median ratio of time-to-first-text to time-to-full-text. Budget: ≤ 50 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config';
import { startApp } from '../main';
import { createIdentity } from '../services/identity';
import { startFakeOpenAI, tokenize, DEFAULT_FAKE_TEXT } from '../test/fake-openai';
import { sseEvents } from '../test/sse-client';

const SAMPLES = 15;
const FIRST_TOKEN_DELAY_MS = 300;
const TOKEN_DELAY_MS = 20;
const BUDGET_MS = 50;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

export async function run(): Promise<Record<string, unknown>> {
  const fake = await startFakeOpenAI({ firstTokenDelayMs: FIRST_TOKEN_DELAY_MS, tokenDelayMs: TOKEN_DELAY_MS });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taro-bench-ttft-'));
  const { BOT_TOKEN, DATABASE_URL, ...env } = process.env;
  const config = loadConfig({
    ...env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    OPENAI_BASE_URL: fake.baseUrl,
    OPENAI_API_KEY: 'sk-bench',
  });
  const app = await startApp(config, pino({ level: 'silent' }));
  const identity = createIdentity({ botToken: app.botToken, maxAgeS: 86400 });
  const base = `http://127.0.0.1:${app.port}`;

  async function sample(userId: number) {
    const auth = `tma ${identity.signInitData({ id: userId, first_name: 'Бенч' })}`;
    const created = await fetch(`${base}/api/readings`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ spreadType: 'free_daily', question: 'Что принесёт мне этот день?' }),
    });
    const { data } = (await created.json()) as { data: { id: number } };
    const requestIndex = fake.requests.length;
    const started = performance.now();
    const res = await fetch(`${base}/api/readings/${data.id}/interpretation`, {
      headers: { Authorization: auth, Accept: 'text/event-stream' },
    });
    let firstText: number | null = null;
    let text = '';
    let doneAt: number | null = null;
    for await (const e of sseEvents(res)) {
      if (e.event === 'delta') {
        firstText ??= e.at;
        text += e.data.text;
      } else if (e.event === 'done') doneAt = e.at;
    }
    const provider = fake.requests[requestIndex];
    if (!firstText || !doneAt || !provider?.firstTokenAt || text !== DEFAULT_FAKE_TEXT)
      throw new Error('the stream did not deliver the provider text');
    return {
      afterProviderMs: firstText - provider.firstTokenAt,
      firstTextMs: firstText - started,
      fullTextMs: doneAt - started,
    };
  }

  try {
    await sample(990_000); // warm-up: JIT, database, connections
    const samples = [];
    for (let i = 1; i <= SAMPLES; i++) samples.push(await sample(990_000 + i));
    const value = round(median(samples.map((s) => s.afterProviderMs)));
    return {
      value,
      unit: 'ms',
      budget: BUDGET_MS,
      withinBudget: value <= BUDGET_MS,
      firstToFullRatio: round(median(samples.map((s) => s.firstTextMs / s.fullTextMs)), 3),
      medianFirstTextMs: round(median(samples.map((s) => s.firstTextMs))),
      medianFullTextMs: round(median(samples.map((s) => s.fullTextMs))),
      maxAfterProviderMs: round(Math.max(...samples.map((s) => s.afterProviderMs))),
      samples: SAMPLES,
      providerFirstTokenDelayMs: FIRST_TOKEN_DELAY_MS,
      providerTokenDelayMs: TOKEN_DELAY_MS,
      tokens: tokenize(DEFAULT_FAKE_TEXT).length,
    };
  } finally {
    await app.close();
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
