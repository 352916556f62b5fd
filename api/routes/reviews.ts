// Reviews of a finished reading (rating, optional text, consent to publish) and the social-proof answer:
// the published reviews and the strip's figures, all counted from the database.
import { Hono } from 'hono';
import { z } from 'zod';
import { REVIEW_RATING, REVIEW_TEXT_MAX } from '../../domain/social-proof';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';
import { flag, readingIdParam } from '../schemas';

const reviewBody = z.object({
  rating: z
    .number({ error: 'ожидается оценка числом от 1 до 5' })
    .int('ожидается целая оценка от 1 до 5')
    .min(REVIEW_RATING.min, `оценка от ${REVIEW_RATING.min} до ${REVIEW_RATING.max}`)
    .max(REVIEW_RATING.max, `оценка от ${REVIEW_RATING.min} до ${REVIEW_RATING.max}`),
  text: z.string({ error: 'ожидается текст отзыва' }).trim().max(REVIEW_TEXT_MAX, `не больше ${REVIEW_TEXT_MAX} символов`).nullable().optional(),
  /** «можно опубликовать»: unticked unless the user ticks it. */
  publish: flag.optional().default(false),
});

export const reviewRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .post('/readings/:id/review', validate('param', readingIdParam), validate('json', reviewBody), async (c) =>
      ok(c, await s.reviews.create(c.var.userId, { readingId: c.req.valid('param').id, ...c.req.valid('json') }), 201),
    )
    .get('/readings/:id/review', validate('param', readingIdParam), async (c) => ok(c, await s.reviews.ofReading(c.var.userId, c.req.valid('param').id)))
    .delete('/readings/:id/review', validate('param', readingIdParam), async (c) => ok(c, await s.reviews.remove(c.var.userId, c.req.valid('param').id)))
    // The subscription screen's proof: published reviews, the strip, and the real purchase counts.
    .get('/social-proof', async (c) => {
      const [reviews, purchases] = await Promise.all([s.reviews.published(), s.payments.socialProof()]);
      return ok(c, { ...reviews, ...purchases });
    });
