// Frozen: never edit a migration that has shipped; add a new one.
// One fixed-window limiter table for what used to be three alike (ai_rate_limits, user_rate_limits,
// sign_in_limits): a row per limit name and key, its window's start and count. A user's limits ('ai:<budget>',
// 'user:<kind>') are keyed by the user's id and carry it in `user_id`, so they go with the user (kept under the
// keyed hash in erased_limits meanwhile); the sign-in limits ('sign_in:<kind>') are keyed by a keyed hash
// (HMAC with the server secret) and carry no user. The rows move over as they are: every window keeps counting.
// erased_limits' kinds were already the new names.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('name', 'text', (c) => c.notNull())
    // The user's id (as text) for a user's limits; a keyed hash for the others.
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limits_pk', ['name', 'key'])
    .execute();
  await db.schema.createIndex('rate_limits_user_idx').on('rate_limits').column('user_id').execute();
  await db.schema.createIndex('rate_limits_window_idx').on('rate_limits').column('window_start').execute();

  await sql`insert into rate_limits (name, key, user_id, window_start, count)
    select 'ai:' || budget, user_id::text, user_id, window_start, calls from ai_rate_limits`.execute(db);
  await sql`insert into rate_limits (name, key, user_id, window_start, count)
    select 'user:' || kind, user_id::text, user_id, window_start, count from user_rate_limits`.execute(db);
  await sql`insert into rate_limits (name, key, user_id, window_start, count)
    select 'sign_in:' || kind, key, null, window_start, count from sign_in_limits`.execute(db);
  await db.schema.dropTable('ai_rate_limits').execute();
  await db.schema.dropTable('user_rate_limits').execute();
  await db.schema.dropTable('sign_in_limits').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ai_rate_limits')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addColumn('budget', 'text', (c) => c.notNull().defaultTo('reading'))
    .addPrimaryKeyConstraint('ai_rate_limits_pkey', ['user_id', 'budget'])
    .execute();
  await db.schema
    .createTable('user_rate_limits')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_rate_limits_pk', ['user_id', 'kind'])
    .execute();
  await db.schema
    .createTable('sign_in_limits')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_limits_pk', ['key', 'kind'])
    .execute();
  await db.schema.createIndex('sign_in_limits_window_idx').on('sign_in_limits').column('window_start').execute();

  await sql`insert into ai_rate_limits (user_id, budget, window_start, calls)
    select user_id, substr(name, 4), window_start, count from rate_limits where name like 'ai:%' and user_id is not null`.execute(db);
  await sql`insert into user_rate_limits (user_id, kind, window_start, count)
    select user_id, substr(name, 6), window_start, count from rate_limits where name like 'user:%' and user_id is not null`.execute(db);
  await sql`insert into sign_in_limits (key, kind, window_start, count)
    select key, substr(name, 9), window_start, count from rate_limits where name like 'sign_in:%'`.execute(db);
  await db.schema.dropTable('rate_limits').execute();
}
