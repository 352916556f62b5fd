// The Hono app: one error boundary, body limits, the /api sub-apps (one file of routes/ per URL prefix),
// local-mode /dev, and the web app. Built from its dependencies; main.ts and the tests call createApi.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Logger } from '../logger';
import type { Services } from '../services';
import type { IdentityVerifier } from '../services/identity';
import { requireIdentity, type AppEnv } from './auth';
import { createBaseApp } from './base-app';
import { metricsHandler } from './observability';
import type { Metrics } from '../services/metrics';
import { fail, notFound } from './http';
import { adminRoutes, type SendFile } from './routes/admin';
import { analyticsRoutes } from './routes/analytics';
import { authSessionRoutes, authSignInRoutes } from './routes/auth';
import { botLinkRoutes } from './routes/bot-link';
import { cardPictureRoutes } from './routes/card-images';
import { debugRoutes } from './routes/debug';
import { cardRoutes } from './routes/cards';
import { chatRoutes } from './routes/chat';
import { configRoutes } from './routes/config';
import { detailedDailyGuidanceRoutes } from './routes/detailed-daily-guidance';
import { devRoutes } from './routes/dev';
import { healthRoutes } from './routes/health';
import { interpretDailyCardRoutes } from './routes/interpret-daily-card';
import { emojiStatusRoutes } from './routes/emoji-status';
import { lessonRoutes } from './routes/lessons';
import { moonRoutes } from './routes/moon';
import { natalRoutes } from './routes/natal';
import { offerStateRoutes } from './routes/offer';
import { offerRoutes } from './routes/offers';
import { pairRoutes } from './routes/pairs';
import { memoryRoutes } from './routes/memory';
import { peopleRoutes } from './routes/people';
import { mySpreadRoutes } from './routes/my-spreads';
import { referralRoutes } from './routes/referrals';
import { reportRoutes } from './routes/reports';
import { paymentRoutes, yookassaWebhookRoutes } from './routes/payments';
import { readingRoutes, signedImage } from './routes/readings';
import { readyRoutes } from './routes/ready';
import { socialProofRoutes } from './routes/social-proof';
import { spreadRoutes } from './routes/spreads';
import { telegramRoutes } from './routes/telegram';
import { upsellRoutes } from './routes/upsell';
import { userRoutes, type SendExport } from './routes/user';
import { indexReader, webappRoutes } from './routes/webapp';
import { VOICE_UPLOAD_PATH, voiceRoutes } from './routes/voice';

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

  // Each URL prefix is one file of routes/, mounted at that prefix: /api/readings/:id/review is in readings.ts.
  const api = new Hono<AppEnv>()
    .route('/health', healthRoutes(s.health))
    .route('/ready', readyRoutes(s))
    .route('/bot-link', botLinkRoutes(o))
    // A recorded question has its own, larger limit (api/routes/voice.ts).
    .use('*', (c, next) =>
      c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.path === VOICE_UPLOAD_PATH ? next() : limitBody(c, next),
    )
    // Signing a browser in: the caller has no identity yet.
    .route('/auth', authSignInRoutes(s, o.identity, o.trustedProxies ?? []))
    .use(
      '*',
      requireIdentity(o.identity, s.users, o.trustedProxies ?? [], {
        resolve: s.webAuth.resolveSession,
        publicUrl: s.payments.publicUrl,
        tokenGeneration: s.webAuth.tokenGeneration,
      }),
    )
    .route('/auth', authSessionRoutes(s))
    .route('/user', userRoutes(s, o.sendExport))
    .route('/readings', readingRoutes(s))
    .route('/payments', paymentRoutes(s))
    .route('/config', configRoutes(s))
    .route('/offers', offerRoutes(s))
    .route('/offer', offerStateRoutes(s))
    .route('/upsell', upsellRoutes(s))
    .route('/analytics', analyticsRoutes(s))
    .route('/natal', natalRoutes(s))
    .route('/chat', chatRoutes(s))
    .route('/interpret-daily-card', interpretDailyCardRoutes(s))
    .route('/emoji-status', emojiStatusRoutes(s))
    .route('/detailed-daily-guidance', detailedDailyGuidanceRoutes(s))
    .route('/cards', cardRoutes(s))
    .route('/spreads', spreadRoutes())
    .route('/lessons', lessonRoutes(s))
    .route('/moon', moonRoutes(s))
    .route('/social-proof', socialProofRoutes(s))
    .route('/pairs', pairRoutes(s))
    .route('/memory', memoryRoutes(s))
    .route('/people', peopleRoutes(s))
    .route('/my-spreads', mySpreadRoutes(s))
    .route('/referrals', referralRoutes(s))
    .route('/voice', voiceRoutes(s))
    .route('/reports', reportRoutes(s))
    .route('/admin', adminRoutes(s, o.sendFile))
    .route('/debug', debugRoutes(s));

  const app = createBaseApp(o.logger, o.metrics);
  if (o.metrics) app.get('/metrics', metricsHandler(o.metrics, o.metricsToken));
  else app.get('/metrics', notFound); // no METRICS_TOKEN: main.ts makes no metrics at all
  // YooKassa calls without Telegram identity: mounted before the authenticated group.
  app.route('/api/payments', yookassaWebhookRoutes(s, o.logger, { trustedIps: o.yookassaTrustedIps, trustedProxies: o.trustedProxies }));
  // Telegram's updates: checked by the secret token, not by initData.
  if (o.telegramWebhook) app.route('/api/telegram', telegramRoutes(o.telegramWebhook));
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
