// YooKassa's notifications: not signed, so nothing in the body is believed. Only the payment's id is taken
// from it; the payment is read back from YooKassa's API and checked against our order before anything is
// granted (verifyYooKassaPayment in services/payments/yookassa-events.ts). Answers 200 once handled (duplicates included), and
// 503 when YooKassa could not be asked, so it delivers again later. With YOOKASSA_TRUSTED_IPS only
// YooKassa's own addresses are heard (403 before the body is read, nothing read back).
import net from 'node:net';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { Logger } from '../../logger';
import type { Services } from '../../services';
import { clientAddress, normalizeAddress } from '../auth';
import { fail, ok, validate } from '../http';

const notification = z.object({
  type: z.string().max(40).optional(),
  event: z.string({ error: 'ожидается событие' }).max(80),
  object: z.object({ id: z.string({ error: 'ожидается id' }).regex(/^[\w-]{1,100}$/, 'неверный id'), payment_id: z.string().max(100).optional() }).passthrough(),
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

export const yookassaWebhookRoutes = (s: Services, logger: Logger, o: { trustedIps?: readonly string[]; trustedProxies?: readonly string[] } = {}) =>
  new Hono()
    .use('*', o.trustedIps?.length ? onlyFrom(o.trustedIps, o.trustedProxies ?? [], logger) : (_c, next) => next())
    .use('*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => fail(c, 413, 'body: тело запроса слишком большое') }))
    .post('/webhook', validate('json', notification), async (c) => {
      const body = c.req.valid('json');
      const { outcome } = await s.payments.yookassa.notification(body);
      if (outcome === 'mismatch') logger.warn({ event: body.event, paymentId: body.object.id }, 'yookassa payment does not match its order; nothing granted');
      else logger.info({ event: body.event, paymentId: body.object.id, outcome }, 'yookassa notification');
      return ok(c, { outcome });
    });
