// Frozen: never edit a migration that has shipped; add a new one.
// AI budgets and follow-up claims: the per-user window of provider calls is counted per budget (a reading's
// interpretation apart from follow-ups and the other texts, so these can never make a fresh reading wait),
// and a follow-up being answered carries the id of its claim, renewed by a heartbeat like a reading's.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ai_rate_limits')
    .addColumn('budget', 'text', (c) => c.notNull().defaultTo('reading'))
    .execute();
  await db.schema.alterTable('ai_rate_limits').dropConstraint('ai_rate_limits_pkey').execute();
  await db.schema.alterTable('ai_rate_limits').addPrimaryKeyConstraint('ai_rate_limits_pkey', ['user_id', 'budget']).execute();
  await db.schema.alterTable('reading_follow_ups').addColumn('ai_lease_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reading_follow_ups').dropColumn('ai_lease_id').execute();
  await db.deleteFrom('ai_rate_limits').where('budget', '!=', 'reading').execute();
  await db.schema.alterTable('ai_rate_limits').dropConstraint('ai_rate_limits_pkey').execute();
  await db.schema.alterTable('ai_rate_limits').addPrimaryKeyConstraint('ai_rate_limits_pkey', ['user_id']).execute();
  await db.schema.alterTable('ai_rate_limits').dropColumn('budget').execute();
}
