// A follow-up whose process died while writing its answer (SIGKILL mid-stream) is answered within seconds
// after a restart: the answer is written under a short claim kept alive by a heartbeat, as an interpretation
// is, so the dead instance's claim runs out on its own instead of blocking the follow-up for the provider's
// whole timeout. The follow-up offers «ask again» at once, and that request writes the answer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callApp, launchUser, startAppProcess, type AppProcess } from './app-process';
import { createPostgresDatabase, TEST_DB_KINDS } from './databases';
import { DEFAULT_FAKE_TEXT, startFakeOpenAI, type FakeOpenAI } from './fake-openai';
import { sseEvents } from './sse-client';

describe.each(TEST_DB_KINDS)('follow-up after a crash (%s)', (kind) => {
  let ai: FakeOpenAI;
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let app: AppProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    ai = await startFakeOpenAI();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taro-follow-up-crash-'));
    // Local mode's own bot; the provider's timeout is the default (long), as in production.
    env = { DATA_DIR: dataDir, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: ai.baseUrl };
    if (kind === 'postgres') {
      database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'taro_fu_crash');
      env.DATABASE_URL = database.url;
    }
    app = await startAppProcess(`follow-up-crash-${kind}`, env);
  }, 120_000);

  afterAll(async () => {
    await app?.kill();
    await ai?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a follow-up whose answer was being written when the process was killed is answered within seconds after the restart', async () => {
    const user = kind === 'pglite' ? 931_001 : 932_001;
    const auth = await launchUser(app!.base, user);
    expect((await callApp(app!.base, 'POST', '/api/user/subscription', { auth, json: { subscriptionType: 'vip' } })).status).toBe(200);
    const created = await callApp(app!.base, 'POST', '/api/readings', {
      auth,
      json: { spreadType: 'past_present_future', question: 'Что меня ждёт?' },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    ai.set({ mode: 'ok', firstTokenDelayMs: 0, tokenDelayMs: 0 });
    expect((await callApp(app!.base, 'GET', `/api/readings/${id}/interpretation`, { auth })).status).toBe(200);

    ai.set({ mode: 'ok', firstTokenDelayMs: 0, tokenDelayMs: 300 });
    const res = await fetch(`${app!.base}/api/readings/${id}/follow-ups`, {
      method: 'POST',
      headers: { Authorization: auth, Accept: 'text/event-stream', 'Content-Type': 'application/json' },
      body: JSON.stringify({ question: 'А что будет через месяц?' }),
    });
    expect(res.status).toBe(200);
    const events = sseEvents(res);
    const card = (await events.next()).value;
    expect(card?.event).toBe('card');
    const fid = card!.data.followUp.id as number;
    expect((await events.next()).value?.event).toBe('delta');
    await app!.kill();

    ai.set({ mode: 'ok', firstTokenDelayMs: 0, tokenDelayMs: 0 });
    app = await startAppProcess(`follow-up-crash-${kind}-restarted`, env);
    // Opened again, the follow-up has no answer yet and offers «ask again» at once.
    const listed = await callApp(app.base, 'GET', `/api/readings/${id}/follow-ups`, { auth });
    expect(listed.status).toBe(200);
    expect(listed.body.data.followUps).toHaveLength(1);
    expect(listed.body.data.followUps[0]).toMatchObject({ id: fid, status: 'dealt', answer: null, canRetry: true });

    // Asked again, it is answered as soon as the dead process's claim runs out: seconds, not the provider's
    // timeout (86 s before). A behaviour bound, not a speed measurement.
    const answered = await vi.waitFor(
      async () => {
        const r = await callApp(app!.base, 'POST', `/api/readings/${id}/follow-ups/${fid}/retry`, { auth });
        expect(r.status).toBe(200);
        return r.body.data.followUp;
      },
      { timeout: 20_000, interval: 500 },
    );
    expect(answered).toMatchObject({ id: fid, status: 'done', answer: DEFAULT_FAKE_TEXT, fallback: false, canRetry: false });
    const after = (await callApp(app.base, 'GET', `/api/readings/${id}/follow-ups`, { auth })).body.data;
    expect(after.followUps).toHaveLength(1);
    expect(after.allowance).toEqual({ limit: 3, used: 1, remaining: 2, locked: false });
  }, 120_000);
});
