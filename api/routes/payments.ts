// The payment calls. The server decides every price; the client only picks what to
// buy. Return addresses are our own origin only, and carry a short-lived signed launch token so a browser
// coming back from the payment page is still the same user.
//
// And /api/payments/yookassa/webhook, YooKassa's notifications: not signed, so nothing in the body is
// believed. Only the payment's id is taken from it; the payment is read back from YooKassa's API and checked
// against our order before anything is granted (verifyYooKassaPayment in services/payments/yookassa-events.ts). Answers 200 once
// handled (duplicates included), and 503 when YooKassa could not be asked, so it delivers again later. With
// YOOKASSA_TRUSTED_IPS only YooKassa's own addresses are heard (403 before the body is read, nothing read back).
import net from 'node:net';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import * as z from 'zod';
import type { Logger } from '../../logger';
import type { Services } from '../../services';
import { clientAddress, normalizeAddress, type AppEnv } from '../auth';
import { fail, ok, validate } from '../http';
import { currentProductId, PLAN_IDS } from '../../domain/commerce/catalogue';

/** What POST /payments/create sells: the monthly plans and the week pass. */
const SUBSCRIBABLE = [...PLAN_IDS, 'week'] as const;
import { flag, planId, readingId } from '../schemas';

/** How long the token in a payment return address lasts. */
const mode = z.enum(['redirect', 'embedded'], { error: 'ожидается redirect или embedded' }).default('redirect');
const provider = z.enum(['stars', 'yookassa'], { error: 'ожидается stars или yookassa' }).optional();
const returnUrl = z.string({ error: 'ожидается адрес' }).max(2000, 'слишком длинный адрес').optional();
const userIdField = z
  .union([z.number(), z.string().max(32)])
  .optional()
  .nullable();

const oneTimeBody = z.object({
  product: z.preprocess(currentProductId, z.enum(['micro', 'week'], { error: 'ожидается micro или week' })),
  mode,
  context: z
    .union([z.string().max(2000), z.record(z.string(), z.unknown())])
    .optional()
    .transform((v) => (v === undefined ? null : typeof v === 'string' ? { context: v } : v))
    .refine((v) => v === null || JSON.stringify(v).length <= 4096, 'слишком большой контекст'),
  returnUrl,
  readingId: readingId.optional(),
  provider,
});

const subscriptionBody = z.object({
  type: z.preprocess(currentProductId, z.enum(SUBSCRIBABLE, { error: `ожидается ${SUBSCRIBABLE.join(', ')}` })),
  userId: userIdField,
  mode,
  returnUrl,
  provider,
  /** Renewal only with the user's explicit consent. */
  autopayConsent: flag.default(false),
});

const initialBody = z.object({
  userId: userIdField,
  amount: z.coerce.number({ error: 'ожидается сумма' }).positive('сумма должна быть больше нуля').max(1_000_000).optional(),
  currency: z.literal('RUB', { error: 'ожидается RUB' }).optional(),
  description: z.string().max(255).optional(),
  mode,
  returnUrl,
  planId: planId.default('vip'),
  autopayConsent: flag.default(false),
  trialDays: z.coerce.number().int().min(0).max(31).optional(),
  provider,
});

const syncBody = z
  .object({
    userId: userIdField,
    paymentId: z
      .string()
      .regex(/^[\w-]{1,100}$/, 'неверный номер платежа')
      .optional(),
    orderId: z.string().max(64).optional(),
  })
  .refine((b) => b.paymentId || b.orderId, { message: 'укажите paymentId или orderId', path: ['paymentId'] });

/** The public origin for return addresses: PUBLIC_URL, else the request's own. */
function originOf(s: Services, c: Context): string {
  return s.payments.publicUrl() ?? new URL(c.req.url).origin;
}

/**
 * The address the payment page sends the user back to: the client's path when it is ours (anything else is
 * dropped: no open redirect), plus a single-use return token in the hash (never sent to a server by the
 * browser), which the app exchanges at load (POST /api/auth/exchange) and removes from the address.
 */
export function buildReturnUrl(origin: string, requested: string | undefined, fallbackPath: string, token: string): string {
  let target: URL;
  try {
    target = requested ? new URL(requested, origin) : new URL(fallbackPath, origin);
    if (target.origin !== origin) target = new URL(fallbackPath, origin);
  } catch {
    target = new URL(fallbackPath, origin);
  }
  target.hash = new URLSearchParams({ return: token }).toString();
  return target.toString();
}

function microReturnPath(userId: number, readingId?: number): string {
  const q = new URLSearchParams({
    product: 'micro',
    user_data: JSON.stringify({ initialScreen: 'micro-result', userId, ...(readingId ? { readingId } : {}) }),
    ...(readingId ? { readingId: String(readingId) } : {}),
    v: String(Date.now()),
  });
  return `/micro-result?${q.toString()}`;
}

export const paymentRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .post('/create-one-time', validate('json', oneTimeBody), async (c) => {
      const b = c.req.valid('json');
      const userId = c.var.userId;
      const fallback = b.product === 'micro' ? microReturnPath(userId, b.readingId) : '/subscription';
      const url = buildReturnUrl(originOf(s, c), b.returnUrl, fallback, await s.webAuth.createReturnToken(userId));
      const data = await s.payments.createOneTime(userId, {
        product: b.product,
        mode: b.mode,
        returnUrl: url,
        readingId: b.readingId,
        context: b.context,
        provider: b.provider,
      });
      return ok(c, data);
    })
    .post('/create', validate('json', subscriptionBody), async (c) => {
      const b = c.req.valid('json');
      const userId = c.var.userId;
      const url = buildReturnUrl(originOf(s, c), b.returnUrl, '/subscription', await s.webAuth.createReturnToken(userId));
      const data = await s.payments.createSubscription(userId, {
        type: b.type,
        userId: b.userId,
        mode: b.mode,
        returnUrl: url,
        provider: b.provider,
        autopayConsent: b.autopayConsent,
      });
      return ok(c, data);
    })
    .post('/create-initial', validate('json', initialBody), async (c) => {
      const b = c.req.valid('json');
      const userId = c.var.userId;
      const url = buildReturnUrl(originOf(s, c), b.returnUrl, '/subscription', await s.webAuth.createReturnToken(userId));
      const data = await s.payments.createInitial(userId, {
        userId: b.userId,
        amount: b.amount,
        planId: b.planId,
        mode: b.mode,
        returnUrl: url,
        autopayConsent: b.autopayConsent,
        trialDays: b.trialDays,
        provider: b.provider,
      });
      return ok(c, data);
    })
    .post('/sync-method', validate('json', syncBody), async (c) => {
      const b = c.req.valid('json');
      return ok(c, await s.payments.syncMethod(c.var.userId, b));
    })
    // Whether the user's plan renews, the next charge's amount and date (the status screen shows it).
    .get('/renewal', async (c) => ok(c, await s.payments.renewal(c.var.userId)));

/* ---------------------------------------------------------------- YooKassa's notifications */

const notification = z.object({
  type: z.string().max(40).optional(),
  event: z.string({ error: 'ожидается событие' }).max(80),
  object: z
    .object({ id: z.string({ error: 'ожидается id' }).regex(/^[\w-]{1,100}$/, 'неверный id'), payment_id: z.string().max(100).optional() })
    .passthrough(),
});

/** Whether an address is in the list of addresses and CIDR ranges (config.ts has checked each entry). */
function addressMatcher(list: readonly string[]) {
  const ranges = new net.BlockList();
  for (const entry of list) {
    const [address, prefix] = entry.split('/');
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) ranges.addAddress(address, family);
    else ranges.addSubnet(address, Number(prefix), family);
  }
  return (address: string) => {
    const family = net.isIP(address);
    return family !== 0 && ranges.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Refuses a notification whose sender (the socket's peer, or the client our proxy names) is not YooKassa. */
function onlyFrom(trustedIps: readonly string[], trustedProxies: readonly string[], logger: Logger) {
  const isYooKassa = addressMatcher(trustedIps);
  const proxies = new Set(trustedProxies.map(normalizeAddress));
  // A wrong list refuses every real notification: said in the log, at most every 10 s (a flood is one line).
  let warned = { at: -Infinity, refused: 0 };
  return createMiddleware(async (c, next) => {
    const from = clientAddress(c, proxies);
    if (isYooKassa(from)) return next();
    warned.refused++;
    if (Date.now() - warned.at >= 10_000) {
      logger.warn({ from, refused: warned.refused }, 'yookassa notification from an address not in YOOKASSA_TRUSTED_IPS; refused');
      warned = { at: Date.now(), refused: 0 };
    }
    return fail(c, 403, 'Уведомления об оплате принимаются только от ЮKassa');
  });
}

/** Mounted at /api/payments before the signed-in group: YooKassa calls without Telegram identity. */
export const yookassaWebhookRoutes = (
  s: Services,
  logger: Logger,
  o: { trustedIps?: readonly string[]; trustedProxies?: readonly string[] } = {},
) =>
  new Hono()
    // Only the webhook's own path: these routes are mounted at /api/payments beside the signed-in ones.
    .use('/yookassa/*', o.trustedIps?.length ? onlyFrom(o.trustedIps, o.trustedProxies ?? [], logger) : (_c, next) => next())
    .use('/yookassa/*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => fail(c, 413, 'body: тело запроса слишком большое') }))
    .post('/yookassa/webhook', validate('json', notification), async (c) => {
      const body = c.req.valid('json');
      const { outcome } = await s.payments.yookassa.notification(body);
      if (outcome === 'mismatch')
        logger.warn({ event: body.event, paymentId: body.object.id }, 'yookassa payment does not match its order; nothing granted');
      else logger.info({ event: body.event, paymentId: body.object.id, outcome }, 'yookassa notification');
      return ok(c, { outcome });
    });
