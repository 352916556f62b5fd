// `npm start` on an existing embedded database takes its port before the app's code (about two megabytes)
// has loaded: /api/health answers as soon as PGlite does; every other request waits for the app, which main.ts
// hands over to (startApp's `early`). The app's code loads once PGlite is open: loading it meanwhile would
// hold PGlite's start up on the same thread (docs/operations.md, the start-up budget).
//
// Plain node:http on purpose: Hono's adapter (which loads undici), zod's configuration schema and pino were
// about 60 ms of the main thread's CPU before the first health answer. The answer carries what the API's own
// health route and middleware give it (api/routes/health.ts, api/observability.ts). The full configuration is
// read by main.ts before the app loads; a refused one stops the process there (with the port closed).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { API_HEADERS, requestIdFrom } from '../api/api-headers';
import type { OpenedPglite } from '../db/pglite';
import { plainListenAddress } from '../listen-address';
import type { EarlyServer } from '../main';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

const HEALTHY = JSON.stringify({ success: true, data: { status: 'ok', database: 'ok' } });
const UNAVAILABLE = JSON.stringify({ success: false, error: 'База данных недоступна' });

/** GET or HEAD /api/health: 200 once PGlite answers a statement, 503 when it cannot be opened or fails. */
async function answerHealth(opening: Promise<OpenedPglite>, req: IncomingMessage, res: ServerResponse) {
  let healthy = true;
  try {
    await (await opening).pglite.query('select 1');
  } catch {
    healthy = false;
  }
  const body = healthy ? HEALTHY : UNAVAILABLE;
  const given = req.headers['x-request-id'];
  res.writeHead(healthy ? 200 : 503, [
    ['X-Request-Id', requestIdFrom(Array.isArray(given) ? given.join(', ') : given)],
    ...API_HEADERS,
    ['Content-Type', 'application/json'],
    ['Content-Length', String(Buffer.byteLength(body))],
  ]);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Listens at the configured address; null when PORT or HOST is not plainly valid or the port is refused (main.ts reports it). */
export async function listenEarly(
  opening: Promise<OpenedPglite>,
  env: Record<string, string | undefined> = process.env,
): Promise<EarlyServer | null> {
  const address = plainListenAddress(env);
  if (!address) return null;
  let app: Listener | null = null;
  const waiting: (() => void)[] = [];
  const server = createServer((req, res) => {
    if (app) return app(req, res);
    const path = req.url?.split('?')[0];
    if (path === '/api/health' && (req.method === 'GET' || req.method === 'HEAD')) return void answerHealth(opening, req, res);
    waiting.push(() => app!(req, res));
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(address.port, address.host, () => resolve(true));
  });
  if (!listening) return null;
  return {
    server,
    address,
    handOver(listener) {
      app = listener;
      for (const answer of waiting.splice(0)) answer();
    },
  };
}
