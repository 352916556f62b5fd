// Composition root: config → logger → database (+ migrations) → services → api → listen; ordered shutdown.
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { createApi } from './api/app';
import { ConfigError, loadConfig, type Config } from './config';
import { connectDatabase, DataDirLockedError, migrateToLatest, type DatabaseHandle } from './db/connection';
import { getOrCreateSetting } from './db/repositories/settings';
import { createLogger, type Logger } from './logger';
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
  close(): Promise<void>;
}

export async function startApp(config: Config, logger: Logger): Promise<RunningApp> {
  const database: DatabaseHandle = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const botToken = config.botToken ?? (await getOrCreateSetting(database.db, 'local_bot_token', generateLocalBotToken));
    const services = createServices({
      db: database.db,
      clock: () => new Date(),
      randomInt: (max) => crypto.randomInt(max),
      defaultTimeZone: config.defaultTimeZone,
      specialAccessUserIds: config.specialAccessUserIds,
      mockPayments: config.paymentsProvider === 'mock',
    });
    const identity = createIdentity({ botToken, maxAgeS: config.initDataMaxAgeS });
    const app = createApi({ services, identity, logger, localMode: config.localMode, webDist: WEB_DIST });

    const server: ServerType = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ port, host: config.host, database: database.kind, localMode: config.localMode }, 'listening');

    return {
      config,
      port,
      botToken,
      async close() {
        // Stop accepting, let in-flight requests finish, then release the database.
        await new Promise<void>((resolve) => server.close(() => resolve()));
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
