// Server-wide key/value settings (the local-mode bot token lives here).
import type { Queryable } from '../connection';

export async function getSetting(db: Queryable, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Stores `value` unless the key already has one; returns the value in force (race-safe across instances). */
export async function getOrCreateSetting(db: Queryable, key: string, create: () => string): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ key, value: create() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await getSetting(db, key))!;
}
