// The operator's view of the HTTP side: a request id and one structured log line per request, metrics,
// the readiness check, and the security headers (with a CSP that still lets Telegram embed the app).
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import { secureHeaders } from 'hono/secure-headers';
import crypto from 'node:crypto';
import type { Logger } from '../logger';
import type { Metrics } from '../services/metrics';

export type LogEnv = { Variables: { log: Logger; requestId: string } };

/** The request's logger (carries its id), for handlers and the error boundary. */
export const requestLog = (c: Context, fallback: Logger): Logger => (c.get('log') as Logger | undefined) ?? fallback;

export function requestLogging(logger: Logger, metrics?: Metrics): MiddlewareHandler<LogEnv> {
  return createMiddleware<LogEnv>(async (c, next) => {
    const given = c.req.header('x-request-id');
    const requestId = given && /^[\w.-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    const log = logger.child({ reqId: requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    const started = performance.now();
    await next();
    c.header('X-Request-Id', requestId);
    const ms = performance.now() - started;
    // After next() the route index points at the handler that answered.
    const route = routePath(c) || 'unmatched';
    metrics?.httpRequests.inc({ method: c.req.method, route, status: String(c.res.status) });
    metrics?.httpDuration.observe({ method: c.req.method, route }, ms / 1000);
    const line = { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(ms * 10) / 10 };
    if (c.req.path === '/api/health' || c.req.path.startsWith('/assets/') || c.req.path.startsWith('/cards/')) log.debug(line, 'request');
    else log.info(line, 'request');
  });
}

/** Telegram's web clients embed the Mini App in a frame; YooKassa's widget is the one outside script. */
export const securityHeaders = () =>
  secureHeaders({
    xFrameOptions: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://yookassa.ru'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https://t.me', 'https://*.telegram.org', 'https://yookassa.ru', 'https://*.yookassa.ru'],
      connectSrc: ["'self'", 'https://yookassa.ru', 'https://*.yookassa.ru'],
      frameSrc: ["'self'", 'https://yookassa.ru', 'https://*.yookassa.ru'],
      frameAncestors: ["'self'", 'https://web.telegram.org', 'https://*.telegram.org', 'https://telegram.org'],
      formAction: ["'self'", 'https://yookassa.ru', 'https://*.yookassa.ru'],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
  });

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
