// Reviews and the social-proof counts: plain functions over `db | trx`.
import { sql } from 'kysely';
import type { ReviewStatus } from '../schema';
import type { Queryable } from '../connection';

export interface NewReview {
  userId: number;
  readingId: number;
  rating: number;
  text: string | null;
  consent: boolean;
}

/** Inserts the reading's review; null when that reading already has one. */
export async function insertReview(db: Queryable, r: NewReview) {
  return (
    (await db
      .insertInto('reviews')
      .values({
        user_id: r.userId,
        reading_id: r.readingId,
        rating: r.rating,
        text: r.text,
        consent: r.consent,
        status: r.consent ? 'pending' : 'private',
      })
      .onConflict((oc) => oc.column('reading_id').doNothing())
      .returning(['id', 'status', 'created_at'])
      .executeTakeFirst()) ?? null
  );
}

export async function reviewOfReading(db: Queryable, readingId: number) {
  return (
    (await db
      .selectFrom('reviews')
      .select(['id', 'rating', 'text', 'consent', 'status'])
      .where('reading_id', '=', readingId)
      .executeTakeFirst()) ?? null
  );
}

/** Moves a pending review to `status`; null when it is not pending (decided already, private, or gone). */
export async function decideReview(
  db: Queryable,
  id: number,
  status: Extract<ReviewStatus, 'published' | 'rejected'>,
  operatorId: number,
  now: Date,
) {
  return (
    (await db
      .updateTable('reviews')
      .set({ status, decided_by: operatorId, decided_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returning(['id', 'status'])
      .executeTakeFirst()) ?? null
  );
}

export async function reviewStatus(db: Queryable, id: number): Promise<ReviewStatus | null> {
  return (await db.selectFrom('reviews').select('status').where('id', '=', id).executeTakeFirst())?.status ?? null;
}

/** The newest published reviews with the author's first name. */
export async function publishedReviews(db: Queryable, limit: number) {
  return db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .select(['reviews.id', 'reviews.rating', 'reviews.text', 'reviews.decided_at', 'users.first_name'])
    .where('reviews.status', '=', 'published')
    .orderBy('reviews.decided_at', 'desc')
    .orderBy('reviews.id', 'desc')
    .limit(limit)
    .execute();
}

/** The user's own review of a reading, deleted (their data); true when there was one. */
export async function deleteReview(db: Queryable, userId: number, readingId: number): Promise<boolean> {
  const r = await db.deleteFrom('reviews').where('user_id', '=', userId).where('reading_id', '=', readingId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * The strip's counts in one statement: readings made since `since30d` (not the client's saved ones), people
 * who made one since `monthStart`, and the published reviews' count and average.
 */
export async function proofCounts(db: Queryable, since30d: Date, monthStart: Date) {
  const { rows } = await sql<{ readings: number; readers: number; reviews: number; average: string | null }>`
    select
      (select count(*) from readings where created_at >= ${since30d} and status <> 'saved')::int as readings,
      (select count(distinct user_id) from readings where created_at >= ${monthStart} and status <> 'saved')::int as readers,
      (select count(*) from reviews where status = 'published')::int as reviews,
      (select avg(rating) from reviews where status = 'published')::text as average`.execute(db);
  const r = rows[0];
  return {
    readings30d: r.readings,
    readersMonth: r.readers,
    reviews: { count: r.reviews, average: r.average === null ? null : Number(r.average) },
  };
}
