// The Hono app: one error boundary, body limits, the authenticated /api sub-apps, local-mode /dev, and
// the web app. Built from its dependencies; main.ts and the tests call createApi.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { sql } from 'kysely';
import type { Logger } from '../logger';
import type { Services } from '../services';
import type { IdentityVerifier } from '../services/identity';
import { requireIdentity, type AppEnv } from './auth';
import { errorHandler, fail, notFound, ok } from './http';
import { catalogRoutes } from './routes/catalog';
import { devRoutes } from './routes/dev';
import { readingRoutes } from './routes/readings';
import { userRoutes } from './routes/user';
import { webappRoutes } from './routes/webapp';

export interface ApiOptions {
  services: Services;
  identity: IdentityVerifier;
  logger: Logger;
  localMode: boolean;
  /** The built web app (dist/webapp); omitted in API-only tests. */
  webDist?: string;
}

export function createApi(o: ApiOptions) {
  const s = o.services;

  const api = new Hono<AppEnv>()
    .get('/health', async (c) => {
      try {
        await sql`select 1`.execute(s.deps.db);
        return ok(c, { status: 'ok', database: 'ok' });
      } catch {
        return fail(c, 503, 'База данных недоступна');
      }
    })
    .use('*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => fail(c, 413, 'body: тело запроса слишком большое (не больше 64 КБ)') }))
    .use('*', requireIdentity(o.identity, s.users))
    .route('/user', userRoutes(s))
    .route('/readings', readingRoutes(s))
    .route('/', catalogRoutes());

  const app = new Hono();
  app.onError(errorHandler(o.logger));
  app.notFound(notFound);
  app.route('/api', api);
  if (o.localMode) app.route('/dev', devRoutes(s, o.identity));
  app.all('/api/*', (c) => fail(c, 404, `Не найдено: ${c.req.method} ${c.req.path}`));
  if (o.webDist) app.route('/', webappRoutes(o.webDist));
  return app;
}

/** The API's route types, for the web app's typed client. */
export type ApiRoutes = ReturnType<typeof createApi>;
