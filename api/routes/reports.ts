// «Итоги месяца»: the offer the app shows, the report itself, its picture, and «Не сейчас».
import { Hono } from 'hono';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';
import { reportMonthParam } from '../schemas';

export const reportRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .get('/monthly', async (c) => ok(c, { offer: await s.monthlyReports.offer(c.var.userId) }))
    .get('/monthly/:month', validate('param', reportMonthParam), async (c) =>
      ok(c, await s.monthlyReports.report(c.var.userId, c.req.valid('param').month)),
    )
    .get('/monthly/:month/picture', validate('param', reportMonthParam), async (c) => {
      const bytes = await s.monthlyReports.picture(c.var.userId, c.req.valid('param').month);
      return c.body(new Uint8Array(bytes), 200, {
        'Content-Type': 'image/jpeg',
        'Content-Length': String(bytes.length),
        'Cache-Control': 'private, max-age=3600',
      });
    })
    .post('/monthly/:month/dismiss', validate('param', reportMonthParam), async (c) => {
      await s.monthlyReports.dismiss(c.var.userId, c.req.valid('param').month);
      return ok(c, { dismissed: true });
    });
