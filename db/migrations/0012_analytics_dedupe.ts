// Frozen: never edit a migration that has shipped; add a new one.
// Analytics events are stored once per user, event and minute: the minute is kept with the event and a
// unique index makes the insert itself the check (racing duplicates store one row). Older rows have none.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('analytics_events').addColumn('minute', 'integer').execute();
  await db.schema
    .createIndex('analytics_events_once_a_minute')
    .unique()
    .on('analytics_events')
    .columns(['user_id', 'event', 'minute'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('analytics_events_once_a_minute').execute();
  await db.schema.alterTable('analytics_events').dropColumn('minute').execute();
}
