// The set-up the AI interpretation tests share: the real HTTP app on a test database, served on 127.0.0.1,
// against a fake OpenAI; helpers to make users and readings, and a second app instance on the same database.
import net from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createApi } from '../api/app';
import { createServices } from '../services';
import type { AiConfig } from '../services/deps';
import type { TestDbKind } from './databases';
import { DEFAULT_FAKE_TEXT, startFakeOpenAI, type FakeOpenAI } from './fake-openai';
import { createHarness, testAiConfig, type Harness } from './harness';
import { serveApp, type ServedApp } from './sse-client';

/** A second app instance on the same database (as a second process behind a load balancer would be). */
export function secondInstance(h: Harness, ai: Partial<AiConfig>) {
  const services = createServices({ ...h.deps, ai: testAiConfig(ai) });
  const app = createApi({ services, identity: h.identity, logger: pino({ level: 'silent' }), localMode: true });
  async function call(user: number, method: string, path: string, json?: unknown) {
    const headers: Record<string, string> = { Authorization: h.authFor(user) };
    if (json !== undefined) headers['Content-Type'] = 'application/json';
    const res = await app.request(path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
    return { status: res.status, body: (await res.json()) as any };
  }
  return { app, services, call };
}

/** A loopback port nobody listens on: the provider is down. */
export async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export const sse = (url: string, auth: string, signal?: AbortSignal) =>
  fetch(url, { headers: { Accept: 'text/event-stream', Authorization: auth }, signal });

/**
 * Registers the hooks in the calling describe: the fake provider and the app start before its tests, the
 * provider's behaviour is reset before each, and both go after the last. The fields are set once started.
 * `ai` changes the provider settings (deadlines) of the app.
 */
export function useInterpretationFixture(kind: TestDbKind, ai: Partial<AiConfig> = {}) {
  let nextUser = 40_000;
  const f = {
    fake: undefined as unknown as FakeOpenAI,
    h: undefined as unknown as Harness,
    server: undefined as unknown as ServedApp,
    newUser: () => ++nextUser,
    async newReading(user: number, spreadType = 'free_daily', question = 'Что меня ждёт сегодня?') {
      if (spreadType !== 'free_daily') await f.h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
      const res = await f.h.call(user, 'POST', '/api/readings', { spreadType, question });
      expect(res.status).toBe(201);
      return res.body.data as { id: number; cards: any[]; level: string };
    },
    interpretationUrl: (id: number) => `${f.server.url}/api/readings/${id}/interpretation`,
    readingRow: (id: number) => f.h.db.selectFrom('readings').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    usage: async (user: number) => (await f.h.call(user, 'GET', '/api/user/status')).body.data.userStatus,
  };

  beforeAll(async () => {
    f.fake = await startFakeOpenAI();
    f.h = await createHarness(kind, { ai: { apiKey: 'sk-test', baseUrl: f.fake.baseUrl, timeoutMs: 1_500, ...ai } });
    f.server = await serveApp(f.h.app);
  });
  afterAll(async () => {
    await f.server?.close();
    await f.h?.close();
    await f.fake?.close();
  });
  beforeEach(() => f.fake.set({ mode: 'ok', firstTokenDelayMs: 0, tokenDelayMs: 2, text: DEFAULT_FAKE_TEXT, finishReason: 'stop' }));
  return f;
}
