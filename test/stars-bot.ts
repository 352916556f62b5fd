// The app selling for Stars with its real bot, against the local Telegram (a fake Bot API on 127.0.0.1): the
// API makes invoices, the local Telegram plays the user paying them, and the bot answers pre_checkout_query and
// applies successful_payment. Shared by the in-process Stars tests.
import pino from 'pino';
import { Api } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { createBot, type TarotBot } from '../bot';
import { createPushSender } from '../bot/push-sender';
import type { TestDbKind } from './databases';
import { createHarness, TEST_BOT_TOKEN, type Harness, type HarnessOptions } from './harness';
import { createTestTelegram, type TestTelegram } from './test-telegram';
import { sleep } from './wait';

export interface StarsBot {
  h: Harness;
  tg: TestTelegram;
  bot: TarotBot['bot'];
  /** Hands the bot every update the local Telegram has for it until `done` settles (and none is left). */
  deliver(done?: Promise<unknown>): Promise<any[]>;
  /** The user pays the invoice link; the bot handles what Telegram sends. */
  payLink(user: number, invoiceLink: string): Promise<{ result: Awaited<ReturnType<TestTelegram['pay']>>; updates: any[] }>;
  /** Sends the queued pushes as the running bot would (to the local Telegram), until none is left. */
  sendPushes(): Promise<void>;
  /** The texts the bot sent to `user`, oldest first. */
  sentTexts(user: number): string[];
  close(): Promise<void>;
}

export async function startStarsBot(
  kind: TestDbKind,
  o: {
    webAppUrl?: string;
    harness?: Omit<HarnessOptions, 'payments' | 'mockPayments'>;
    pricing?: NonNullable<HarnessOptions['payments']>['pricing'];
  } = {},
): Promise<StarsBot> {
  const tg = createTestTelegram({ token: TEST_BOT_TOKEN });
  const apiRoot = await tg.listen();
  const h = await createHarness(kind, {
    ...o.harness,
    mockPayments: false,
    payments: { provider: 'stars', starsApi: new Api(TEST_BOT_TOKEN, { apiRoot }), ...(o.pricing ? { pricing: o.pricing } : {}) },
  });
  const logger = pino({ level: 'silent' });
  const webAppUrl = () => o.webAppUrl ?? 'https://tarot.example.com';
  const bot = createBot({
    token: TEST_BOT_TOKEN,
    apiRoot,
    botInfo: tg.me as UserFromGetMe,
    services: h.services,
    identity: h.identity,
    logger,
    webAppUrl,
  }).bot;
  let offset = 0;

  async function deliver(done?: Promise<unknown>) {
    let finished = !done;
    done?.finally(() => (finished = true)).catch(() => {});
    const handled: any[] = [];
    for (let round = 0; round < 500; round++) {
      const updates = await bot.api.getUpdates({ offset, timeout: 0 });
      for (const u of updates) {
        offset = u.update_id + 1;
        await bot.handleUpdate(u);
        handled.push(u);
      }
      if (finished && updates.length === 0) break;
      if (updates.length === 0) await sleep(5);
    }
    return handled;
  }

  return {
    h,
    tg,
    bot,
    deliver,
    async payLink(user, invoiceLink) {
      const paying = tg.pay(user, { slug: invoiceLink.replace('https://t.me/$', '') });
      const updates = await deliver(paying);
      return { result: await paying, updates };
    },
    async sendPushes() {
      const sender = createPushSender({
        token: TEST_BOT_TOKEN,
        apiRoot,
        notifications: h.services.notifications,
        logger,
        webAppUrl,
        ratePerSecond: null,
        pollIntervalMs: 50,
      });
      await sender.drain();
    },
    sentTexts: (user) => tg.calls.filter((c) => c.method === 'sendMessage' && c.chatId === user).map((c) => String(c.params.text)),
    async close() {
      await h?.close();
      await tg?.close();
    },
  };
}
