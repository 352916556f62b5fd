// Frozen: never edit a migration that has shipped; add a new one.
// The reminder scheduler selects, every minute, the users of one time zone who may get the daily reminder:
// a partial index on the zone keeps that from scanning every user (a million users, dozens of zones).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('users_reminder_zone_idx')
    .on('users')
    .column('time_zone')
    .where(sql.ref('notify_daily'), '=', true)
    .where(sql.ref('bot_reachable'), '=', true)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_reminder_zone_idx').execute();
}
