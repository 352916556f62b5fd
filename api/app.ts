// The Hono app: one error boundary, body limits, the authenticated /api sub-apps, local-mode /dev, and
// the web app. Built from its dependencies; main.ts and the tests call createApi.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Logger } from '../logger';
import type { Services } from '../services';
import type { IdentityVerifier } from '../services/identity';
import { requireIdentity, type AppEnv } from './auth';
import { metricsHandler, requestLogging, securityHeaders, type LogEnv } from './observability';
import type { Metrics } from '../services/metrics';
import { errorHandler, fail, notFound, ok } from './http';
import { authSessionRoutes, authSignInRoutes } from './routes/auth';
import { cardPictureRoutes } from './routes/card-picture';
import { catalogRoutes } from './routes/catalog';
import { devRoutes } from './routes/dev';
import { interpretationRoutes } from './routes/interpretation';
import { offerRoutes } from './routes/offers';
import { paymentRoutes } from './routes/payments';
import { pairRoutes } from './routes/pairs';
import { legalRoutes } from './routes/legal';
import { natalRoutes } from './routes/natal';
import { readingRoutes } from './routes/readings';
import { ritualRoutes } from './routes/ritual';
import { journalRoutes } from './routes/journal';
import { libraryRoutes } from './routes/library';
import { followUpRoutes } from './routes/follow-ups';
import { secondOpinionRoutes } from './routes/second-opinions';
import { shareRoutes, signedImage } from './routes/share';
import { reviewRoutes } from './routes/reviews';
import { userRoutes } from './routes/user';
import { userDataRoutes, type SendExport } from './routes/user-data';
import { indexReader, webappRoutes } from './routes/webapp';
import { yookassaWebhookRoutes } from './routes/yookassa-webhook';
import { adminRoutes, type SendFile } from './routes/admin';

export interface ApiOptions {
  services: Services;
  identity: IdentityVerifier;
  logger: Logger;
  localMode: boolean;
  /** The built web app (dist/webapp); omitted in API-only tests. */
  webDist?: string;
  /** Webhook mode: the bot's update handler for POST /api/telegram/webhook (main.ts wires the bot in). */
  telegramWebhook?: (c: Context) => Response | Promise<Response>;
  /** Prometheus metrics; served at /metrics when `metricsToken` is set. */
  metrics?: Metrics;
  metricsToken?: string;
  /** Addresses of our own proxies: only their X-Forwarded-For names the client (TRUSTED_PROXIES). */
  trustedProxies?: readonly string[];
  /** YooKassa's notification addresses and CIDR ranges (YOOKASSA_TRUSTED_IPS); empty or unset: any sender. */
  yookassaTrustedIps?: readonly string[];
  /** Local mode: the local Telegram's page and calls, mounted at /dev/telegram. */
  devTelegram?: Hono<any>;
  /** Where to open the bot (t.me link, or the local Telegram page in local mode); null while unknown. */
  botLink?: () => Promise<string | null>;
  /** The bot's username, for the Login Widget on the sign-in page (not in local mode: a stand-in signs there). */
  botUsername?: () => Promise<string | null | undefined>;
  /** The bot sends the user's data export as documents (inside Telegram a web view cannot download). */
  sendExport?: SendExport;
  /** The bot sends the owner's dashboard tables (CSV) as documents. */
  sendFile?: SendFile;
}

export function createApi(o: ApiOptions) {
  const s = o.services;

  // Only requests that can carry a body pay for the limit (it makes every request build a full Request).
  const limitBody = bodyLimit({ maxSize: 64 * 1024, onError: (c) => fail(c, 413, 'body: тело запроса слишком большое (не больше 64 КБ)') });

  const api = new Hono<AppEnv>()
    .get('/health', async (c) => {
      try {
        await s.health.check();
        return ok(c, { status: 'ok', database: 'ok' });
      } catch {
        return fail(c, 503, 'База данных недоступна');
      }
    })
    // Readiness: the database answers and carries every migration this build knows.
    .get('/ready', async (c) => {
      try {
        const pending = await s.health.pendingMigrations();
        if (pending.length) return fail(c, 503, `Миграции не применены: ${pending.join(', ')}`);
        return ok(c, { status: 'ready' });
      } catch {
        return fail(c, 503, 'База данных недоступна');
      }
    })
    // The page shown outside Telegram links to the bot: no identity needed to ask where it is.
    .get('/bot-link', async (c) =>
      ok(c, {
        url: (await o.botLink?.().catch(() => null)) ?? null,
        // The Login Widget's bot; local mode has a stand-in (/dev/login-widget) that signs as Telegram does.
        widgetBot: o.localMode ? null : ((await o.botUsername?.().catch(() => null)) ?? null),
        localSignIn: o.localMode,
      }),
    )
    .use('*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)))
    // Signing a browser in: the caller has no identity yet.
    .route('/auth', authSignInRoutes(s, o.identity))
    .use('*', requireIdentity(o.identity, s.users, o.trustedProxies ?? [], { resolve: s.webAuth.resolveSession, publicUrl: s.payments.publicUrl }))
    .route('/auth', authSessionRoutes(s))
    .route('/user', userRoutes(s))
    .route('/user', userDataRoutes(s, o.sendExport))
    .route('/readings', readingRoutes(s))
    .route('/payments', paymentRoutes(s))
    .route('/', offerRoutes(s))
    .route('/natal', natalRoutes(s))
    .route('/config/legal', legalRoutes(s))
    .route('/', interpretationRoutes(s))
    .route('/', catalogRoutes())
    .route('/', ritualRoutes(s))
    .route('/', journalRoutes(s))
    .route('/', followUpRoutes(s))
    .route('/', secondOpinionRoutes(s))
    .route('/', shareRoutes(s))
    .route('/', reviewRoutes(s))
    .route('/', libraryRoutes(s))
    .route('/pairs', pairRoutes(s))
    .route('/admin', adminRoutes(s, o.sendFile));

  const app = new Hono<LogEnv>();
  app.onError(errorHandler(o.logger));
  app.notFound(notFound);
  app.use('*', requestLogging(o.logger, o.metrics));
  // The local Telegram page (local mode only) has its own inline script; everything else gets the CSP.
  const headers = securityHeaders();
  app.use('*', (c, next) => (c.req.path.startsWith('/dev/') ? next() : headers(c, next)));
  if (o.metrics) app.get('/metrics', metricsHandler(o.metrics, o.metricsToken));
  else app.get('/metrics', notFound); // no METRICS_TOKEN: main.ts makes no metrics at all
  // YooKassa calls without Telegram identity: mounted before the authenticated group.
  app.route('/api/payments/yookassa', yookassaWebhookRoutes(s, o.logger, { trustedIps: o.yookassaTrustedIps, trustedProxies: o.trustedProxies }));
  // Telegram's updates: checked by the secret token, not by initData.
  if (o.telegramWebhook) {
    app.post(
      '/api/telegram/webhook',
      bodyLimit({ maxSize: 1024 * 1024, onError: (c) => fail(c, 413, 'body: тело запроса слишком большое') }),
      (c) => o.telegramWebhook!(c),
    );
  }
  // A reading's picture behind a signed share link needs no Telegram sign-in.
  app.get('/api/readings/:id/image', signedImage(s));
  // A card's picture as JPEG, fetched by Telegram for inline results.
  app.route('/card-images', cardPictureRoutes(s));
  // The same app, typed with every /api route's input and output: what AppType (the web app's client) reads.
  const typed = app.route('/api', api);
  if (o.localMode && o.devTelegram) app.route('/dev/telegram', o.devTelegram);
  if (o.localMode) app.route('/dev', devRoutes(s, o.identity, o.webDist ? indexReader(o.webDist) : undefined));
  app.all('/api/*', (c) => fail(c, 404, `Не найдено: ${c.req.method} ${c.req.path}`));
  if (o.webDist) app.route('/', webappRoutes(o.webDist));
  return typed;
}

/**
 * The app's routes as a type: the web app calls the API through `hc<AppType>` (hono/client), so a request or
 * a field that a route does not have fails `npm run typecheck`. Imported as a type only: no server code
 * reaches the web bundle.
 */
export type AppType = ReturnType<typeof createApi>;
