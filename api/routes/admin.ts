// The owner's calls (ADMIN_USER_IDS): the dashboard's figures, refunds and the micro flow's debug view. The
// whole group answers 404 to anyone else (requireAdmin), as an unknown path would.
import { Hono } from 'hono';
import { z } from 'zod';
import type { Services } from '../../services';
import type { PeriodQuery } from '../../services/dashboard';
import { requireAdmin, type AppEnv } from '../auth';
import { ok, validate } from '../http';
import { readingIdQuery } from '../schemas';

const localDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'ожидается дата ГГГГ-ММ-ДД');
/** The period: `days` (1, 7, 30, 90; default 30), or `from` and `to` (local dates, at most 366 days). */
const periodQuery = z
  .object({
    days: z.enum(['1', '7', '30', '90'], { error: 'ожидается 1, 7, 30 или 90' }).optional(),
    from: localDay.optional(),
    to: localDay.optional(),
  })
  .refine((q) => !q.from === !q.to, { message: 'укажите обе даты: from и to', path: ['from'] })
  .refine((q) => !q.from || !q.to || (q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000), {
    message: 'from не позже to, не больше 366 дней',
    path: ['from'],
  })
  .transform((q): PeriodQuery => (q.from && q.to ? { from: q.from, to: q.to } : { days: Number(q.days ?? '30') }));

const refundBody = z.object({ paymentId: z.coerce.number({ error: 'ожидается номер платежа' }).int().positive() });

export const adminRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .use('*', requireAdmin(s))
    // Refunds (Stars refundStarPayment, YooKassa refund) and takes back what the payment granted.
    .post('/refund', validate('json', refundBody), async (c) => ok(c, await s.payments.refund(c.req.valid('json').paymentId)))
    .get('/experiments', validate('query', periodQuery), async (c) => ok(c, await s.dashboard.experiments(c.req.valid('query'))))
    .get('/money', validate('query', periodQuery), async (c) => ok(c, await s.dashboard.money(c.req.valid('query'))))
    // What the micro flow sees for a reading.
    .get('/micro-status', validate('query', readingIdQuery), async (c) =>
      ok(c, await s.payments.debugMicroStatus(c.var.userId, c.req.valid('query').readingId ?? null)),
    );
