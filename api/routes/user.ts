// The /api/user/* calls, with the server as the only authority.
import { Hono } from 'hono';
import { z } from 'zod';
import { QUESTION_MAX } from '../../domain/question';
import type { Services } from '../../services';
import { profileView } from '../../services/users';
import { isAdmin, type AppEnv } from '../auth';
import { fail, ok, validate } from '../http';
import { deck, flag, readingId, tier, userIdParam } from '../schemas';

const pageQuery = z.object({
  limit: z.coerce.number({ error: 'ожидается число' }).int('ожидается целое число').min(1, 'не меньше 1').max(50, 'не больше 50').default(10),
  offset: z.coerce.number({ error: 'ожидается число' }).int('ожидается целое число').min(0, 'не меньше 0').max(1_000_000).default(0),
});

const archiveQuery = pageQuery.extend({
  q: z.string({ error: 'ожидается строка' }).max(100, 'не больше 100 символов').optional(),
  card: z.string({ error: 'ожидается строка' }).max(60, 'не больше 60 символов').optional(),
  scope: z.enum(['all'], { error: 'ожидается all' }).optional(),
});

const dailyCardUseBody = z.object({ redraw: flag.optional() }).optional();

const saveReadingBody = z
  .object({
    readingId: readingId.optional(),
    question: z.string({ error: 'ожидается строка' }).trim().max(QUESTION_MAX, `не больше ${QUESTION_MAX} символов`).optional(),
    title: z.string({ error: 'ожидается строка' }).trim().max(QUESTION_MAX, `не больше ${QUESTION_MAX} символов`).optional(),
    cards: z
      .array(z.union([z.string().max(100), z.object({ name: z.string().max(100) }).transform((c) => c.name)]), { error: 'ожидается список карт' })
      .max(10, 'не больше 10 карт')
      .default([]),
    interpretation: z.string({ error: 'ожидается строка' }).max(20_000, 'не больше 20000 символов').optional(),
    description: z.string({ error: 'ожидается строка' }).max(20_000, 'не больше 20000 символов').optional(),
    spreadType: z.string({ error: 'ожидается строка' }).max(40).optional(),
  })
  .refine((b) => b.readingId !== undefined || (b.question ?? b.title ?? '').length > 0, { message: 'нужен вопрос или readingId', path: ['question'] });

const subscriptionBody = z.object({ subscriptionType: tier });

const settingsBody = z
  .object({
    timeZone: z.string({ error: 'ожидается строка' }).max(64).optional(),
    notifyDaily: flag.optional(),
    deck: deck.optional(),
    reversals: flag.optional(),
  })
  .refine((b) => b.timeZone !== undefined || b.notifyDaily !== undefined || b.deck !== undefined || b.reversals !== undefined, {
    message: 'нужно timeZone, notifyDaily, deck или reversals',
    path: ['timeZone'],
  });

export const userRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .get('/status', async (c) => {
      // The home strip's figures ride on the status (cached counts): the first screen makes one request.
      const [{ user, status }, proof] = await Promise.all([s.users.status(c.get('userId')), s.reviews.strip()]);
      // `debug`: the app shows its debug overlay to admins (ADMIN_USER_IDS).
      const debug = isAdmin(s, c.get('userId'));
      return ok(c, { user: profileView(user), userStatus: status, proof, ...(debug ? { debug: true } : {}) });
    })
    .get('/daily-card/available', async (c) => ok(c, await s.dailyCard.availability(c.var.userId)))
    .post('/daily-card/use', validate('json', dailyCardUseBody), async (c) => {
      const card = await s.dailyCard.draw(c.var.userId, c.req.valid('json')?.redraw ?? false);
      return ok(c, card);
    })
    .get('/free-spread/available', async (c) => {
      const { status } = await s.users.status(c.var.userId);
      return ok(c, { available: status.freeSpreadAvailable, remaining: status.remainingSpreads, resetsAt: status.resetsAt });
    })
    .post('/free-spread/use', async (c) => ok(c, { userStatus: (await s.readings.useSpread(c.var.userId, true)).status }))
    .post('/spread/use', async (c) => ok(c, { userStatus: (await s.readings.useSpread(c.var.userId, false)).status }))
    .get('/spreads/count', async (c) => {
      const { status } = await s.users.status(c.var.userId);
      return ok(c, {
        used: status.dailySpreadsUsed,
        max: status.maxDailySpreads,
        remaining: status.remainingSpreads,
        total: status.totalSpreadsUsed,
        resetsAt: status.resetsAt,
      });
    })
    .post('/reading', validate('json', saveReadingBody), async (c) => {
      const b = c.req.valid('json');
      const saved = await s.readings.saveFromClient(c.var.userId, {
        readingId: b.readingId,
        question: b.question ?? b.title ?? '',
        cards: b.cards,
        interpretation: b.interpretation ?? b.description,
        spreadType: b.spreadType,
      });
      return ok(c, saved, 201);
    })
    // «Мои расклады»: the last 30 days (VIP: all), searchable by question and card.
    .get('/readings', validate('query', archiveQuery), async (c) => ok(c, await s.archive.list(c.var.userId, c.req.valid('query'))))
    .post('/subscription', validate('json', subscriptionBody), async (c) => {
      const { status } = await s.users.activateMockPlan(c.var.userId, c.req.valid('json').subscriptionType);
      return ok(c, { userStatus: status });
    })
    .post('/subscription/cancel', async (c) => ok(c, { userStatus: (await s.payments.cancelSubscription(c.var.userId)).status }))
    .put('/settings', validate('json', settingsBody), async (c) => {
      const { status } = await s.users.updateSettings(c.var.userId, c.req.valid('json'));
      return ok(c, { userStatus: status });
    })
    .get('/info/:id', validate('param', userIdParam), async (c) => {
      const id = c.req.valid('param').id;
      if (id !== c.var.userId) return fail(c, 403, 'id: можно смотреть только свой профиль');
      const { user, status } = await s.users.status(id);
      return ok(c, { user: profileView(user), userStatus: status });
    });
