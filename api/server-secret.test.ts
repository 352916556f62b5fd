// The server secret as main.ts builds the app: in local mode it is generated at first start and kept in the
// database (as the local bot token is), and the limits of a deleted account are kept and found under it.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { getSetting } from '../db/repositories/settings';
import { startApp, type RunningApp } from '../main';
import { userKey } from '../services/user-key';
import { callApp, launchUser } from '../test/app-process';
import { openTestPglite } from '../test/databases';

describe('the server secret in local mode', () => {
  let app: RunningApp;
  let base: string;
  beforeAll(async () => {
    app = await startApp(
      loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }),
      pino({ level: 'silent' }),
      { pglite: openTestPglite() },
    );
    base = `http://127.0.0.1:${app.port}`;
  });
  afterAll(() => app?.close());

  it('is generated and kept in the database; a deleted user’s day stays used under its keyed hash', async () => {
    const secret = await getSetting(app.db, 'local_server_secret');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const user = 4_400_001;
    const ask = (auth: string) =>
      callApp(base, 'POST', '/api/readings', { auth, json: { spreadType: 'free_daily', question: 'Что мне важно сегодня?' } });
    const auth = await launchUser(base, user, 'Оля');
    expect((await ask(auth)).status).toBe(201);
    expect((await callApp(base, 'DELETE', '/api/user', { auth, json: { confirm: true } })).status).toBe(200);
    const kept = await app.db.selectFrom('erased_limits').select(['subject', 'kind']).execute();
    expect(kept).toContainEqual({ subject: userKey(secret!, user), kind: 'daily_usage' });
    expect((await ask(await launchUser(base, user, 'Оля'))).status).toBe(429);
  });
});
