// The owner's calls (ADMIN_USER_IDS): the dashboard's figures, refunds and the micro flow's debug view. The
// whole group answers 404 to anyone else (requireAdmin), as an unknown path would.
import { Hono } from 'hono';
import * as z from 'zod';
import type { Services } from '../../services';
import { DASHBOARD_TABS, type PeriodQuery } from '../../services/dashboard';
import { requireAdmin, type AppEnv } from '../auth';
import { fail, ok, validate } from '../http';
import { readingIdQuery } from '../schemas';

/**
 * A local date as the owner types it, ДД.ММ.ГГГГ (or ГГГГ-ММ-ДД, as links and the CSV carry it); ISO after
 * parsing. A date that does not exist (31.02) is refused too; the message names the field as the page does.
 */
const localDay = (label: string) =>
  z.string().transform((v, ctx) => {
    const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(v.trim());
    const iso = m ? `${m[3]}-${m[2]}-${m[1]}` : v.trim();
    const d = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00Z`) : null;
    if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) {
      ctx.addIssue({ code: 'custom', message: `дата «${label}»: ожидается ДД.ММ.ГГГГ, например 01.03.2026, а не «${v.slice(0, 20)}»` });
      return z.NEVER;
    }
    return iso;
  });
/** The period: `days` (1, 7, 30, 90; default 30), or `from` and `to` (local dates, at most 366 days). */
const periodFields = {
  days: z.enum(['1', '7', '30', '90'], { error: 'ожидается 1, 7, 30 или 90' }).optional(),
  from: localDay('с').optional(),
  to: localDay('по').optional(),
};
type PeriodFields = { days?: string; from?: string; to?: string };
const checkedPeriod = <T extends z.ZodType<PeriodFields>>(schema: T) =>
  schema
    .refine((q) => !q.from === !q.to, { message: 'укажите обе даты: from и to', path: ['from'] })
    .refine((q) => !q.from || !q.to || (q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000), {
      message: 'from не позже to, не больше 366 дней',
      path: ['from'],
    });
const periodOf = (q: PeriodFields): PeriodQuery => (q.from && q.to ? { from: q.from, to: q.to } : { days: Number(q.days ?? '30') });

const periodQuery = checkedPeriod(z.object(periodFields));
const csvQuery = checkedPeriod(
  z.object({ ...periodFields, tab: z.enum(DASHBOARD_TABS, { error: `ожидается одно из: ${DASHBOARD_TABS.join(', ')}` }) }),
);

const refundBody = z.object({ paymentId: z.coerce.number({ error: 'ожидается номер платежа' }).int().positive() });

/** Sends a file to the user's chat with the bot (inside Telegram a web view cannot download). */
export type SendFile = (userId: number, bytes: Uint8Array, name: string, caption: string) => Promise<void>;

export const adminRoutes = (s: Services, sendFile?: SendFile) =>
  new Hono<AppEnv>()
    .use('*', requireAdmin(s))
    // Refunds (Stars refundStarPayment, YooKassa refund) and takes back what the payment granted.
    .post('/refund', validate('json', refundBody), async (c) => ok(c, await s.payments.refund(c.req.valid('json').paymentId)))
    .get('/experiments', validate('query', periodQuery), async (c) => ok(c, await s.dashboard.experiments(periodOf(c.req.valid('query')))))
    .get('/money', validate('query', periodQuery), async (c) => ok(c, await s.dashboard.money(periodOf(c.req.valid('query')))))
    .get('/funnel', validate('query', periodQuery), async (c) => ok(c, await s.dashboard.funnel(periodOf(c.req.valid('query')))))
    .get('/retention', validate('query', periodQuery), async (c) => ok(c, await s.dashboard.retention(periodOf(c.req.valid('query')))))
    .get('/ai', validate('query', periodQuery), async (c) => ok(c, await s.dashboard.ai(periodOf(c.req.valid('query')))))
    .get('/pushes', validate('query', periodQuery), async (c) => ok(c, await s.dashboard.pushes(periodOf(c.req.valid('query')))))
    .get('/referrals', validate('query', periodQuery), async (c) => ok(c, await s.dashboard.referrals(periodOf(c.req.valid('query')))))
    .get('/csv', validate('query', csvQuery), async (c) => {
      const f = await s.dashboard.csv(c.req.valid('query').tab, periodOf(c.req.valid('query')));
      c.header('Cache-Control', 'no-store');
      c.header('Content-Disposition', `attachment; filename="${f.name}"`);
      return c.body(f.text, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    })
    .post('/csv/send-to-chat', validate('query', csvQuery), async (c) => {
      if (!sendFile) return fail(c, 503, 'Бот сейчас не может отправить файл, попробуйте позже');
      const f = await s.dashboard.csv(c.req.valid('query').tab, periodOf(c.req.valid('query')));
      try {
        await sendFile(c.var.userId, new TextEncoder().encode(f.text), f.name, 'Таблица из панели владельца');
      } catch {
        return fail(c, 409, 'Не удалось отправить файл в чат с ботом: откройте бота, нажмите «Старт» и попробуйте снова');
      }
      return ok(c, { sent: true as const });
    })
    // What the micro flow sees for a reading.
    .get('/micro-status', validate('query', readingIdQuery), async (c) =>
      ok(c, await s.payments.debugMicroStatus(c.var.userId, c.req.valid('query').readingId ?? null)),
    );
