// «Свои расклады»: a VIP's own spreads (plain functions over `db | trx`). Every read and write names the owner,
// except the lookup by a share token, which is how another user copies one.
import { sql } from 'kysely';
import type { CustomSpreadDesign } from '../../domain/tarot/custom-spreads';
import type { Queryable } from '../connection';
import type { CustomSpreadRow } from '../schema';

export async function listSpreads(db: Queryable, userId: number): Promise<CustomSpreadRow[]> {
  return db.selectFrom('custom_spreads').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function findSpread(db: Queryable, userId: number, id: number): Promise<CustomSpreadRow | undefined> {
  return db.selectFrom('custom_spreads').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export async function findSharedSpread(db: Queryable, token: string): Promise<CustomSpreadRow | undefined> {
  return db.selectFrom('custom_spreads').selectAll().where('share_token', '=', token).executeTakeFirst();
}

/** Inserts the spread unless the user already has `limit` (the user's row locked first: two saves cannot both pass). */
export async function insertSpread(
  db: Queryable,
  userId: number,
  d: CustomSpreadDesign,
  limit: number,
): Promise<CustomSpreadRow | undefined> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  const count = await db
    .selectFrom('custom_spreads')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= limit) return undefined;
  return db
    .insertInto('custom_spreads')
    .values({ user_id: userId, name: d.name, positions: JSON.stringify(d.positions) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateSpread(db: Queryable, userId: number, id: number, d: CustomSpreadDesign): Promise<CustomSpreadRow | undefined> {
  return db
    .updateTable('custom_spreads')
    .set({ name: d.name, positions: JSON.stringify(d.positions), updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Gives the spread its share token unless it has one; returns the token it has. */
export async function shareSpread(db: Queryable, userId: number, id: number, token: string): Promise<string | undefined> {
  const row = await db
    .updateTable('custom_spreads')
    .set({ share_token: sql<string>`coalesce(share_token, ${token})` })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning('share_token')
    .executeTakeFirst();
  return row?.share_token ?? undefined;
}

export async function deleteSpread(db: Queryable, userId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('custom_spreads').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
