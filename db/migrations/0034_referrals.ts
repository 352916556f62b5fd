// Frozen: never edit a migration that has shipped; add a new one.
// Friends who bring friends: a day's extra spreads granted by a referral (counted with the day's quota, in the
// same row and statement), and one row per invited friend's first reading, rewarded or refused with the reason.
// The friend is named by the keyed hash of their Telegram id, so deleting and re-creating the account does
// not earn the reward again; their id is kept (for the inviter's count) until they erase their data.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('daily_usage')
    .addColumn('bonus_spreads', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('referral_rewards')
    .addColumn('invitee_key', 'text', (c) => c.primaryKey())
    .addColumn('inviter_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invitee_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    // 'YYYY-MM' (UTC) the first reading fell in: the inviter's monthly cap counts granted rows per month.
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('granted', 'boolean', (c) => c.notNull())
    // Why it was refused: 'same_minute' or 'monthly_cap' (null when granted).
    .addColumn('refused', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The invite screen counts the friends who came by the link.
  await db.schema.createIndex('users_start_param_idx').on('users').column('start_param').where('start_param', 'is not', null).execute();
  await db.schema.createIndex('referral_rewards_inviter_idx').on('referral_rewards').columns(['inviter_id', 'month']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('referral_rewards').execute();
  await db.schema.dropIndex('users_start_param_idx').execute();
  await db.schema.alterTable('daily_usage').dropColumn('bonus_spreads').execute();
}
