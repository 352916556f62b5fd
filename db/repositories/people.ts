// «Люди»: the people a user saved (plain functions over `db | trx`). Every read and write names the owner, so
// one user never reaches another's person by id.
import { sql } from 'kysely';
import type { Queryable } from '../connection';
import type { PersonRow } from '../schema';

export interface PersonInput {
  name: string;
  relation: string;
  birthDate: string | null;
  birthTime: string | null;
  place: string | null;
  cityId: string | null;
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
}

const values = (p: PersonInput) => ({
  name: p.name,
  relation: p.relation,
  birth_date: p.birthDate,
  birth_time: p.birthTime,
  place: p.place,
  city_id: p.cityId,
  latitude: p.latitude,
  longitude: p.longitude,
  time_zone: p.timeZone,
});

export async function listPeople(db: Queryable, userId: number): Promise<PersonRow[]> {
  return db.selectFrom('people').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function findPerson(db: Queryable, userId: number, id: number): Promise<PersonRow | undefined> {
  return db.selectFrom('people').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

/**
 * Inserts the person unless the user already has `limit`: one statement, so two saves at once cannot pass
 * the limit together (the user's row is locked first). Undefined at the limit.
 */
export async function insertPerson(db: Queryable, userId: number, p: PersonInput, limit: number): Promise<PersonRow | undefined> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  const count = await db
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= limit) return undefined;
  return db
    .insertInto('people')
    .values({ user_id: userId, ...values(p) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updatePerson(db: Queryable, userId: number, id: number, p: PersonInput): Promise<PersonRow | undefined> {
  return db
    .updateTable('people')
    .set({ ...values(p), updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deletePerson(db: Queryable, userId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('people').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
