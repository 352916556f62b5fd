// Everything under /api/readings: a reading created by the server (spread type + question → checked, charged,
// dealt) and read by its owner; its interpretation, follow-ups («Уточнить»), second opinions («Второе
// мнение»), review, note, picture and share kit; the micro pack's reveal and recovery. Streamed answers
// (api/streams.ts) come with Accept: text/event-stream, else as JSON; refusals come before any stream.
// Pictures are drawn in worker threads; too many at once answer 429 with Retry-After (services/share/pool.ts).
import { Hono, type Context, type Next } from 'hono';
import * as z from 'zod';
import { DEFAULT_DECK, type DeckId } from '../../domain/tarot/decks';
import { SPREADS } from '../../domain/tarot/spreads';
import { REVIEW_RATING, REVIEW_TEXT_MAX } from '../../domain/commerce/social-proof';
import { VOICES } from '../../domain/tarot/voices';
import type { Services } from '../../services';
import type { ImageOptions } from '../../services/share';
import type { AppEnv } from '../auth';
import { fail, ok, validate } from '../http';
import { deck, flag, followUpIdParam, followUpQuestion, note, ownCards, question, readingId, readingIdParam, spreadType } from '../schemas';
import { speechAnswer } from './voice';
import { personId } from '../schemas';
import { respondAnswer, respondInterpretation, streamAnswer, type FollowUpEvents, type SecondOpinionEvents } from '../streams';

const createBody = z.object({
  spreadType,
  question,
  /** The paid micro pack whose included 3-card reading this is. */
  microPurchaseId: z.number({ error: 'ожидается числовой id микро-пакета' }).int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** «Свой расклад»: the cards the user drew from a physical deck, in position order (the service checks them). */
  ownCards: ownCards.optional(),
  /** The app's table turns the cards one by one and records each turn (POST /:id/turned); unset: shown whole. */
  table: flag.optional(),
  /** «О ком вопрос?»: a person the caller saved; the reading speaks of them in the third person. */
  personId: personId.optional(),
});

const MAX_CARDS = Math.max(...SPREADS.map((sp) => sp.cards));
/** How many cards (in dealing order) are turned on the table; at most the spread's size (the service checks). */
const turnedBody = z.object({
  turned: z
    .number({ error: 'ожидается число перевёрнутых карт' })
    .int('ожидается целое число перевёрнутых карт')
    .min(1, 'ожидается хотя бы одна перевёрнутая карта')
    .max(MAX_CARDS, `в раскладе не больше ${MAX_CARDS} карт`),
});

const followUpBody = z.object({ question: followUpQuestion });
const secondOpinionBody = z.object({
  voice: z.enum(VOICES, { error: 'выберите таролога: gentle (мягко), straight (прямо) или mystic (мистично)' }),
});

const reviewBody = z.object({
  rating: z
    .number({ error: 'ожидается оценка числом от 1 до 5' })
    .int('ожидается целая оценка от 1 до 5')
    .min(REVIEW_RATING.min, `оценка от ${REVIEW_RATING.min} до ${REVIEW_RATING.max}`)
    .max(REVIEW_RATING.max, `оценка от ${REVIEW_RATING.min} до ${REVIEW_RATING.max}`),
  text: z
    .string({ error: 'ожидается текст отзыва' })
    .trim()
    .max(REVIEW_TEXT_MAX, `не больше ${REVIEW_TEXT_MAX} символов`)
    .nullable()
    .optional(),
  /** «можно опубликовать»: unticked unless the user ticks it. */
  publish: flag.optional().default(false),
});

const noteBody = z.object({ note });
const microOpenBody = z.object({ pending: flag });

const imageQuery = z.object({
  format: z.enum(['story', 'card'], { error: 'ожидается story или card' }).default('story'),
  // Unset: the deck the user chose in settings (a signed link always names its deck).
  deck: deck.optional(),
  question: z.enum(['0', '1'], { error: 'ожидается 0 или 1' }).default('0'),
});
const signedQuery = imageQuery.extend({
  deck: deck.default(DEFAULT_DECK),
  exp: z.coerce.number({ error: 'ожидается время' }).int().positive().max(1e11),
  sig: z.string().regex(/^[\w-]{16,64}$/, 'ожидается подпись'),
});
const shareBody = z
  .object({
    deck: deck.optional(),
    includeQuestion: flag.optional(),
  })
  .optional();

const revealBody = z.object({ readingId });
// What a payment return names, if anything: the order (a UUID) or the reading; `recent` (today's pack) for the daily card's screen.
const recoverBody = z.object({
  orderId: z.uuid({ error: 'ожидается номер заказа' }).optional(),
  readingId: readingId.optional(),
  recent: flag.optional(),
});

const imageOptions = (q: z.infer<typeof imageQuery>, deck: DeckId): ImageOptions => ({
  format: q.format,
  deck: q.deck ?? deck,
  includeQuestion: q.question === '1',
});

const jpeg = (c: Context, bytes: Buffer, cache: string) =>
  c.body(new Uint8Array(bytes), 200, { 'Content-Type': 'image/jpeg', 'Content-Length': String(bytes.length), 'Cache-Control': cache });

/**
 * GET /api/readings/:id/image behind a signed share link (no Telegram sign-in: for Telegram's servers and the
 * people it is shared with). Mounted before the signed-in /api group: answers requests that carry a
 * signature, passes the rest on to the owner's route below.
 */
export const signedImage = (s: Services) => async (c: Context, next: Next) => {
  if (!c.req.query('sig')) return next();
  const id = readingIdParam.safeParse(c.req.param());
  if (!id.success) return fail(c, 400, 'id: ожидается числовой id расклада');
  const q = signedQuery.safeParse(c.req.query());
  if (!q.success) {
    const issue = q.error.issues[0];
    return fail(c, 400, `${issue.path.join('.') || 'query'}: ${issue.message}`);
  }
  const bytes = await s.share.imageBySignature(id.data.id, imageOptions(q.data, q.data.deck), q.data.exp, q.data.sig);
  return jpeg(c, bytes, 'public, max-age=86400');
};

export const readingRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .post('/', validate('json', createBody), async (c) => ok(c, await s.readings.create(c.var.userId, c.req.valid('json')), 201))
    // The latest reading still on the table (home's «Продолжить расклад»), or null.
    .get('/in-progress', async (c) => ok(c, { reading: await s.readings.inProgress(c.var.userId) }))
    // A card turned on the table: the first `turned` cards are turned (idempotent, only forward, nothing charged).
    .post('/:id/turned', validate('param', readingIdParam), validate('json', turnedBody), async (c) =>
      ok(c, await s.readings.turn(c.var.userId, c.req.valid('param').id, c.req.valid('json').turned)),
    )
    .get('/:id', validate('param', readingIdParam), async (c) => {
      const id = c.req.valid('param').id;
      // A reading older than the archive window opens with VIP only (402 otherwise).
      const reading = await s.readings.get(c.var.userId, id);
      // The follow-ups («Уточнить») in order, and how many more the user's plan allows.
      const [{ followUps, allowance }, second] = await Promise.all([
        s.followUps.list(c.var.userId, id),
        s.secondOpinions.list(c.var.userId, id),
      ]);
      // «Второе мнение»: the voices asked on this reading, and today's allowance.
      return ok(c, {
        ...reading,
        followUps,
        followUpAllowance: allowance,
        secondOpinions: second.secondOpinions,
        secondOpinionAllowance: second.allowance,
      });
    })

    /* The interpretation: SSE events `delta` {text}, then `done` (the outcome); or the whole result as JSON. */
    .get('/:id/interpretation', validate('param', readingIdParam), async (c) =>
      respondInterpretation(c, await s.interpretation.open(c.var.userId, c.req.valid('param').id)),
    )
    // «Спросить ИИ ещё раз»: the same cards go to the AI again, at no cost.
    .post('/:id/interpretation/retry', validate('param', readingIdParam), async (c) =>
      respondInterpretation(c, await s.interpretation.retry(c.var.userId, c.req.valid('param').id)),
    )

    /*
     * «Уточнить»: follow-up questions on one's own finished reading. Streamed (`card`, `delta`, `reset`, `done`)
     * or JSON: 201, or 200 for a question already asked on the reading (that follow-up again). Refusals: 400,
     * 402, 403, 404, 409, 429.
     */
    .get('/:id/follow-ups', validate('param', readingIdParam), async (c) =>
      ok(c, await s.followUps.list(c.var.userId, c.req.valid('param').id)),
    )
    .post('/:id/follow-ups', validate('param', readingIdParam), validate('json', followUpBody), async (c) => {
      const asked = await s.followUps.ask(c.var.userId, c.req.valid('param').id, c.req.valid('json').question);
      return respondAnswer(
        c,
        () =>
          streamAnswer<FollowUpEvents>(
            c,
            (send) => send('card', { followUp: asked.followUp, allowance: asked.allowance }),
            async (emit) => ({ followUp: await asked.answer(emit) }),
            'Произошла ошибка при получении ответа',
          ),
        async () => ({ followUp: await asked.answer(), allowance: asked.allowance }),
        asked.repeated ? 200 : 201,
      );
    })
    .post('/:id/follow-ups/:fid/retry', validate('param', followUpIdParam), async (c) => {
      const { id, fid } = c.req.valid('param');
      const retry = await s.followUps.retry(c.var.userId, id, fid);
      return respondAnswer(
        c,
        () =>
          streamAnswer<FollowUpEvents>(
            c,
            null,
            async (emit) => ({ followUp: await retry.answer(emit) }),
            'Произошла ошибка при получении ответа',
          ),
        async () => ({ followUp: await retry.answer() }),
      );
    })

    /*
     * «Второе мнение»: the same cards read again in another reader's voice. Streamed (`opinion`, `delta`,
     * `reset`, `done`) or JSON: 201, or 200 for a voice already asked on the reading. Refusals: 400 `voice`,
     * 402 for a plan without it, 404, 409, 422 crisis, 429 for today's allowance or the AI limit.
     */
    .get('/:id/second-opinions', validate('param', readingIdParam), async (c) =>
      ok(c, await s.secondOpinions.list(c.var.userId, c.req.valid('param').id)),
    )
    .post('/:id/second-opinion', validate('param', readingIdParam), validate('json', secondOpinionBody), async (c) => {
      const asked = await s.secondOpinions.ask(c.var.userId, c.req.valid('param').id, c.req.valid('json').voice);
      return respondAnswer(
        c,
        () =>
          streamAnswer<SecondOpinionEvents>(
            c,
            (send) => send('opinion', { secondOpinion: asked.opinion, allowance: asked.allowance }),
            async (emit) => ({ secondOpinion: await asked.answer(emit) }),
            'Произошла ошибка при получении второго мнения',
          ),
        async () => ({ secondOpinion: await asked.answer(), allowance: asked.allowance }),
        asked.repeated ? 200 : 201,
      );
    })

    /* A review of a finished reading: rating, optional text, consent to publish. */
    .post('/:id/review', validate('param', readingIdParam), validate('json', reviewBody), async (c) =>
      ok(c, await s.reviews.create(c.var.userId, { readingId: c.req.valid('param').id, ...c.req.valid('json') }), 201),
    )
    .get('/:id/review', validate('param', readingIdParam), async (c) =>
      ok(c, await s.reviews.ofReading(c.var.userId, c.req.valid('param').id)),
    )
    .delete('/:id/review', validate('param', readingIdParam), async (c) =>
      ok(c, await s.reviews.remove(c.var.userId, c.req.valid('param').id)),
    )

    /* The journal's note on one's own reading. */
    .put('/:id/note', validate('param', readingIdParam), validate('json', noteBody), async (c) =>
      ok(c, await s.journal.setNote(c.var.userId, c.req.valid('param').id, c.req.valid('json').note)),
    )

    /* The picture (story 1080×1920 or card 1200×630, JPEG) for its owner, and the share kit: signed links, the
       referral link, a prepared inline message. */
    .get('/:id/image', validate('param', readingIdParam), validate('query', imageQuery), async (c) => {
      const o = imageOptions(c.req.valid('query'), await s.share.deckOf(c.var.userId));
      return jpeg(c, await s.share.imageForOwner(c.var.userId, c.req.valid('param').id, o), 'private, max-age=3600');
    })
    .post('/:id/share', validate('param', readingIdParam), validate('json', shareBody), async (c) => {
      const b = c.req.valid('json') ?? {};
      return ok(
        c,
        await s.share.prepare(c.var.userId, c.req.valid('param').id, {
          deck: b.deck ?? (await s.share.deckOf(c.var.userId)),
          includeQuestion: b.includeQuestion ?? false,
        }),
      );
    })

    /* The micro pack: its reading revealed, and a payment return's pack found again. Read from the server's
       state; nothing the client says grants access. */
    .post('/micro/reveal', validate('json', revealBody), async (c) =>
      ok(c, await s.payments.reveal(c.var.userId, c.req.valid('json').readingId)),
    )
    .post('/micro/recover', validate('json', recoverBody), async (c) =>
      ok(c, await s.payments.recoverMicro(c.var.userId, c.req.valid('json'))),
    )
    // The micro-result screen's guard: stay (a micro payment pending or under 30 minutes old), or leave.
    .post('/micro/open', validate('json', microOpenBody), async (c) =>
      ok(c, await s.microResultGuard.open(c.var.userId, c.req.valid('json').pending)),
    )
    // Voice: the reading read aloud (Opus in OGG; api/routes/voice.ts).
    .get('/:id/speech', validate('param', readingIdParam), (c) => speechAnswer(c, s, c.req.valid('param').id));
