// The bot at run time: updates by long polling (@grammyjs/runner) or by webhook (grammY's Hono adapter with
// Telegram's secret token), the commands and the menu button set at start, the push worker and its
// scheduler, and an orderly stop: no new updates, the ones in flight finished, pushes in flight recorded.
import crypto from 'node:crypto';
import { run, type RunnerHandle } from '@grammyjs/runner';
import { BotError } from 'grammy';
import type { Context as HonoContext } from 'hono';
import type { Update, UserFromGetMe } from 'grammy/types';
import { isDatabaseUnavailable } from '../db/errors';
import type { Logger } from '../logger';
import type { Services } from '../services';
import type { IdentityVerifier } from '../services/identity';
import { syncBotProfile } from './bot-profile';
import { ALLOWED_UPDATES, createBot } from './index';
import { createPushSender } from './push-sender';
import { setTimeout as sleep } from 'node:timers/promises';

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

/** Old pushes, update ids, conversations and share pictures are pruned, and unmatched Stars refunded, this often (and at start). */
const HOUSEKEEPING_EVERY_MS = 3600_000;

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

  /** Resolves when stop() is called: retry waits end early. */
  let onStop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (onStop = resolve));

  /**
   * Handles one update once. 'retry' when it failed for a passing reason (the database cannot be reached):
   * nothing was recorded as handled, so handling it again later is safe and needed. Any other failure goes
   * to the bot's one error boundary (logged, the user answered) and counts as handled: a retry would fail
   * the same way.
   */
  async function handleOnce(update: Update): Promise<'done' | 'retry'> {
    try {
      await bot.init();
      await bot.handleUpdate(update);
      return 'done';
    } catch (err) {
      const cause = err instanceof BotError ? err.error : err;
      if (isDatabaseUnavailable(cause) || !(err instanceof BotError)) {
        log.warn(
          { err: cause, updateId: update.update_id },
          'update not handled (database or Telegram unavailable); it will be handled again',
        );
        return 'retry';
      }
      await bot.errorHandler(err);
      return 'done';
    }
  }

  /** Polling: Telegram forgets an update once it is fetched, so a passing failure is retried here. */
  async function handleWithRetries(update: Update): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      if ((await handleOnce(update)) === 'done') return;
      if (stopping) {
        log.error({ update }, 'shutting down with an update the database never took; it is lost');
        return;
      }
      await Promise.race([sleep(Math.min(30_000, 500 * 2 ** attempt)), stopped]);
    }
  }

  /** A chat reading can outlast Telegram's patience: after this the webhook answers 200 and keeps handling. */
  const WEBHOOK_ANSWER_MS = 8_000;
  const secret = o.webhookSecret !== undefined ? Buffer.from(o.webhookSecret) : null;
  const secretMatches = (given: string | undefined) => {
    if (!secret || given === undefined) return false;
    const g = Buffer.from(given);
    return g.length === secret.length && crypto.timingSafeEqual(g, secret);
  };
  const carriesPayment = (u: Update) => !!(u.message?.successful_payment || u.message?.refunded_payment);

  /**
   * POST /api/telegram/webhook (mounted by main.ts into the API). 2xx tells Telegram the update is done;
   * anything else makes it redeliver. So: a wrong secret 401; a body that is no update 200 (dropped, it
   * would fail forever); a passing failure (database down) 503, redelivered; otherwise 200.
   */
  const webhookHandler =
    o.mode === 'webhook'
      ? async (c: HonoContext): Promise<Response> => {
          // Shutting down: Telegram retries later (another instance, or this one after the restart).
          if (stopping) return c.body(null, 503);
          if (!secretMatches(c.req.header('X-Telegram-Bot-Api-Secret-Token'))) return c.text('secret token is wrong', 401);
          const update: unknown = await c.req.json().catch(() => null);
          const id = (update as { update_id?: unknown } | null)?.update_id;
          if (typeof update !== 'object' || update === null || Array.isArray(update) || !Number.isSafeInteger(id) || (id as number) < 0) {
            log.warn({ updateId: id }, 'webhook body is no Telegram update; dropped');
            return c.json({ ok: true });
          }
          const handling = handleOnce(update as Update);
          // A payment is always waited for: its answer must say whether it was applied.
          const outcome = carriesPayment(update as Update)
            ? await handling
            : await Promise.race([handling, sleep(WEBHOOK_ANSWER_MS).then(() => 'done' as const)]);
          return outcome === 'retry' ? c.json({ ok: false }, 503) : c.json({ ok: true });
        }
      : undefined;

  async function scheduleTick() {
    try {
      await o.services.notifications.scheduleDue();
    } catch (err) {
      log.error({ err }, 'push scheduling failed');
    }
    try {
      // «Итоги месяца»: one push in the first days of a month (services/monthly-report.ts).
      await o.services.monthlyReports.schedulePushes();
    } catch (err) {
      log.error({ err }, 'monthly report pushes failed');
    }
    if (Date.now() - lastCleanup > HOUSEKEEPING_EVERY_MS) {
      lastCleanup = Date.now();
      await housekeeping();
    }
  }

  /** What the database would otherwise keep forever; each part runs even when another failed. */
  async function housekeeping() {
    const parts = {
      notifications: () => o.services.notifications.cleanup(),
      botState: () => o.services.botState.cleanup(),
      sharePictures: () => o.services.share.prune(),
      // Expired browser sessions and sign-in / return tokens (used or not).
      webAuth: () => o.services.webAuth.cleanup(),
      // A deleted user's payment records once their keeping time for accounting is over.
      keptPayments: () => o.services.userData.pruneKeptPayments(),
      // Stars that matched no order and whose refund Telegram refused go back now.
      starsRefunds: () => o.services.payments.stars.retryRefunds(),
    };
    for (const [part, run] of Object.entries(parts)) {
      try {
        await run();
      } catch (err) {
        log.error({ err, part }, 'housekeeping failed');
      }
    }
  }

  /** getMe, the bot's profile (bot/bot-profile.ts), then the webhook or polling. Retries while Telegram is unreachable. */
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
    // Name, descriptions, commands, menu button and settings: each read, and written only when it differs.
    await syncBotProfile(bot.api, { webAppUrl: o.webAppUrl(), logger: log });
    if (o.mode === 'webhook') {
      await bot.api.setWebhook(o.webhookUrl!, { secret_token: o.webhookSecret, allowed_updates: [...ALLOWED_UPDATES] });
      log.info({ url: o.webhookUrl }, 'webhook set');
    } else {
      await bot.api.deleteWebhook();
      // The runner with our handling: a passing failure is retried instead of skipped.
      const adapter = {
        init: () => bot.init(),
        api: bot.api,
        handleUpdate: handleWithRetries,
        errorHandler: (err: unknown) => log.error({ err }, 'update failed'),
      };
      runner = run(adapter, {
        runner: { fetch: { allowed_updates: [...ALLOWED_UPDATES], timeout: 30 }, silent: true },
      });
      log.info({ username: bot.botInfo.username }, 'polling for updates');
    }
  }

  return {
    bot,
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
      onStop();
      if (scheduler) clearInterval(scheduler);
      if (runner?.isRunning()) await runner.stop();
      await tick;
      await sender.stop();
      await inFlight.idle();
    },
  };
}

export type TelegramRuntime = ReturnType<typeof createTelegramRuntime>;
