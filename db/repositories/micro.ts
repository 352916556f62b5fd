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
    .where((eb) => (readingId === null ? eb('reading_id', 'is', null) : eb.or([eb('reading_id', '=', readingId), eb('reading_id', 'is', null)])))
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
  const row = await db.selectFrom('micro_purchases').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).limit(1).executeTakeFirst();
  return !!row;
}

export async function bindMicro(db: Queryable, id: number, readingId: number): Promise<void> {
  await db.updateTable('micro_purchases').set({ reading_id: readingId }).where('id', '=', id).where('reading_id', 'is', null).execute();
}

/** Stores the dealt cards once: a purchase already revealed keeps its first cards. */
export async function storeReveal(db: Queryable, id: number, cards: DealtCard[], advice: string, now: Date): Promise<MicroPurchase | undefined> {
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
      oc
        .column('user_id')
        .doUpdateSet({ started_at: now, expires_at: expires })
        .where('micro_offers.expires_at', '<', restartBefore),
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
