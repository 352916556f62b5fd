// The user's saved birth data (one row per user).
import { sql } from 'kysely';
import type { NatalBirthData } from '../schema';
import type { Queryable } from '../connection';

export interface BirthDataInput {
  birthDate: string;
  birthTime: string;
  place: string;
  cityId: string | null;
  latitude: number;
  longitude: number;
  timeZone: string;
}

export async function findBirthData(db: Queryable, userId: number): Promise<NatalBirthData | undefined> {
  return db.selectFrom('natal_birth_data').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Saves (or replaces) the user's birth data in one statement. */
export async function saveBirthData(db: Queryable, userId: number, d: BirthDataInput): Promise<NatalBirthData> {
  const values = {
    birth_date: d.birthDate,
    birth_time: d.birthTime,
    place: d.place,
    city_id: d.cityId,
    latitude: d.latitude,
    longitude: d.longitude,
    time_zone: d.timeZone,
  };
  return db
    .insertInto('natal_birth_data')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Returns true when there was something to delete. */
export async function deleteBirthData(db: Queryable, userId: number): Promise<boolean> {
  const r = await db.deleteFrom('natal_birth_data').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
