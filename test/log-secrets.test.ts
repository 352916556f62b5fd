// Secrets never reach the log, on the built server as it ships (webhook mode, a real bot token, Stars and
// YooKassa, an AI key): every outside service is an address where nothing listens, so each call fails at the
// network level and is logged with its error, whose cause names the URL (`…/bot<token>/getMe`). The test
// drives a call to each (an invoice link, the bot's name, a message to the operators, a YooKassa checkout, a
// reading with AI) with initData, session, launch and link tokens in the requests,
// then greps the whole log, at debug level, for every secret: none may appear.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIdentity } from '../services/identity';
import { openAppDatabase } from './app-database';
import { callApp, freePort, startAppProcess, type AppProcess } from './app-process';
import { TEST_DB_KINDS } from './databases';
import { TEST_BOT_TOKEN } from './harness';

const WEBHOOK_SECRET = 'log-secrets-webhook-secret-0123';
const YOOKASSA_SHOP_ID = '470001';
const YOOKASSA_SECRET_KEY = 'test_LogSecretsYooKassaKey_0123456789abc';
const OPENAI_API_KEY = 'sk-log-secrets-0123456789abcdefABCDEF';
const ADMIN = 471_001;
const USER = 471_002;

const identity = createIdentity({ botToken: TEST_BOT_TOKEN, maxAgeS: 86400 });
const until = <T>(fn: () => T | Promise<T>) => vi.waitFor(fn, { timeout: 30_000, interval: 100 });

describe.each(TEST_DB_KINDS)('no secret in the log when every outside call fails (%s)', (kind) => {
  let app: AppProcess;
  let database: Awaited<ReturnType<typeof openAppDatabase>>;
  const log: string[] = [];

  beforeAll(async () => {
    // Nothing listens here: every call to Telegram, the AI and YooKassa is refused at once.
    const closed = `http://127.0.0.1:${await freePort()}`;
    database = await openAppDatabase(kind, 'taro-log-secrets-');
    app = await startAppProcess(
      `log-secrets-${kind}`,
      {
        ...database.env,
        LOG_LEVEL: 'debug',
        BOT_TOKEN: TEST_BOT_TOKEN,
        TELEGRAM_API_ROOT: closed,
        BOT_MODE: 'webhook',
        PUBLIC_URL: 'https://tarot.example',
        WEBHOOK_SECRET,
        PAYMENTS_PROVIDER: 'stars',
        YOOKASSA_SHOP_ID,
        YOOKASSA_SECRET_KEY,
        YOOKASSA_API_ROOT: closed,
        OPENAI_API_KEY,
        OPENAI_BASE_URL: `${closed}/v1`,
        ADMIN_USER_IDS: String(ADMIN),
      },
      { lines: log },
    );
  }, 120_000);

  afterAll(async () => {
    await app?.kill();
    await database?.close();
  });

  it('drives a failing call to each outside service; the log holds none of the secrets and tokens', async () => {
    const initData = identity.signInitData({ id: USER, first_name: 'Тест' });
    const tma = `tma ${initData}`;
    const session = identity.signSessionToken(USER, 3600);
    const launch = identity.signLaunchToken(USER);
    const linkToken = crypto.randomBytes(32).toString('base64url');

    // A Stars invoice link, and a YooKassa checkout: refused.
    const stars = await callApp(app.base, 'POST', '/api/payments/create-one-time', {
      auth: tma,
      json: { product: 'week', provider: 'stars' },
    });
    expect(stars.status).toBeGreaterThanOrEqual(500);
    const card = await callApp(app.base, 'POST', '/api/payments/create-one-time', {
      auth: `Bearer ${session}`,
      json: { product: 'week', provider: 'yookassa', returnUrl: 'https://tarot.example/' },
    });
    expect(card.status).toBeGreaterThanOrEqual(500);

    // A reading with AI: the provider is unreachable, the cards' own reading is served.
    const created = await callApp(app.base, 'POST', '/api/readings', {
      auth: `Bearer ${launch}`,
      json: { spreadType: 'free_daily', question: 'Что меня ждёт на работе?' },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const stream = await fetch(`${app.base}/api/readings/${id}/interpretation`, {
      headers: { Authorization: tma, Accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    expect(await stream.text()).toContain('event: done');

    // A review to publish goes to the operators (sendMessage), and the bot's name is asked for (getMe).
    const review = await callApp(app.base, 'POST', `/api/readings/${id}/review`, { auth: tma, json: { rating: 5, publish: true } });
    expect(review.status).toBe(201);
    await until(() => expect(log.some((l) => l.includes('"method":"sendMessage"'))).toBe(true));
    await callApp(app.base, 'GET', '/api/bot-link');
    await until(() => expect(log.some((l) => l.includes('"method":"getMe"'))).toBe(true));

    // Tokens in requests: a link token spent, a launch token exchanged.
    await callApp(app.base, 'POST', '/api/auth/link', { json: { token: linkToken } });
    await callApp(app.base, 'POST', '/api/auth/exchange', { json: { token: launch } });
    await fetch(`${app.base}/auth/${linkToken}`).then((r) => r.arrayBuffer());
    // The request's log line is written after its answer: the secrets are looked for once it is there.
    await until(() => expect(log.some((l) => l.includes('"path":"/auth/'))).toBe(true));

    const [botId, botSecret] = TEST_BOT_TOKEN.split(':');
    const secrets = {
      'the bot token': TEST_BOT_TOKEN,
      'the bot token’s secret part': botSecret,
      'the webhook secret': WEBHOOK_SECRET,
      'the YooKassa secret key': YOOKASSA_SECRET_KEY,
      'the YooKassa Basic credential': Buffer.from(`${YOOKASSA_SHOP_ID}:${YOOKASSA_SECRET_KEY}`).toString('base64'),
      'the AI key': OPENAI_API_KEY,
      'a session token': session,
      'a launch token': launch,
      'a link token': linkToken,
      'initData’s signature': new URLSearchParams(initData).get('hash')!,
    };
    for (const [what, secret] of Object.entries(secrets)) {
      const at = log.find((l) => l.includes(secret));
      expect(at, `${what} in the log: ${at?.slice(0, 400)}`).toBeUndefined();
    }
    // Nothing shaped like a bot token's URL either.
    expect(log.find((l) => l.includes(`/bot${botId}:`))).toBeUndefined();
    // Every failure was logged, with its cause (the URL, the token blanked): the log is worth reading.
    const text = log.join('\n');
    for (const call of ['createInvoiceLink', 'sendMessage', 'getMe']) expect(text).toContain(`/bot[redacted]/${call}`);
    expect(text).toContain('ECONNREFUSED');
    // A request's path holding a link token is logged with the token blanked.
    expect(text).toContain('"path":"/auth/[redacted]"');
  }, 120_000);
});
