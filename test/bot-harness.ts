// The real bot (grammY, long polling through @grammyjs/runner, as in production) against the local
// Telegram on 127.0.0.1, on a real database: tests type as users and read what the bot answered.
import { run, type RunnerHandle } from '@grammyjs/runner';
import { Api } from 'grammy';
import pino from 'pino';
import { createBot, ALLOWED_UPDATES, type CreateBotOptions } from '../bot/index';
import type { FakeUser } from '../bot/local-telegram/index';
import { createTestTelegram } from './test-telegram';
import type { TestDbKind } from './databases';
import { createHarness, TEST_BOT_TOKEN, type HarnessOptions } from './harness';

export const TEST_PUBLIC_URL = 'https://tarot.example';

/** The app's options, and the bot's own: how often a growing reply is shown, the operators' pacing clock. */
type BotHarnessOptions = HarnessOptions & Pick<CreateBotOptions, 'liveReplyIntervals' | 'operatorPacingClock'>;

export async function createBotHarness(kind: TestDbKind, { liveReplyIntervals, operatorPacingClock, ...o }: BotHarnessOptions = {}) {
  const tg = createTestTelegram({ token: TEST_BOT_TOKEN, botUsername: 'tarot_test_bot' });
  const apiRoot = await tg.listen();
  // What the services send to the operators goes through this local Telegram too, as in production.
  const operatorApi = new Api(TEST_BOT_TOKEN, { apiRoot });
  const h = await createHarness(kind, {
    operatorMessenger: { sendMessage: (chat, text, extra) => operatorApi.sendMessage(chat, text, extra) },
    ...o,
  });
  // Warnings and errors the bot logs are kept for the tests (and printed with BOT_TEST_LOG=debug).
  const logs: Record<string, any>[] = [];
  const logger = pino(
    { level: process.env.BOT_TEST_LOG ?? 'warn' },
    {
      write(line: string) {
        logs.push(JSON.parse(line));
        if (process.env.BOT_TEST_LOG) process.stderr.write(line);
      },
    },
  );
  const start = async () => {
    const created = createBot({
      token: TEST_BOT_TOKEN,
      apiRoot,
      services: h.services,
      identity: h.identity,
      logger,
      webAppUrl: () => TEST_PUBLIC_URL,
      liveReplyIntervals,
      operatorPacingClock,
    });
    await created.bot.init();
    const runner: RunnerHandle = run(created.bot, {
      runner: { fetch: { allowed_updates: [...ALLOWED_UPDATES], timeout: 1 }, silent: true },
    });
    return { ...created, runner };
  };
  const stop = async (b: Awaited<ReturnType<typeof start>>) => {
    if (b.runner.isRunning()) await b.runner.stop();
    await b.inFlight.idle();
  };
  let current = await start();

  return {
    ...h,
    tg,
    apiRoot,
    logger,
    logs,
    get bot() {
      return current.bot;
    },
    user: (id: number, first_name = 'Тест', extra: Partial<FakeUser> = {}): FakeUser => ({ id, first_name, language_code: 'ru', ...extra }),
    /** Waits until every update taken so far is handled. */
    idle: () => current.inFlight.idle(),
    /** Stops this bot and starts a new one on the same database (a restart, or another instance). */
    async restartBot() {
      await stop(current);
      current = await start();
    },
    async close() {
      await stop(current);
      await tg.close();
      await h.close();
    },
  };
}

export type BotHarness = Awaited<ReturnType<typeof createBotHarness>>;
