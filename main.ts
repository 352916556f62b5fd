// Composition root: config → logger → database (+ migrations) → services → api → listen; ordered shutdown.
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { Api } from 'grammy';
import { createApi } from './api/app';
import { createLocalTelegram, type LocalTelegram } from './bot/local-telegram/bot-api';
import { localTelegramRoutes } from './bot/local-telegram/routes';
import { createTelegramRuntime } from './bot/runtime';
import { ConfigError, loadConfig, type Config } from './config';
import { connectDatabase, DataDirLockedError, migrateToLatest, type DatabaseHandle } from './db/connection';
import { getOrCreateSetting } from './db/repositories/settings';
import { createLogger, type Logger } from './logger';
import { createServices } from './services';
import { createIdentity } from './services/identity';
import { createMetrics } from './services/metrics';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.join(ROOT, 'dist', 'webapp');

/** Local mode has no real bot: a token is generated once and kept in the database. */
function generateLocalBotToken(): string {
  return `${crypto.randomInt(1_000_000_000, 9_999_999_999)}:${crypto.randomBytes(27).toString('base64url')}`;
}

export interface RunningApp {
  config: Config;
  port: number;
  botToken: string;
  /** The bot: `ready` when it takes updates; the local Telegram in local mode. */
  bot: { ready: Promise<void>; localTelegram: LocalTelegram | null };
  /** The database, for tests that arrange data the UI cannot make in one sitting (several days of streak). */
  db: DatabaseHandle['db'];
  close(): Promise<void>;
}

export async function startApp(config: Config, logger: Logger): Promise<RunningApp> {
  // Migrations run on their own connection without the statement timeout (a long one is expected there).
  if (config.databaseUrl) {
    const migrating = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
    try {
      await migrateToLatest(migrating.db);
    } finally {
      await migrating.close();
    }
  }
  const database: DatabaseHandle = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.database.poolSize,
    statementTimeoutMs: config.database.statementTimeoutMs,
    acquireTimeoutMs: config.database.acquireTimeoutMs,
  });
  try {
    if (!config.databaseUrl) await migrateToLatest(database.db);
    const botToken = config.botToken ?? (await getOrCreateSetting(database.db, 'local_bot_token', generateLocalBotToken));
    let starsApiRoot = config.telegramApiRoot;
    let starsClient: Api | null = null;
    const starsApi = () => (starsClient ??= new Api(botToken, { apiRoot: starsApiRoot }));
    let botUsername: string | undefined;
    const services = createServices({
      db: database.db,
      clock: () => new Date(),
      randomInt: (max) => crypto.randomInt(max),
      defaultTimeZone: config.defaultTimeZone,
      specialAccessUserIds: config.specialAccessUserIds,
      mockPayments: config.paymentsProvider === 'mock',
      dailyReminderTime: config.push.dailyReminderTime,
      ai: config.openai,
      payments: {
        provider: config.paymentsProvider,
        pricing: config.pricing,
        publicUrl: config.publicUrl,
        yookassa: config.yookassa.shopId && config.yookassa.secretKey ? { shopId: config.yookassa.shopId, secretKey: config.yookassa.secretKey, apiRoot: config.yookassa.apiRoot } : undefined,
        // Stars go through the bot's Bot API: Telegram's, or in local mode the local Telegram once it listens.
        starsApi: { createInvoiceLink: (...a) => starsApi().createInvoiceLink(...a), refundStarPayment: (...a) => starsApi().refundStarPayment(...a), editUserStarSubscription: (...a) => starsApi().editUserStarSubscription(...a) },
      },
      adminUserIds: config.adminUserIds,
      legal: config.provider,
      // Sharing a reading's picture: signed links under the public address, a prepared inline message.
      share: {
        publicUrl: () => webAppUrl(),
        botUsername: async () => (botUsername ??= (await starsApi().getMe()).username),
        savePreparedInlineMessage: (userId, result, o) => starsApi().savePreparedInlineMessage(userId, result as any, o as any),
      },
    });
    const identity = createIdentity({ botToken, maxAgeS: config.initDataMaxAgeS });
    // The bot runs in this process. Local mode: against the local Telegram on its own loopback port
    // (/dev/telegram shows the chat); otherwise Telegram's Bot API, by webhook or long polling.
    const localTelegram = config.localMode ? createLocalTelegram({ token: botToken }) : null;
    const apiRoot = localTelegram ? await localTelegram.listen() : config.telegramApiRoot;
    starsApiRoot = apiRoot;
    let localBase = '';
    const webAppUrl = () => (config.localMode ? localBase : config.publicUrl?.startsWith('https://') ? config.publicUrl : null);
    const telegram = createTelegramRuntime({
      token: botToken,
      apiRoot,
      mode: config.localMode ? 'polling' : config.botMode,
      webhookUrl: config.publicUrl ? `${config.publicUrl}/api/telegram/webhook` : undefined,
      webhookSecret: config.webhookSecret,
      services,
      identity,
      logger,
      webAppUrl,
      push: { ratePerSecond: config.push.ratePerSecond },
    });
    const app = createApi({
      services,
      identity,
      logger,
      localMode: config.localMode,
      webDist: WEB_DIST,
      telegramWebhook: telegram.webhookHandler,
      metrics: createMetrics(database.db),
      metricsToken: config.metricsToken,
      trustedProxies: config.trustedProxies,
      devTelegram: localTelegram ? localTelegramRoutes({ telegram: localTelegram, signInitData: identity.signInitData }) : undefined,
      botLink: () => (config.localMode ? `${localBase}/dev/telegram` : telegram.bot.isInited() ? `https://t.me/${telegram.bot.botInfo.username}` : null),
    });

    const server: ServerType = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ port, host: config.host, database: database.kind, localMode: config.localMode }, 'listening');
    localBase = `http://${['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host}:${port}`;
    // Not awaited: the API serves at once; the bot retries on its own while Telegram is unreachable.
    const botReady = telegram.start();
    // YooKassa autopay: saved cards are charged for plans ending within the hour (each period once).
    const renewals = setInterval(() => {
      services.payments.runRenewals().catch((err) => logger.error({ err }, 'autopay renewals failed'));
    }, 10 * 60_000);
    renewals.unref();

    return {
      config,
      port,
      botToken,
      bot: { ready: botReady, localTelegram },
      db: database.db,
      async close() {
        // Stop accepting, let in-flight requests finish, then release the database.
        clearInterval(renewals);
        // The bot first: no new updates, the ones in flight (and pushes being sent) finished.
        await telegram.stop();
        await localTelegram?.close();
        await new Promise<void>((resolve) => {
          // Keep-alive sockets that fall idle after their last answer would hold close() for seconds.
          const sweep = setInterval(() => (server as { closeIdleConnections?: () => void }).closeIdleConnections?.(), 100);
          server.close(() => {
            clearInterval(sweep);
            resolve();
          });
        });
        await database.close();
      },
    };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

async function run() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  let running: RunningApp;
  try {
    running = await startApp(config, logger);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    logger.fatal({ err }, 'start-up failed');
    process.exit(1);
  }
  if (config.localMode) {
    const base = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${running.port}`;
    console.log(`Local mode: open ${base}/dev/launch to use the Mini App signed in as a test user.`);
    console.log(`Local mode: open ${base}/dev/telegram to chat with the bot in a local Telegram.`);
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await running.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await run();
export { run };
