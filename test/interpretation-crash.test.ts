// An interpretation whose process died while writing it (SIGKILL mid-stream) is servable again within
// seconds after a restart: the claim on the reading is short and kept alive by a heartbeat, so a dead
// instance's claim runs out on its own instead of blocking the reading for the provider's whole timeout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApp, launchUser, startAppProcess, type AppProcess } from './app-process';
import { DEFAULT_FAKE_TEXT, startFakeOpenAI, type FakeOpenAI } from './fake-openai';
import { sseEvents } from './sse-client';

describe('interpretation after a crash (pglite)', () => {
  let ai: FakeOpenAI;
  let dataDir: string;
  let app: AppProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    ai = await startFakeOpenAI();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taro-interp-crash-'));
    // Local mode's own bot; the provider's timeout is the default (long), as in production.
    env = { DATA_DIR: dataDir, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: ai.baseUrl };
    app = await startAppProcess('interp-crash', env);
  }, 120_000);

  afterAll(async () => {
    await app?.kill();
    await ai?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a reading whose interpretation was being written when the process was killed is interpreted within seconds after the restart', async () => {
    // Signed in through local mode's /dev/launch (its bot token is kept in the database across the restart).
    const authorization = await launchUser(app!.base, 930_001);
    const auth = (_: number) => authorization;
    const user = 930_001;
    const created = await callApp(app!.base, 'POST', '/api/readings', {
      auth: auth(user),
      json: { spreadType: 'free_daily', question: 'Что меня ждёт?' },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;

    ai.set({ mode: 'ok', firstTokenDelayMs: 0, tokenDelayMs: 300 });
    const res = await fetch(`${app!.base}/api/readings/${id}/interpretation`, {
      headers: { Authorization: auth(user), Accept: 'text/event-stream' },
    });
    const events = sseEvents(res);
    expect((await events.next()).value?.event).toBe('delta');
    await app!.kill();

    ai.set({ mode: 'ok', firstTokenDelayMs: 0, tokenDelayMs: 0 });
    app = await startAppProcess('interp-crash-restarted', env);
    const started = Date.now();
    const again = await fetch(`${app.base}/api/readings/${id}/interpretation`, {
      headers: { Authorization: auth(user), Accept: 'text/event-stream' },
      signal: AbortSignal.timeout(25_000),
    });
    expect(again.status).toBe(200);
    let done: any = null;
    for await (const e of sseEvents(again)) if (e.event === 'done') done = e.data;
    expect(done).toMatchObject({ fallback: false, reading: { status: 'done' } });
    expect(done.interpretation ?? DEFAULT_FAKE_TEXT).toBe(DEFAULT_FAKE_TEXT);
    // The dead process's claim ran out in seconds, not after the provider's timeout.
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 120_000);
});
