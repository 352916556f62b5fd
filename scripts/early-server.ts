// `npm start` on an existing embedded database takes its port before the app's code (about two megabytes)
// has loaded: /api/health answers as soon as PGlite does, through the API's own health route and the
// middleware every answer goes through (api/base-app.ts); every other request waits for the app, which
// main.ts hands over to (startApp's `early`). The app's code loads once PGlite is open: loading it
// meanwhile would hold PGlite's start up on the same thread (docs/operations.md, the start-up budget).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createBaseApp } from '../api/base-app';
import { healthRoutes } from '../api/routes/health';
import { loadConfig, type Config } from '../config';
import type { OpenedPglite } from '../db/pglite';
import { configSecrets, createLogger } from '../logger';
import type { EarlyServer } from '../main';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** Listens at the configured address; null when the configuration or the port is refused (main.ts reports it). */
export async function listenEarly(
  opening: Promise<OpenedPglite>,
  env: Record<string, string | undefined> = process.env,
): Promise<EarlyServer | null> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch {
    return null;
  }
  const logger = createLogger(config.logLevel, configSecrets(config));
  const health = createBaseApp(logger).route(
    '/api/health',
    healthRoutes({
      check: async () => {
        await (await opening).pglite.query('select 1');
      },
    }),
  );
  const answerHealth = getRequestListener(health.fetch, { hostname: config.host });
  let app: Listener | null = null;
  const waiting: (() => void)[] = [];
  const server = createServer((req, res) => {
    if (app) return app(req, res);
    const path = req.url?.split('?')[0];
    if (path === '/api/health' && (req.method === 'GET' || req.method === 'HEAD')) return answerHealth(req, res);
    waiting.push(() => app!(req, res));
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(config.port, config.host, () => resolve(true));
  });
  if (!listening) return null;
  return {
    config,
    logger,
    server,
    handOver(fetch) {
      app = getRequestListener(fetch, { hostname: config.host });
      for (const answer of waiting.splice(0)) answer();
    },
  };
}
