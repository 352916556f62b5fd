// The /api/user/* calls, with the server as the only authority: status and settings, the daily card and
// spread counts, the archive and the journal's month, entitlements, the home-screen offer, and the user's
// data: the export (a JSON file, or its readable HTML copy; inside Telegram the bot sends it as a document,
// since a web view cannot save a download) and the deletion with its confirmation text.
import { Hono } from 'hono';
import * as z from 'zod';
import { QUESTION_MAX } from '../../domain/reading/question-input';
import type { Services } from '../../services';
import type { ExportFile } from '../../services/data-export';
import { notConfirmed } from '../../services/user-data';
import { profileView } from '../../services/users';
import { isAdmin, type AppEnv } from '../auth';
import { fail, ok, validate } from '../http';
import { deck, flag, note, readingId, readingIdQuery, tier, userIdParam } from '../schemas';
import { clearSessionCookie } from '../session-cookie';

/** Sends the export's files to the user's chat with the bot, each uploaded as it is written (main.ts wires the Bot API in). */
export type SendExport = (userId: number, files: ExportFile[]) => Promise<void>;

/**
 * A response body read from `chunks` only as fast as the client takes it; `done` runs once, when the body
 * ends, fails or the client goes away.
 */
function streamOf(chunks: AsyncIterable<Uint8Array>, done: () => Promise<void>): ReadableStream<Uint8Array> {
  const it = chunks[Symbol.asyncIterator]();
  let finished = false;
  const finish = async () => {
    if (finished) return;
    finished = true;
    await done().catch(() => {});
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await it.next();
          if (next.done) {
            await finish();
            controller.close();
          } else controller.enqueue(next.value);
        } catch (err) {
          await finish();
          controller.error(err);
        }
      },
      async cancel() {
        await it.return?.();
        await finish();
      },
    },
    { highWaterMark: 0 },
  );
}

const pageQuery = z.object({
  limit: z.coerce
    .number({ error: 'ожидается число' })
    .int('ожидается целое число')
    .min(1, 'не меньше 1')
    .max(50, 'не больше 50')
    .default(10),
  offset: z.coerce.number({ error: 'ожидается число' }).int('ожидается целое число').min(0, 'не меньше 0').max(1_000_000).default(0),
});

const archiveQuery = pageQuery.extend({
  q: z.string({ error: 'ожидается строка' }).max(100, 'не больше 100 символов').optional(),
  card: z.string({ error: 'ожидается строка' }).max(60, 'не больше 60 символов').optional(),
  scope: z.enum(['all'], { error: 'ожидается all' }).optional(),
});

const dailyCardUseBody = z.object({ redraw: flag.optional() }).optional();
const dailyNoteBody = z.object({ note });

const saveReadingBody = z
  .object({
    readingId: readingId.optional(),
    question: z.string({ error: 'ожидается строка' }).trim().max(QUESTION_MAX, `не больше ${QUESTION_MAX} символов`).optional(),
    title: z.string({ error: 'ожидается строка' }).trim().max(QUESTION_MAX, `не больше ${QUESTION_MAX} символов`).optional(),
    cards: z
      .array(z.union([z.string().max(100), z.object({ name: z.string().max(100) }).transform((c) => c.name)]), {
        error: 'ожидается список карт',
      })
      .max(10, 'не больше 10 карт')
      .default([]),
    interpretation: z.string({ error: 'ожидается строка' }).max(20_000, 'не больше 20000 символов').optional(),
    description: z.string({ error: 'ожидается строка' }).max(20_000, 'не больше 20000 символов').optional(),
    spreadType: z.string({ error: 'ожидается строка' }).max(40).optional(),
  })
  .refine((b) => b.readingId !== undefined || (b.question ?? b.title ?? '').length > 0, {
    message: 'нужен вопрос или readingId',
    path: ['question'],
  });

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

const monthQuery = z.object({
  month: z
    .string()
    .regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/, 'ожидается месяц ГГГГ-ММ')
    .optional(),
  /** Whether the figures count the readings of the user's own deck («своя колода»); default include. */
  ownDeck: z.enum(['include', 'exclude'], { error: 'ожидается include или exclude' }).optional(),
  /** 'all': every reading so far (VIP; 402 for others). */
  scope: z.enum(['month', 'all'], { error: 'ожидается month или all' }).optional(),
});

const exportQuery = z.object({ format: z.enum(['json', 'html'], { error: 'ожидается json или html' }).default('json') });
const deleteBody = z.object({ confirm: z.literal(true, { error: 'подтвердите удаление: {"confirm": true}' }) });

export const userRoutes = (s: Services, sendExport?: SendExport) =>
  new Hono<AppEnv>()
    .get('/status', async (c) => {
      // The home strip's figures ride on the status (cached counts): the first screen makes one request.
      const [{ user, status }, proof] = await Promise.all([s.users.status(c.get('userId'), c.get('statusRows')), s.reviews.strip()]);
      // `debug`: the app shows its debug overlay to admins (ADMIN_USER_IDS).
      const debug = isAdmin(s, c.get('userId'));
      // `voice`: an AI provider is configured, so «Прочитать вслух» and the microphone appear.
      // `debug: undefined` is left out of the JSON, as a missing field; no spread copies the answer.
      return ok(c, {
        user: profileView(user),
        userStatus: status,
        proof,
        voice: s.voice.enabled,
        debug: debug ? (true as const) : undefined,
      });
    })
    .get('/daily-card/available', async (c) => ok(c, await s.dailyCard.availability(c.var.userId)))
    .post('/daily-card/use', validate('json', dailyCardUseBody), async (c) => {
      const card = await s.dailyCard.draw(c.var.userId, c.req.valid('json')?.redraw ?? false);
      return ok(c, card);
    })
    // The user's own line about today's card; the journal lists it under the month.
    .put('/daily-card/note', validate('json', dailyNoteBody), async (c) =>
      ok(c, await s.dailyCard.setNote(c.var.userId, c.req.valid('json').note)),
    )
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
    })
    // «Дневник»: the month's figures.
    .get('/journal', validate('query', monthQuery), async (c) => {
      const q = c.req.valid('query');
      if (q.scope === 'all') return ok(c, await s.journal.allTime(c.var.userId, q.ownDeck));
      return ok(c, await s.journal.month(c.var.userId, q.month, q.ownDeck));
    })
    .get('/entitlements', validate('query', readingIdQuery), async (c) =>
      ok(c, await s.payments.entitlements(c.var.userId, c.req.valid('query').readingId ?? null)),
    )
    // The once-only offer to add the app to the home screen (Telegram's addToHomeScreen) after a 3-day streak.
    .post('/home-screen-offer', async (c) => ok(c, { offer: await s.ritual.offerHomeScreen(c.var.userId) }))
    // Before the download: the two share the hourly export limit, and the hostile-input test visits the routes in
    // this order, so each of them is seen past the limit at least once.
    .post('/export/send-to-chat', async (c) => {
      if (!sendExport) return fail(c, 503, 'Бот сейчас не может отправить файл, попробуйте позже');
      const opened = await s.userData.exportForChat(c.var.userId);
      try {
        await sendExport(c.var.userId, opened.files);
      } catch {
        // Larger than the chat takes: say so. Else Telegram refused (the user never started the bot or
        // blocked it) or could not be reached.
        const failure = opened.failure();
        if (failure) throw failure;
        return fail(c, 409, 'Не удалось отправить файлы в чат с ботом: откройте бота, нажмите «Старт» и попробуйте снова');
      } finally {
        await opened.close();
      }
      return ok(c, { sent: true as const });
    })
    // Written while it is sent (services/data-export.ts): the response starts at once and holds a page of rows.
    .get('/export', validate('query', exportQuery), async (c) => {
      const opened = await s.userData.openExport(c.var.userId, [c.req.valid('query').format], 'download');
      const [file] = opened.files;
      c.header('Cache-Control', 'no-store');
      c.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
      return c.body(streamOf(file.chunks(), opened.close), 200, { 'Content-Type': file.contentType });
    })
    .get('/deletion', async (c) => ok(c, await s.userData.deletionPreview(c.var.userId)))
    .delete('/', validate('json', deleteBody.optional()), async (c) => {
      if (!c.req.valid('json')?.confirm) throw notConfirmed();
      await s.userData.erase(c.var.userId);
      if (c.var.sessionId) clearSessionCookie(c);
      return ok(c, { deleted: true as const });
    });
