// The bot at run time: updates by long polling (@grammyjs/runner) or by webhook (grammY's Hono adapter with
// Telegram's secret token), the commands and the menu button set at start, the push worker and its
// scheduler, and an orderly stop: no new updates, the ones in flight finished, pushes in flight recorded.
import { run, type RunnerHandle } from '@grammyjs/runner';
import { BotError, webhookCallback } from 'grammy';
import type { Context as HonoContext } from 'hono';
import type { UserFromGetMe } from 'grammy/types';
import type { Logger } from '../logger';
import type { Services } from '../services';
import type { IdentityVerifier } from '../services/identity';
import { ALLOWED_UPDATES, BOT_COMMANDS, createBot } from './index';
import { createPushSender } from './push-sender';

export interface TelegramRuntimeOptions {
  token: string;
  apiRoot: string;
  mode: 'polling' | 'webhook';
  /** Where Telegram posts updates in webhook mode (PUBLIC_URL + /api/telegram/webhook). */
  webhookUrl?: string;
  webhookSecret?: string;
  services: Services;
  identity: IdentityVerifier;
  logger: Logger;
  webAppUrl: () => string | null;
  push: {
    ratePerSecond: number | null;
    /** Telegram's paid broadcasts (PUSH_PAID_BROADCAST): pushes may go above the free ~30/s, paid in Stars. */
    paidBroadcast?: boolean;
    /** How often due pushes are enqueued (default every minute). */
    scheduleIntervalMs?: number;
    /** How often an idle push worker looks at the queue (default 5 s). */
    pollIntervalMs?: number;
  };
  botInfo?: UserFromGetMe;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createTelegramRuntime(o: TelegramRuntimeOptions) {
  const log = o.logger.child({ component: 'bot' });
  const { bot, inFlight } = createBot({
    token: o.token,
    apiRoot: o.apiRoot,
    services: o.services,
    identity: o.identity,
    logger: log,
    webAppUrl: o.webAppUrl,
    botInfo: o.botInfo,
  });
  const sender = createPushSender({
    token: o.token,
    apiRoot: o.apiRoot,
    notifications: o.services.notifications,
    logger: log,
    webAppUrl: o.webAppUrl,
    ratePerSecond: o.push.ratePerSecond,
    paidBroadcast: o.push.paidBroadcast,
    pollIntervalMs: o.push.pollIntervalMs,
  });

  let stopping = false;
  let runner: RunnerHandle | null = null;
  let scheduler: NodeJS.Timeout | null = null;
  let tick: Promise<void> | null = null;
  let lastCleanup = 0;

  const handleWebhook =
    o.mode === 'webhook'
      ? webhookCallback(bot, 'hono', {
          secretToken: o.webhookSecret,
          // A long chat reading must not make Telegram resend the update: answer 200, keep handling.
          onTimeout: 'return',
          timeoutMilliseconds: 8_000,
        })
      : null;

  /** POST /api/telegram/webhook (mounted by main.ts into the API). */
  const webhookHandler = handleWebhook
    ? async (c: HonoContext): Promise<Response> => {
        // Shutting down: Telegram retries later (another instance, or this one after the restart).
        if (stopping) return c.body(null, 503);
        // With the right secret, a body that is no update (not an object, no integer update_id) is refused
        // here: grammY and the update-id dedupe would throw on it (a 500, redelivered forever).
        if (c.req.header('X-Telegram-Bot-Api-Secret-Token') === o.webhookSecret) {
          const update: unknown = await c.req.json().catch(() => null);
          const id = (update as { update_id?: unknown } | null)?.update_id;
          if (typeof update !== 'object' || Array.isArray(update) || !Number.isSafeInteger(id) || (id as number) < 0)
            return c.json({ success: false, error: 'body: ожидается обновление Telegram' }, 400);
        }
        try {
          return (await handleWebhook(c)) as Response;
        } catch (err) {
          // grammY hands webhook errors to the web framework, not to bot.catch: route them to the one error
          // boundary here and answer 200, so Telegram does not redeliver an update that fails every time.
          if (!(err instanceof BotError)) throw err;
          await bot.errorHandler(err);
          return c.json({ ok: true });
        }
      }
    : undefined;

  async function scheduleTick() {
    try {
      await o.services.notifications.scheduleDue();
      if (Date.now() - lastCleanup > 3600_000) {
        lastCleanup = Date.now();
        await o.services.notifications.cleanup();
        await o.services.botState.cleanup();
      }
    } catch (err) {
      log.error({ err }, 'push scheduling failed');
    }
  }

  /** getMe, commands, the default menu button, then the webhook or polling. Retries while Telegram is unreachable. */
  async function launch() {
    for (let attempt = 0; !stopping; attempt++) {
      try {
        await bot.init();
        break;
      } catch (err) {
        log.error({ err, attempt }, 'Telegram is unreachable; retrying');
        await sleep(Math.min(30_000, 1000 * 2 ** attempt));
      }
    }
    if (stopping) return;
    try {
      await bot.api.setMyCommands(BOT_COMMANDS);
      await bot.api.setMyCommands(BOT_COMMANDS, { language_code: 'ru' });
      const url = o.webAppUrl();
      if (url) await bot.api.setChatMenuButton({ menu_button: { type: 'web_app', text: 'Таро', web_app: { url: `${url}/` } } });
      else log.warn('no https PUBLIC_URL: the bot sends no Mini App buttons');
    } catch (err) {
      log.error({ err }, 'setting the commands or the menu button failed');
    }
    if (o.mode === 'webhook') {
      await bot.api.setWebhook(o.webhookUrl!, { secret_token: o.webhookSecret, allowed_updates: [...ALLOWED_UPDATES] });
      log.info({ url: o.webhookUrl }, 'webhook set');
    } else {
      await bot.api.deleteWebhook();
      runner = run(bot, {
        runner: { fetch: { allowed_updates: [...ALLOWED_UPDATES], timeout: 30 }, silent: true },
      });
      log.info({ username: bot.botInfo.username }, 'polling for updates');
    }
  }

  return {
    bot,
    sender,
    webhookHandler,

    /** Starts everything; resolves when the bot takes updates (errors are logged, not thrown). */
    async start(): Promise<void> {
      sender.start();
      tick = scheduleTick();
      scheduler = setInterval(() => {
        tick = scheduleTick();
      }, o.push.scheduleIntervalMs ?? 60_000);
      try {
        await launch();
      } catch (err) {
        log.error({ err }, 'bot start failed');
      }
    },

    /** Stops taking updates, finishes the ones in flight and the pushes being sent. */
    async stop(): Promise<void> {
      stopping = true;
      if (scheduler) clearInterval(scheduler);
      if (runner?.isRunning()) await runner.stop();
      await tick;
      await sender.stop();
      await inFlight.idle();
    },

    /** Updates being handled now. */
    get updatesInFlight() {
      return inFlight.count;
    },
  };
}

export type TelegramRuntime = ReturnType<typeof createTelegramRuntime>;
