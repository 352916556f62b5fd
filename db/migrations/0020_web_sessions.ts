// Frozen: never edit a migration that has shipped; add a new one.
// Signing in outside Telegram and the user's data in the user's hands: browser sessions and one-time tokens
// (bot links, payment returns), stored only as hashes; a hashed marker of an erased Telegram id (the trial
// and first-purchase offers stay used); payments and orders outlive their user's deletion, detached
// (receipts and accounting must be kept), instead of cascading away with the user.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('web_sessions')
    // sha256 (base64url) of the cookie's random id: the id itself is never stored.
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('web_sessions_user_idx').on('web_sessions').column('user_id').execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'link' (the bot's /web) or 'return' (a payment's return URL).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').column('user_id').execute();

  await db.schema
    .createTable('erased_users')
    // HMAC of the Telegram id: recognises a returning user without keeping the id.
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('trial_used', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('purchased', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('erased_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  for (const table of ['payments', 'payment_orders']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_user_id_fkey`)}`.execute(db);
    await sql`alter table ${sql.table(table)} alter column user_id drop not null`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_user_id_fkey`)} foreign key (user_id) references users(id) on delete set null`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['payments', 'payment_orders']) {
    await sql`delete from ${sql.table(table)} where user_id is null`.execute(db);
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_user_id_fkey`)}`.execute(db);
    await sql`alter table ${sql.table(table)} alter column user_id set not null`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_user_id_fkey`)} foreign key (user_id) references users(id) on delete cascade`.execute(
      db,
    );
  }
  await db.schema.dropTable('erased_users').execute();
  await db.schema.dropTable('auth_tokens').execute();
  await db.schema.dropTable('web_sessions').execute();
}
