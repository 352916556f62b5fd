// Micro packs and the micro promo: plain functions over `db | trx`.
import { sql } from 'kysely';
import type { MicroPurchase } from '../schema';
import type { DealtCard } from '../../domain/types';
import type { Queryable } from '../connection';

export async function insertMicroPurchase(
  db: Queryable,
  p: { userId: number; readingId: number | null; paymentId: number | null; source: 'payment' | 'week' },
): Promise<MicroPurchase> {
  return db
    .insertInto('micro_purchases')
    .values({ user_id: p.userId, reading_id: p.readingId, payment_id: p.paymentId, source: p.source })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Live (not refunded) purchases of the user: bound to `readingId` or unbound; the oldest first. */
export async function listUsableMicro(db: Queryable, userId: number, readingId: number | null): Promise<MicroPurchase[]> {
  return db
    .selectFrom('micro_purchases')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) =>
      readingId === null ? eb('reading_id', 'is', null) : eb.or([eb('reading_id', '=', readingId), eb('reading_id', 'is', null)]),
    )
    .orderBy('id', 'asc')
    .execute();
}

export async function latestUnboundMicro(db: Queryable, userId: number): Promise<MicroPurchase | undefined> {
  return db
    .selectFrom('micro_purchases')
    .selectAll()
    .where('user_id', '=', userId)
    .where('reading_id', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function hasAnyMicro(db: Queryable, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('micro_purchases')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export async function bindMicro(db: Queryable, id: number, readingId: number): Promise<void> {
  await db.updateTable('micro_purchases').set({ reading_id: readingId }).where('id', '=', id).where('reading_id', 'is', null).execute();
}

/** Stores the dealt cards once: a purchase already revealed keeps its first cards. */
export async function storeReveal(
  db: Queryable,
  id: number,
  cards: DealtCard[],
  advice: string,
  now: Date,
): Promise<MicroPurchase | undefined> {
  return db
    .updateTable('micro_purchases')
    .set({ cards: JSON.stringify(cards), advice, revealed_at: now })
    .where('id', '=', id)
    .where('revealed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function revokeMicro(db: Queryable, id: number, now: Date): Promise<void> {
  await db.updateTable('micro_purchases').set({ revoked_at: now }).where('id', '=', id).execute();
}

export async function findMicroOffer(db: Queryable, userId: number) {
  return db.selectFrom('micro_offers').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Starts a promo unless one is running or ended less than `cooldownMs` ago; returns the offer in force.
 * One statement, so concurrent first views agree on one start.
 */
export async function startMicroOffer(db: Queryable, userId: number, now: Date, durationMs: number, cooldownMs: number) {
  const expires = new Date(now.getTime() + durationMs);
  const restartBefore = new Date(now.getTime() - cooldownMs);
  const row = await db
    .insertInto('micro_offers')
    .values({ user_id: userId, started_at: now, expires_at: expires })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ started_at: now, expires_at: expires }).where('micro_offers.expires_at', '<', restartBefore),
    )
    .returningAll()
    .executeTakeFirst();
  return row ?? (await findMicroOffer(db, userId))!;
}

export async function recordMicroCta(db: Queryable, userId: number, now: Date): Promise<number> {
  const row = await db
    .updateTable('micro_offers')
    .set({ cta_clicks: sql`cta_clicks + 1`, last_cta_at: now })
    .where('user_id', '=', userId)
    .returning('cta_clicks')
    .executeTakeFirst();
  return row?.cta_clicks ?? 0;
}

/** One purchase, locked until the caller's transaction ends (the pack's 3-card reading is claimed under it). */
export async function lockMicroPurchase(db: Queryable, id: number): Promise<MicroPurchase | undefined> {
  return db.selectFrom('micro_purchases').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Records the pack's 3-card reading unless it already has one; whether this call recorded it. */
export async function claimMicroSpread(db: Queryable, id: number, readingId: number): Promise<boolean> {
  const claimed = await db
    .updateTable('micro_purchases')
    .set({ spread_reading_id: readingId })
    .where('id', '=', id)
    .where('spread_reading_id', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return !!claimed;
}

/** Stores the tip unless one is stored already (two reveals at once keep the first); the purchase as stored. */
export async function storeAdviceOnce(db: Queryable, id: number, advice: string): Promise<MicroPurchase> {
  await db
    .updateTable('micro_purchases')
    .set({ advice })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('advice', 'is', null), eb('advice', '=', '')]))
    .execute();
  return db.selectFrom('micro_purchases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function hasUnrevealedMicro(db: Queryable, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('micro_purchases')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('revealed_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** A live purchase made after `since`. */
export async function hasMicroSince(db: Queryable, userId: number, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('micro_purchases')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('created_at', '>', since)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** The user's micro order, and the purchase its payment granted (none yet: `pack` undefined). */
export async function findMicroOrderWithPack(db: Queryable, userId: number, orderId: string) {
  const order = await db
    .selectFrom('payment_orders')
    .select(['id', 'reading_id', 'status'])
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('product', '=', 'micro')
    .executeTakeFirst();
  if (!order) return null;
  const pack = await db
    .selectFrom('micro_purchases as mp')
    .innerJoin('payments as p', 'p.id', 'mp.payment_id')
    .select(['mp.id', 'mp.reading_id', 'mp.revoked_at'])
    .where('p.order_id', '=', order.id)
    .where('mp.user_id', '=', userId)
    .executeTakeFirst();
  return { order, pack };
}

/** The latest live pack of the user: a paid one, or (`since` given) any made since then, a week pass's too. */
export async function latestLivePack(db: Queryable, userId: number, since: Date | null) {
  let q = db.selectFrom('micro_purchases').select(['id', 'reading_id']).where('user_id', '=', userId).where('revoked_at', 'is', null);
  q = since ? q.where('created_at', '>=', since) : q.where('source', '=', 'payment');
  return q.orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The latest unpaid micro order of the user made since `since`. */
export async function latestOpenMicroOrder(db: Queryable, userId: number, since: Date) {
  return db
    .selectFrom('payment_orders')
    .select(['id', 'reading_id'])
    .where('user_id', '=', userId)
    .where('product', '=', 'micro')
    .where('status', '=', 'pending')
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

const DAY_MS = 86_400_000;

/**
 * Whether the micro-result screen has something to wait for or show: a micro order still pending, or one
 * created or paid since `since` (its result may still be arriving or just shown).
 */
export async function microActiveSince(db: Queryable, userId: number, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('payment_orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('product', '=', 'micro')
    // A pending order counts for a day at most: one abandoned long ago opens nothing.
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('created_at', '>=', new Date(since.getTime() - DAY_MS))]),
        eb('created_at', '>=', since),
      ]),
    )
    .union(
      db
        .selectFrom('payments')
        .select(sql<string>`id::text`.as('id'))
        .where('user_id', '=', userId)
        .where('product', '=', 'micro')
        .where('created_at', '>=', since),
    )
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
