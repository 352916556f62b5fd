// «Второе мнение»: a finished reading read again in another voice. Asking locks the user's row, so the day's
// allowance is counted and the row inserted once even when requests race (on any instance).
import { sql } from 'kysely';
import type { SecondOpinion } from '../schema';
import type { Voice } from '../../domain/tarot/voices';
import type { Queryable } from '../connection';

/** Locks the user's row until the caller's transaction ends (one allowance decision at a time). */
export async function lockUser(trx: Queryable, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

export async function listSecondOpinions(db: Queryable, readingId: number): Promise<SecondOpinion[]> {
  return db.selectFrom('second_opinions').selectAll().where('reading_id', '=', readingId).orderBy('id').execute();
}

export async function findSecondOpinion(db: Queryable, readingId: number, voice: Voice): Promise<SecondOpinion | undefined> {
  return db.selectFrom('second_opinions').selectAll().where('reading_id', '=', readingId).where('voice', '=', voice).executeTakeFirst();
}

/** How many second opinions the user asked for on `day` (their counting day). */
export async function countOnDay(db: Queryable, userId: number, day: string): Promise<number> {
  const row = await db
    .selectFrom('second_opinions as s')
    .innerJoin('readings as r', 'r.id', 's.reading_id')
    .select(sql<string>`count(*)`.as('n'))
    .where('s.day', '=', day)
    .where('r.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertSecondOpinion(trx: Queryable, o: { readingId: number; voice: Voice; day: string }): Promise<SecondOpinion> {
  return trx
    .insertInto('second_opinions')
    .values({ reading_id: o.readingId, voice: o.voice, day: o.day })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Stores the text (the first writer's text stays: a second writer after a crash finds it written). */
export async function finishSecondOpinion(
  db: Queryable,
  id: number,
  r: { text: string; source: 'ai' | 'cards'; error: string | null },
): Promise<SecondOpinion> {
  const row = await db
    .updateTable('second_opinions')
    .set({ text: r.text, source: r.source, ai_error: r.error })
    .where('id', '=', id)
    .where('text', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row ?? (await db.selectFrom('second_opinions').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

/** The product of the plan the user's latest granted payment gave (the trial is a VIP period of its own). */
export async function latestPlanProduct(db: Queryable, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('payments')
    .select('product')
    .where('user_id', '=', userId)
    .where(sql<boolean>`granted->>'kind' = 'plan'`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.product ?? null;
}
