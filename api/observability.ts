// The operator's view of the HTTP side: a request id and one structured log line per request, metrics,
// and the security headers (with a CSP that still lets Telegram embed the app).
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logger';
import { API_HEADERS, HSTS, NOSNIFF, requestIdFrom } from './api-headers';
import type { Metrics } from '../services/metrics';

export type LogEnv = { Variables: { requestId: string } };

/** What @hono/node-server binds to a request served over a socket (absent in `app.request`). */
type NodeBindings = { incoming?: IncomingMessage; outgoing?: ServerResponse };

/**
 * A request header (name in lower case). Over a socket it is read from Node's parsed headers: asking Hono
 * builds the Fetch `Headers` of the whole request, which costs more than the rest of a cached status call.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as NodeBindings | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * A header every answer carries. Over a socket it goes on Node's response, merged into the head when it is
 * written (a value the handler sets wins): a JSON answer then keeps @hono/node-server's fast path, which a
 * Fetch `Headers` object on the context would cost. In `app.request` it goes on Hono's headers.
 */
function answerHeader(c: Context, name: string, value: string) {
  const outgoing = (c.env as NodeBindings | undefined)?.outgoing;
  if (outgoing && typeof outgoing.setHeader === 'function' && !outgoing.headersSent) outgoing.setHeader(name, value);
  else c.header(name, value);
}

/** The request's logger (carries its id), for handlers and the error boundary; made only when used. */
export const requestLog = (c: Context, logger: Logger): Logger => {
  const reqId = c.get('requestId') as string | undefined;
  return reqId ? logger.child({ reqId }) : logger;
};

/** Paths whose answers are logged at debug only: the health check and the static files. */
const quietPath = (path: string) =>
  path === '/api/health' || path.startsWith('/assets/') || path.startsWith('/cards/') || path.startsWith('/card-images/');

/**
 * What every answer gets, in one middleware (each layer costs every request a closure and a promise): a
 * request id, the security headers (not on the local Telegram's /dev/ pages, which have their own inline
 * script), one log line and the metrics.
 */
export function everyAnswer(logger: Logger, metrics?: Metrics): MiddlewareHandler<LogEnv> {
  return createMiddleware<LogEnv>(async (c, next) => {
    const path = c.req.path;
    const requestId = requestIdFrom(requestHeader(c, 'x-request-id'));
    c.set('requestId', requestId);
    answerHeader(c, 'X-Request-Id', requestId);
    if (!path.startsWith('/dev/')) for (const [name, value] of securityHeadersFor(path)) answerHeader(c, name, value);
    const level = quietPath(path) ? 'debug' : 'info';
    const logged = logger.isLevelEnabled(level);
    if (!metrics && !logged) return next();
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    if (metrics) {
      // After next() the route index points at the handler that answered.
      const route = routePath(c) || 'unmatched';
      metrics.httpRequests.inc({ method: c.req.method, route, status: String(c.res.status) });
      metrics.httpDuration.observe({ method: c.req.method, route }, ms / 1000);
    }
    if (logged)
      logger[level]({ reqId: requestId, method: c.req.method, path, status: c.res.status, ms: Math.round(ms * 10) / 10 }, 'request');
  });
}

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // The hash: index.html's one inline script, the shell's greeting by name (a test checks it matches).
  "script-src 'self' 'sha256-wZ/kX1NH2QDbbiY6gpQtIxez0qxvv0+El/9GwA8Ag9E=' https://yookassa.ru https://telegram.org",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://t.me https://*.telegram.org https://yookassa.ru https://*.yookassa.ru",
  "connect-src 'self' https://yookassa.ru https://*.yookassa.ru",
  // oauth.telegram.org: the Login Widget's frame on the sign-in page.
  "frame-src 'self' https://yookassa.ru https://*.yookassa.ru https://oauth.telegram.org",
  // Telegram's web clients embed the Mini App in a frame (its mobile clients use a web view).
  "frame-ancestors 'self' https://web.telegram.org https://*.telegram.org https://telegram.org",
  "form-action 'self' https://yookassa.ru https://*.yookassa.ru",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

/** The security headers of the web app's pages and files: fixed, so they are set before the handler answers. */
const PAGE_HEADERS: [string, string][] = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  HSTS,
  NOSNIFF,
  // A launch or return token may sit in the address for a moment: no page ever sends it on as a referrer.
  ['Referrer-Policy', 'no-referrer'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['Origin-Agent-Cluster', '?1'],
];

/**
 * Security headers: pages get a CSP that still lets Telegram embed the app (no X-Frame-Options), the API
 * the strictest one. Written out rather than hono/secure-headers because that one edits the finished
 * response, which costs every request a full Response object on @hono/node-server.
 */
const securityHeadersFor = (path: string) => (path.startsWith('/api/') ? API_HEADERS : PAGE_HEADERS);

/** GET /metrics: Prometheus text behind `Authorization: Bearer <METRICS_TOKEN>`; absent without a token. */
export function metricsHandler(metrics: Metrics, token: string | undefined) {
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  return async (c: Context) => {
    if (!expected) return c.json({ success: false, error: 'Не найдено: GET /metrics' }, 404);
    const given = Buffer.from(c.req.header('authorization') ?? '');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
      return c.json({ success: false, error: 'Authorization: нужен токен метрик' }, 401);
    return c.text(await metrics.render(), 200, { 'Content-Type': metrics.registry.contentType });
  };
}
