// Frozen: never edit a migration that has shipped; add a new one.
// What outlives a deleted account, under a keyed hash (HMAC with the server secret) of the Telegram id, never
// the id: the day's usage and the rate limits still in their window (restored when the user comes back), and
// the generation of the user's sign-in tokens (a bump ends every st1/lt1 token at once). Sign-ins are counted
// per hashed Telegram id and per hashed address. A share picture remembers the readings it was drawn from, so
// deleting the readings deletes the pictures only they used. Erased-user markers written before this used an
// unkeyed hash: they cannot be re-keyed without the ids, so they are kept and marked `legacy` (re-keyed when
// their user comes back).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('erased_limits')
    // HMAC-SHA256 (base64url) of the Telegram id with the server secret.
    .addColumn('subject', 'text', (c) => c.notNull())
    // 'daily_usage', 'user:<kind>' (user_rate_limits) or 'ai:<budget>' (ai_rate_limits).
    .addColumn('kind', 'text', (c) => c.notNull())
    // daily_usage: the counting day and how much of it was used.
    .addColumn('day', 'date')
    .addColumn('free_spread_used', 'boolean', (c) => c.notNull().defaultTo(false))
    // Rate limits: their window's start; `count` is the window's count (or the day's spreads).
    .addColumn('window_start', 'timestamptz')
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    // When the limit's window (or day) ends: the row means nothing after it.
    .addColumn('until', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('erased_limits_pk', ['subject', 'kind'])
    .execute();
  await db.schema.createIndex('erased_limits_until_idx').on('erased_limits').column('until').execute();

  await db.schema
    .createTable('token_generations')
    .addColumn('subject', 'text', (c) => c.primaryKey())
    // Signed into every st1/lt1 token; a token of another generation is refused.
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sign_in_limits')
    // A hashed Telegram id or a hashed client address (HMAC with the server secret).
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_limits_pk', ['key', 'kind'])
    .execute();
  await db.schema.createIndex('sign_in_limits_window_idx').on('sign_in_limits').column('window_start').execute();

  await db.schema
    .createTable('share_picture_readings')
    .addColumn('hash', 'text', (c) => c.notNull().references('share_pictures.hash').onDelete('cascade'))
    .addColumn('reading_id', 'bigint', (c) => c.notNull().references('readings.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('share_picture_readings_pk', ['hash', 'reading_id'])
    .execute();
  await db.schema.createIndex('share_picture_readings_reading_idx').on('share_picture_readings').column('reading_id').execute();

  await db.schema
    .alterTable('erased_users')
    .addColumn('legacy', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`update erased_users set legacy = true`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('erased_users').dropColumn('legacy').execute();
  await db.schema.dropTable('share_picture_readings').execute();
  await db.schema.dropTable('sign_in_limits').execute();
  await db.schema.dropTable('token_generations').execute();
  await db.schema.dropTable('erased_limits').execute();
}
