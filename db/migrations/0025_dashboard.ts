// Frozen: never edit a migration that has shipped; add a new one.
// The owner's dashboard: the AI's timings and size on each reading it wrote (time to the first piece of text,
// to the end, the prompt and the answer in characters: tokens are estimated from them), and the indexes that
// let a 30-day view over a million users' rows answer quickly (users, readings, offers, pushes by time).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('readings')
    .addColumn('ai_first_ms', 'integer')
    .addColumn('ai_total_ms', 'integer')
    .addColumn('ai_prompt_chars', 'integer')
    .addColumn('ai_output_chars', 'integer')
    .execute();
  await db.schema.createIndex('readings_created_idx').on('readings').column('created_at').execute();
  await db.schema.createIndex('users_created_idx').on('users').column('created_at').execute();
  await db.schema.createIndex('micro_offers_started_idx').on('micro_offers').column('started_at').execute();
  await db.schema.createIndex('notifications_sent_idx').on('notifications').column('sent_at').execute();
  await db.schema.createIndex('notifications_created_idx').on('notifications').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const i of [
    'readings_created_idx',
    'users_created_idx',
    'micro_offers_started_idx',
    'notifications_sent_idx',
    'notifications_created_idx',
  ])
    await db.schema.dropIndex(i).execute();
  await db.schema
    .alterTable('readings')
    .dropColumn('ai_first_ms')
    .dropColumn('ai_total_ms')
    .dropColumn('ai_prompt_chars')
    .dropColumn('ai_output_chars')
    .execute();
}
