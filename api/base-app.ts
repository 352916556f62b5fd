// What every answer of the server goes through, before any route: the one error boundary, the Russian 404,
// the request log (and metrics) and the security headers. The full API (app.ts) is built on it.
import { Hono } from 'hono';
import type { Logger } from '../logger';
import type { Metrics } from '../services/metrics';
import { errorHandler, notFound } from './http';
import { CachedRouter } from './cached-router';
import { everyAnswer, type LogEnv } from './observability';

export function createBaseApp(logger: Logger, metrics?: Metrics) {
  const app = new Hono<LogEnv>({ router: new CachedRouter() });
  app.onError(errorHandler(logger));
  app.notFound(notFound);
  app.use('*', everyAnswer(logger, metrics));
  return app;
}
