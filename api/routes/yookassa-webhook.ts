// YooKassa's notifications: not signed, so nothing in the body is believed. Only the payment's id is taken
// from it; the payment is read back from YooKassa's API and checked against our order before anything is
// granted (services/payments verifyYooKassaPayment). Answers 200 once handled (duplicates included), and
// 503 when YooKassa could not be asked, so it delivers again later.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { Logger } from '../../logger';
import type { Services } from '../../services';
import { fail, ok, validate } from '../http';

const notification = z.object({
  type: z.string().max(40).optional(),
  event: z.string({ error: 'ожидается событие' }).max(80),
  object: z.object({ id: z.string({ error: 'ожидается id' }).regex(/^[\w-]{1,100}$/, 'неверный id'), payment_id: z.string().max(100).optional() }).passthrough(),
});

export const yookassaWebhookRoutes = (s: Services, logger: Logger) =>
  new Hono()
    .use('*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => fail(c, 413, 'body: тело запроса слишком большое') }))
    .post('/webhook', validate('json', notification), async (c) => {
      const body = c.req.valid('json');
      const { outcome } = await s.payments.yookassa.notification(body);
      if (outcome === 'mismatch') logger.warn({ event: body.event, paymentId: body.object.id }, 'yookassa payment does not match its order; nothing granted');
      else logger.info({ event: body.event, paymentId: body.object.id, outcome }, 'yookassa notification');
      return ok(c, { outcome });
    });
