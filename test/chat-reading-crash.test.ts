// A chat reading survives a crash: the process is killed (SIGKILL) after the question was dealt and charged,
// while its interpretation streams, and Telegram delivers the question again to the restarted server (webhook
// mode, as shipped). The user gets that reading — the same cards, its interpretation — and never «Бесплатный
// расклад на сегодня уже использован»: the bot names the request by the question's message, and the reading
// already dealt under that name is sent instead of charging again.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openAppDatabase } from './app-database';
import { startAppProcess, type AppProcess } from './app-process';
import { TEST_DB_KINDS } from './databases';
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai';
import { TEST_BOT_TOKEN } from './harness';
import { createTestTelegram, type TestTelegram } from './test-telegram';

const SECRET = 'chat-reading-crash_secret-1';
const until = <T>(fn: () => T | Promise<T>, timeout = 30_000) => vi.waitFor(fn, { timeout, interval: 50 });

describe.each(TEST_DB_KINDS)('a chat reading after a crash (%s)', (kind) => {
  let tg: TestTelegram;
  let ai: FakeOpenAI;
  let database: Awaited<ReturnType<typeof openAppDatabase>>;
  let app: AppProcess | undefined;
  let env: Record<string, string>;

  async function start(name: string) {
    app = await startAppProcess(name, env);
    tg.deliverWebhooksTo(`${app.base}/api/telegram/webhook`);
  }

  beforeAll(async () => {
    tg = createTestTelegram({ token: TEST_BOT_TOKEN, botUsername: 'tarot_test_bot' });
    await tg.listen();
    ai = await startFakeOpenAI();
    database = await openAppDatabase(kind, 'taro-chat-crash-');
    env = {
      ...database.env,
      BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_ROOT: tg.apiRoot,
      BOT_MODE: 'webhook',
      PUBLIC_URL: 'https://tarot.example',
      WEBHOOK_SECRET: SECRET,
      PAYMENTS_PROVIDER: 'stars',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: ai.baseUrl,
    };
    await start(`chat-crash-${kind}`);
  }, 120_000);

  afterAll(async () => {
    await app?.kill();
    await database?.close();
    await ai?.close();
    await tg?.close();
  });

  it('the question delivered again after a SIGKILL gets the reading already dealt, not «уже использован», and is charged once', async () => {
    const user = { id: kind === 'pglite' ? 947_001 : 947_002, first_name: 'Вера', language_code: 'ru' };
    tg.sendText(user, '/reading');
    const menu = await tg.waitForBotMessage(user.id, (m) => m.text.startsWith('🔮 Выберите расклад'), 30_000);
    tg.pressButton(user.id, menu.message_id, 'rd:free_daily');
    await tg.waitForBotMessage(user.id, (m) => m.text.includes('Напишите свой вопрос'), 30_000);

    // The question: dealt and charged, its interpretation streaming slowly when the process dies.
    ai.set({ mode: 'ok', firstTokenDelayMs: 0, tokenDelayMs: 400 });
    const before = ai.requests.length;
    const question = tg.sendText(user.id, 'Что меня ждёт на этой неделе?');
    await ai.waitForRequests(before + 1);
    const dealt = tg.botMessages(user.id).length;
    await app!.kill();

    ai.set({ mode: 'ok', firstTokenDelayMs: 0, tokenDelayMs: 0 });
    await start(`chat-crash-${kind}-restarted`);
    // Telegram delivers the same update again (it never had its answer).
    await until(async () => {
      const res = await fetch(`${app!.base}/api/telegram/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': SECRET },
        body: JSON.stringify(question),
      });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
    });

    const answer = await tg.waitForBotMessage(
      user.id,
      (m) => tg.botMessages(user.id).indexOf(m) >= dealt && (m.text.includes('Общий вывод') || m.text.includes('уже использован')),
      60_000,
    );
    expect(answer.text).not.toContain('уже использован');
    expect(answer.text).toContain('Общий вывод');
    expect(tg.botMessages(user.id).filter((m) => m.text.includes('уже использован'))).toEqual([]);

    // One reading, charged once, now interpreted (the PGlite folder is read once its process is gone).
    if (kind === 'pglite') await app!.kill();
    const { readings, usage } = await database.read(async (db) => ({
      readings: await db.selectFrom('readings').select(['status', 'charged_day', 'request_key']).where('user_id', '=', user.id).execute(),
      usage: await db.selectFrom('daily_usage').selectAll().where('user_id', '=', user.id).execute(),
    }));
    expect(readings).toHaveLength(1);
    expect(readings[0]).toMatchObject({
      status: 'done',
      request_key: `tg:${user.id}:${(question.message as { message_id: number }).message_id}`,
    });
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ free_spread_used: true, spreads_used: 1 });
  }, 180_000);
});
