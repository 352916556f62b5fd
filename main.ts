// Composition root: config → logger → database (+ migrations) → services → api → listen → bot; ordered shutdown.
import crypto from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener, serve, type ServerType } from '@hono/node-server';
import { createApi } from './api/app';
import { createLocalTelegram, type LocalTelegram } from './bot/local-telegram/index';
import { localTelegramRoutes } from './bot/local-telegram/routes';
import type { TelegramRuntime } from './bot/runtime';
import type { ServicesApi } from './bot/services-api';
import { ConfigError, loadConfig, type Config } from './config';
import { connectDatabase, DataDirLockedError, migrateToLatest, type DatabaseHandle } from './db/connection';
import type { OpenedPglite } from './db/pglite';
import { getOrCreateSetting } from './db/repositories/settings';
import { addLogSecret, configSecrets, createLogger, type Logger } from './logger';
import { createServices } from './services';
import { createIdentity } from './services/identity';

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

export interface StartOptions {
  /** PGlite already being opened on config.dataDir (scripts/start.ts starts it before loading the app). */
  pglite?: Promise<OpenedPglite> | null;
  /** The server already listening at the configured address, answering /api/health meanwhile (scripts/early-server.ts). */
  early?: EarlyServer | null;
}

/** A server `npm start` put up before the app loaded (before the configuration was read); the app takes it over. */
export interface EarlyServer {
  server: Server;
  /** The address it listens at, read as config.ts reads it (listen-address.ts). */
  address: { port: number; host: string };
  /** From now on the app answers everything, the requests that waited for it first. */
  handOver(app: (req: IncomingMessage, res: ServerResponse) => void): void;
}

export async function startApp(config: Config, logger: Logger, o: StartOptions = {}): Promise<RunningApp> {
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
    pglite: o.pglite ?? undefined,
    poolSize: config.database.poolSize,
    statementTimeoutMs: config.database.statementTimeoutMs,
    acquireTimeoutMs: config.database.acquireTimeoutMs,
  });
  try {
    if (!config.databaseUrl) await migrateToLatest(database.db);
    const botToken = config.botToken ?? (await getOrCreateSetting(database.db, 'local_bot_token', generateLocalBotToken));
    // Local mode keeps its generated secret in the database, as it keeps its bot token.
    const serverSecret =
      config.serverSecret ?? (await getOrCreateSetting(database.db, 'local_server_secret', () => crypto.randomBytes(32).toString('hex')));
    // Local mode's token is known only now; the configured secrets were given to the logger at its start.
    addLogSecret(logger, botToken);
    addLogSecret(logger, serverSecret);
    let botApiRoot = config.telegramApiRoot;
    // The general Bot API client (Stars invoices, refunds, operator messages, prepared inline messages, files):
    // grammY loads when first needed, not before /api/health.
    let botApiClient: Promise<ServicesApi> | null = null;
    const botApi = () =>
      (botApiClient ??= import('./bot/services-api').then(({ createServicesApi }) => createServicesApi(botToken, botApiRoot, logger)));
    let username: string | undefined;
    const botUsername = async () => (username ??= (await (await botApi()).getMe()).username);
    const services = createServices({
      db: database.db,
      clock: () => new Date(),
      randomInt: (max) => crypto.randomInt(max),
      defaultTimeZone: config.defaultTimeZone,
      emojiStatus: config.emojiStatus,
      serverSecret,
      specialAccessUserIds: config.specialAccessUserIds,
      mockPayments: config.paymentsProvider === 'mock',
      dailyReminderTime: config.push.dailyReminderTime,
      pushRatePerSecond: config.push.ratePerSecond,
      ai: config.openai,
      warn: (fields, message) => logger.warn(fields, message),
      payments: {
        provider: config.paymentsProvider,
        pricing: config.pricing,
        publicUrl: config.publicUrl,
        yookassa:
          config.yookassa.shopId && config.yookassa.secretKey
            ? { shopId: config.yookassa.shopId, secretKey: config.yookassa.secretKey, apiRoot: config.yookassa.apiRoot }
            : undefined,
        // Stars go through the bot's Bot API: Telegram's, or in local mode the local Telegram once it listens.
        starsApi: {
          createInvoiceLink: async (...a) => (await botApi()).createInvoiceLink(...a),
          refundStarPayment: async (...a) => (await botApi()).refundStarPayment(...a),
          editUserStarSubscription: async (...a) => (await botApi()).editUserStarSubscription(...a),
        },
      },
      adminUserIds: config.adminUserIds,
      dashboard: config.dashboard,
      supportChatId: config.supportChatId,
      // New reviews to publish go to the operators' chats through the bot.
      operatorMessenger: { sendMessage: async (chat, text, extra) => (await botApi()).sendMessage(chat, text, extra) },
      legal: config.provider,
      // Sharing a reading's picture: signed links under the public address, a prepared inline message.
      share: {
        publicUrl: () => webAppUrl(),
        botUsername,
        savePreparedInlineMessage: async (userId, result, o) => (await botApi()).savePreparedInlineMessage(userId, result as any, o as any),
        savePreparedKeyboardButton: async (userId, button) => (await botApi()).savePreparedKeyboardButton(userId, button as any),
      },
    });
    const identity = createIdentity({ botToken, maxAgeS: config.initDataMaxAgeS });
    // The bot runs in this process. Local mode: against the local Telegram on its own loopback port
    // (/dev/telegram shows the chat); otherwise Telegram's Bot API, by webhook or long polling.
    const localTelegram = config.localMode ? createLocalTelegram({ token: botToken }) : null;
    const apiRoot = localTelegram ? await localTelegram.listen() : config.telegramApiRoot;
    botApiRoot = apiRoot;
    let localBase = '';
    const webAppUrl = () => (config.localMode ? localBase : config.publicUrl?.startsWith('https://') ? config.publicUrl : null);
    const mode = config.localMode ? 'polling' : config.botMode;
    // The bot (grammY and its plugins) is loaded once the API listens: /api/health must not wait for it.
    let telegramRuntime: Promise<TelegramRuntime> | null = null;
    const startTelegram = () =>
      (telegramRuntime ??= import('./bot/runtime').then(({ createTelegramRuntime }) =>
        createTelegramRuntime({
          token: botToken,
          apiRoot,
          mode,
          webhookUrl: config.publicUrl ? `${config.publicUrl}/api/telegram/webhook` : undefined,
          webhookSecret: config.webhookSecret,
          services,
          identity,
          logger,
          webAppUrl,
          push: { ratePerSecond: config.push.ratePerSecond, paidBroadcast: config.push.paidBroadcast },
        }),
      ));
    // Prometheus only when someone may read it (METRICS_TOKEN): otherwise it would be work on every request.
    const metrics = config.metricsToken ? (await import('./services/metrics')).createMetrics(database.db) : undefined;
    const app = createApi({
      services,
      identity,
      logger,
      localMode: config.localMode,
      webDist: WEB_DIST,
      telegramWebhook: mode === 'webhook' ? async (c) => (await startTelegram()).webhookHandler!(c) : undefined,
      metrics,
      metricsToken: config.metricsToken,
      trustedProxies: config.trustedProxies,
      yookassaTrustedIps: config.yookassaTrustedIps,
      devTelegram: localTelegram ? localTelegramRoutes({ telegram: localTelegram, signInitData: identity.signInitData }) : undefined,
      botLink: async () => (config.localMode ? `${localBase}/dev/telegram` : `https://t.me/${await botUsername()}`),
      botUsername,
      sendExport: async (userId, files) => {
        const api = await botApi();
        for (const f of files) await api.sendFile(userId, f.chunks, f.fileName, f.caption);
      },
      sendFile: async (userId, bytes, name, caption) => {
        await (await botApi()).sendFile(userId, bytes, name, caption);
      },
    });

    // The bot's code (grammY, about a megabyte) compiles on the event loop: it loads once the API has answered
    // its first request (the health check, a user's first call), or after a second, so that none waits for it.
    let releaseBot: (() => void) | null = null;
    const botMayLoad = new Promise<void>((resolve) => (releaseBot = resolve));
    const botTimer = setTimeout(() => releaseBot?.(), 1000);
    const fetch: typeof app.fetch = (req, ...rest) => {
      const answer = app.fetch(req, ...rest);
      if (releaseBot) {
        const release = releaseBot;
        releaseBot = null;
        void Promise.resolve(answer).finally(() => setImmediate(release));
      }
      return answer;
    };
    let server: ServerType;
    if (o.early) {
      // The same reading of PORT and HOST: a rule changed in one place and not the other would listen elsewhere.
      const { port, host } = o.early.address;
      if (port !== config.port || host !== config.host)
        throw new Error(`The early server listens at ${host}:${port}, not the configured address`);
      server = o.early.server;
      o.early.handOver(getRequestListener(fetch, { hostname: config.host }));
    } else {
      server = await new Promise((resolve, reject) => {
        const s = serve({ fetch, port: config.port, hostname: config.host }, () => resolve(s));
        // A taken port is the operator's mistake, not a crash: run() prints one line and exits.
        s.once('error', (err: NodeJS.ErrnoException) =>
          reject(err.code === 'EADDRINUSE' ? new PortTakenError(config.host, config.port) : err),
        );
      });
    }
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ port, host: config.host, database: database.kind, localMode: config.localMode }, 'listening');
    localBase = `http://${['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host}:${port}`;
    // Not awaited: the API serves at once; the bot retries on its own while Telegram is unreachable.
    const botReady = botMayLoad.then(startTelegram).then(
      (telegram) => telegram.start(),
      (err) => logger.error({ err }, 'bot start failed'),
    );
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
        clearTimeout(botTimer);
        // The bot first: no new updates, the ones in flight (and pushes being sent) finished.
        await (await startTelegram().catch(() => null))?.stop();
        await localTelegram?.close();
        await new Promise<void>((resolve) => {
          // Keep-alive sockets that fall idle after their last answer would hold close() for seconds.
          const http = server as { closeIdleConnections?: () => void; closeAllConnections?: () => void };
          const sweep = setInterval(() => http.closeIdleConnections?.(), 100);
          // A stream a client keeps open (an interpretation, the status events) would hold close() for ever.
          const cut = setTimeout(() => http.closeAllConnections?.(), 3000);
          server.close(() => {
            clearInterval(sweep);
            clearTimeout(cut);
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

/** Another process listens at the configured address. */
class PortTakenError extends Error {
  constructor(host: string, port: number) {
    super(`Port ${port} on ${host} is taken by another process: stop it or set PORT to a free port.`);
  }
}

async function run(o: StartOptions = {}) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      // An early server (listening on PORT and HOST alone) closes with the process.
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel, configSecrets(config));
  for (const warning of config.warnings) logger.warn(warning);
  let running: RunningApp;
  try {
    running = await startApp(config, logger, o);
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof PortTakenError) {
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
