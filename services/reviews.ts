// Reviews of a finished reading, and the social-proof strip: nothing shown is written by us. A review with
// consent goes to the operators with «Опубликовать» / «Отклонить»; only a published one reaches a screen.
// The strip's counts come from the database, cached for a few minutes (one statement, off the status path).
import * as repo from '../db/repositories/reviews';
import * as usersRepo from '../db/repositories/users';
import {
  PROOF_THRESHOLDS,
  REVIEW_BUTTONS,
  REVIEWS_SHOWN,
  formatRating,
  proofItems,
  type ProofCounts,
  type ProofItem,
} from '../domain/commerce/social-proof';
import { getSpread } from '../domain/tarot/spreads';
import { DAY_MS, localDate, zonedTimeToUtc } from '../domain/text/time';
import { readableReading } from './archive-rule';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import { isOperator, operatorChats } from './operators';
import { takeUserLimit } from './user-limits';

/** How long the strip's counts are reused: they move slowly, and the home screen asks for them on every open. */
const PROOF_TTL_MS = 5 * 60_000;

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);

export interface ReviewInput {
  readingId: number;
  rating: number;
  text?: string | null;
  publish: boolean;
}

export function createReviewService(deps: ServiceDeps) {
  // The counts being read (or read) and when: concurrent status calls on a miss share one statement. The
  // strip's items are made from them once, not on every status call (formatting a count costs more than
  // the rest of a cached status).
  type Entry = { at: number; counts: Promise<ProofCounts>; items: Promise<ProofItem[]> };
  let cached: Entry | null = null;

  function current(): Entry {
    const now = deps.clock();
    if (cached && now.getTime() - cached.at >= 0 && now.getTime() - cached.at < PROOF_TTL_MS) return cached;
    const day = localDate(now, deps.defaultTimeZone);
    const monthStart = zonedTimeToUtc(`${day.slice(0, 8)}01`, '00:00', deps.defaultTimeZone);
    const counts = repo.proofCounts(deps.db, new Date(now.getTime() - 30 * DAY_MS), monthStart);
    const entry: Entry = { at: now.getTime(), counts, items: counts.then(proofItems) };
    cached = entry;
    // A failed read is not kept: the next call asks again.
    entry.items.catch(() => {
      if (cached === entry) cached = null;
    });
    return entry;
  }

  async function notifyOperators(review: { id: number; rating: number; text: string | null }, author: string, spread: string) {
    if (!deps.operatorMessenger) return;
    const text = [
      `Новый отзыв ${stars(review.rating)} (${review.rating}/5)`,
      `Автор: ${author}. Расклад: ${spread}.`,
      review.text ? `\n«${review.text}»` : '\nБез текста.',
      '\nАвтор разрешил публикацию. Опубликовать?',
    ].join('\n');
    const reply_markup = {
      inline_keyboard: [
        [
          { text: 'Опубликовать', callback_data: `${REVIEW_BUTTONS.publish}${review.id}` },
          { text: 'Отклонить', callback_data: `${REVIEW_BUTTONS.reject}${review.id}` },
        ],
      ],
    };
    // One failed chat does not stop the others; the messenger logs the failure, the review stays pending.
    await Promise.allSettled(operatorChats(deps).map((chat) => deps.operatorMessenger!.sendMessage(chat, text, { reply_markup })));
  }

  return {
    /** POST /api/readings/:id/review: one per reading, only on the caller's finished reading. */
    async create(userId: number, input: ReviewInput) {
      const reading = await readableReading(deps, userId, input.readingId);
      if (reading.status !== 'done' && reading.status !== 'fallback')
        throw new ServiceError('conflict', 'Оценить можно расклад, толкование которого уже готово.');
      await takeUserLimit(deps.db, userId, 'review', deps.clock());
      const text = input.text?.trim() || null;
      const row = await repo.insertReview(deps.db, { userId, readingId: reading.id, rating: input.rating, text, consent: input.publish });
      if (!row) throw new ServiceError('conflict', 'Этот расклад вы уже оценили.', { code: 'review_exists' });
      if (row.status === 'pending') {
        const author = await usersRepo.findUser(deps.db, userId);
        const name = author ? `${author.first_name}${author.username ? ` (@${author.username})` : ''}, id ${userId}` : `id ${userId}`;
        await notifyOperators(
          { id: row.id, rating: input.rating, text },
          name,
          getSpread(reading.spread_type)?.name ?? reading.spread_type,
        );
      }
      return { review: { id: row.id, rating: input.rating, text, publish: input.publish, status: row.status } };
    },

    /** The caller's review of their reading, or null. */
    async ofReading(userId: number, readingId: number) {
      await readableReading(deps, userId, readingId);
      const r = await repo.reviewOfReading(deps.db, readingId);
      return { review: r ? { id: r.id, rating: r.rating, text: r.text, publish: r.consent, status: r.status } : null };
    },

    /** DELETE /api/readings/:id/review: the user's review is theirs to remove. */
    async remove(userId: number, readingId: number) {
      await readableReading(deps, userId, readingId);
      const deleted = await repo.deleteReview(deps.db, userId, readingId);
      if (deleted) cached = null;
      return { deleted };
    },

    /** An operator's «Опубликовать» / «Отклонить»: only a pending review moves, once. */
    async decide(chatId: number, operatorId: number, reviewId: number, publish: boolean) {
      if (!isOperator(deps, chatId, operatorId)) throw new ServiceError('forbidden', 'Только для операторов');
      const row = await repo.decideReview(deps.db, reviewId, publish ? 'published' : 'rejected', operatorId, deps.clock());
      if (row) cached = null;
      return { changed: !!row, status: row?.status ?? (await repo.reviewStatus(deps.db, reviewId)) };
    },

    /** The strip's figures (each above its threshold; none: hide it). */
    async strip() {
      return { items: await current().items };
    },

    /** GET /api/social-proof's reviews: the published ones, newest first; none when there are none. */
    async published() {
      const entry = current();
      const [c, items, rows] = await Promise.all([entry.counts, entry.items, repo.publishedReviews(deps.db, REVIEWS_SHOWN)]);
      return {
        items,
        reviews: rows.map((r) => ({ id: r.id, rating: r.rating, text: r.text, name: r.first_name })),
        rating:
          c.reviews.count >= PROOF_THRESHOLDS.reviews && c.reviews.average !== null
            ? { value: formatRating(c.reviews.average), count: c.reviews.count }
            : null,
      };
    },
  };
}
