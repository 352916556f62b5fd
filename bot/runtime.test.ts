// The whole process as main.ts builds it (API + bot + push worker), against the local Telegram on
// 127.0.0.1 through TELEGRAM_API_ROOT: webhook mode (secret token, redeliveries, graceful shutdown) and
// polling mode.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startApp } from '../main';
import { createTestDatabase, openTestPglite, TEST_DB_KINDS, type TestDbKind } from '../test/databases';
import { TEST_BOT_TOKEN } from '../test/harness';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';
import { createTestTelegram, type TestTelegram } from '../test/test-telegram';
import { BOT_COMMANDS } from './commands';
import { eventually } from '../test/eventually';

const until = eventually;
const SECRET = 'webhook_secret-123';

async function startProcess(kind: TestDbKind, env: Record<string, string>) {
  const pg = kind === 'postgres' ? await createTestDatabase('postgres') : null;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    // PGlite in memory, handed to the app opened as npm start hands it one: a folder on disk is the subject of
    // the npm start and restart tests (test/), not of these.
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    BOT_TOKEN: TEST_BOT_TOKEN,
    ...(pg ? { DATABASE_URL: pg.url! } : {}),
    ...env,
  });
  const app = await startApp(config, pino({ level: 'silent' }), { pglite: pg ? null : openTestPglite() });
  const base = `http://127.0.0.1:${app.port}`;
  // The bot loads once the API answered its first request (else after a second): the health check, as in production.
  expect((await fetch(`${base}/api/health`)).status).toBe(200);
  await app.bot.ready;
  return {
    app,
    base,
    async dispose() {
      await pg?.close();
    },
  };
}

describe.each(TEST_DB_KINDS)('bot in the process (%s)', (kind) => {
  let tg: TestTelegram;
  let ai: FakeOpenAI;
  beforeAll(async () => {
    tg = createTestTelegram({ token: TEST_BOT_TOKEN });
    await tg.listen();
    ai = await startFakeOpenAI();
  });
  afterAll(async () => {
    await tg?.close();
    await ai?.close();
  });

  describe('webhook mode', () => {
    let p: Awaited<ReturnType<typeof startProcess>>;
    let closed = false;
    let nextUpdate = 900_000_000;
    beforeAll(async () => {
      p = await startProcess(kind, {
        TELEGRAM_API_ROOT: tg.apiRoot,
        BOT_MODE: 'webhook',
        PUBLIC_URL: 'https://tarot.example',
        WEBHOOK_SECRET: SECRET,
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: ai.baseUrl,
      });
    });
    afterAll(async () => {
      if (!closed) await p?.app.close();
      await p?.dispose();
    });

    const post = (update: unknown, secret: string | null = SECRET) =>
      fetch(`${p.base}/api/telegram/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(secret !== null ? { 'X-Telegram-Bot-Api-Secret-Token': secret } : {}) },
        body: JSON.stringify(update),
      });
    const message = (userId: number, text: string) => ({
      update_id: ++nextUpdate,
      message: {
        message_id: nextUpdate,
        date: Math.floor(Date.now() / 1000),
        chat: { id: userId, type: 'private', first_name: 'Вера' },
        from: { id: userId, is_bot: false, first_name: 'Вера', language_code: 'ru' },
        text,
        ...(text.startsWith('/') ? { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0].length }] } : {}),
      },
    });

    it('sets the webhook with the secret token, the Russian commands and the menu button at start', () => {
      const hook = tg.calls.find((c) => c.method === 'setWebhook');
      expect(hook?.params).toMatchObject({ url: 'https://tarot.example/api/telegram/webhook', secret_token: SECRET });
      expect(hook?.params.allowed_updates).toEqual(
        expect.arrayContaining(['message', 'callback_query', 'my_chat_member', 'pre_checkout_query']),
      );
      expect(tg.calls.find((c) => c.method === 'setMyCommands')?.params.commands).toEqual(BOT_COMMANDS);
      const menu = tg.calls.find((c) => c.method === 'setChatMenuButton' && c.chatId === null);
      expect(menu?.params.menu_button).toEqual({ type: 'web_app', text: 'Таро', web_app: { url: 'https://tarot.example/' } });
    });

    it('refuses a wrong or missing secret with 401 and handles nothing', async () => {
      const u = 7001;
      tg.setProfile({ id: u, first_name: 'Вера' });
      expect((await post(message(u, '/start'), 'wrong')).status).toBe(401);
      expect((await post(message(u, '/start'), null)).status).toBe(401);
      expect(tg.botMessages(u)).toHaveLength(0);
    });

    it('handles a redelivered update once', async () => {
      const u = 7002;
      tg.setProfile({ id: u, first_name: 'Вера' });
      const update = message(u, '/help');
      expect((await post(update)).status).toBe(200);
      expect((await post(update)).status).toBe(200);
      const again = message(u, '/paysupport');
      const answers = await Promise.all([post(again), post(again), post(again)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      await until(() => expect(tg.botMessages(u).filter((m) => m.text.includes('Поддержка по оплате'))).toHaveLength(1));
      expect(tg.botMessages(u).filter((m) => m.text.includes('Что я умею'))).toHaveLength(1);
      expect(tg.botMessages(u)).toHaveLength(2);
    });

    it('answers 200 to an update whose handler fails, and the user gets the polite answer', async () => {
      const u = 7004;
      tg.setProfile({ id: u, first_name: 'Вера' });
      tg.failNext(u, { error_code: 400, description: 'Bad Request: message is malformed' });
      const res = await post(message(u, '/help'));
      expect(res.status).toBe(200);
      await until(() => expect(tg.botMessages(u).map((m) => m.text)).toEqual([expect.stringContaining('Что-то пошло не так')]));
    });

    it('shutting down stops taking updates and finishes the one in flight', async () => {
      const u = 7003;
      // The local Telegram posts to the webhook itself: updates arrive as they would from Telegram.
      tg.deliverWebhooksTo(`${p.base}/api/telegram/webhook`);
      tg.sendText({ id: u, first_name: 'Вера' }, '/reading');
      const menu = await tg.waitForBotMessage(u, (m) => m.text.startsWith('🔮 Выберите расклад'));
      tg.pressButton(u, menu.message_id, 'rd:free_daily');
      await tg.waitForBotMessage(u, (m) => m.text.includes('Напишите свой вопрос'));

      // The interpretation takes a while: the process is asked to stop while it streams.
      ai.set({ firstTokenDelayMs: 1200, tokenDelayMs: 5 });
      const pending = post(message(u, 'Что меня ждёт на этой неделе?'));
      tg.deliverWebhooksTo(null);
      await ai.waitForRequests(1);
      const closing = p.app.close();
      closed = true;
      await closing;
      const final = tg.botMessages(u).at(-1)!;
      expect(final.text).toContain('Общий вывод');
      expect((await pending).status).toBe(200);
      await expect(post(message(u, '/help'))).rejects.toThrow();
    });
  });

  describe('polling mode', () => {
    let p: Awaited<ReturnType<typeof startProcess>>;
    beforeAll(async () => {
      p = await startProcess(kind, { TELEGRAM_API_ROOT: tg.apiRoot, BOT_MODE: 'polling', PUBLIC_URL: 'https://tarot.example' });
    });
    afterAll(async () => {
      await p?.app.close();
      await p?.dispose();
    });

    it('takes updates with getUpdates after removing the webhook, and has no webhook route', async () => {
      expect(tg.webhook).toBeNull();
      tg.sendText({ id: 7100, first_name: 'Антон' }, '/start');
      await tg.waitForBotMessage(7100, (m) => m.text.includes('Здравствуйте, Антон'));
      const res = await fetch(`${p.base}/api/telegram/webhook`, {
        method: 'POST',
        headers: { 'X-Telegram-Bot-Api-Secret-Token': SECRET },
        body: '{}',
      });
      expect(res.status).toBe(401);
    });
  });
});
