// Frozen: never edit a migration that has shipped; add a new one.
// Readings for two: a pair of users formed by a single-use invitation, its members (either may leave), a
// reading's link to the pair it was asked for, and notes moved out of `readings` into their own table with an
// author, so that each member of a pair writes notes only they see on the pair's reading.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pairs')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Set when a member leaves: the pair is over for both (nothing new is asked or shown across it).
    .addColumn('ended_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('pair_members')
    .addColumn('pair_id', 'bigint', (c) => c.notNull().references('pairs.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'inviter' (asks the pair's readings) or 'partner' (accepted the invitation).
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('left_at', 'timestamptz')
    .addPrimaryKeyConstraint('pair_members_pk', ['pair_id', 'user_id'])
    .execute();
  await db.schema.createIndex('pair_members_user_idx').on('pair_members').column('user_id').execute();

  await db.schema
    .createTable('pair_invitations')
    // sha256 (base64url) of the link's random token: the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('inviter_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    // The pair it formed (no partner id here: the partner's part lives in pair_members only).
    .addColumn('pair_id', 'bigint', (c) => c.references('pairs.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('pair_invitations_inviter_idx').on('pair_invitations').column('inviter_id').execute();

  await db.schema
    .alterTable('readings')
    .addColumn('pair_id', 'bigint', (c) => c.references('pairs.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('readings_pair_idx').on('readings').column('pair_id').where('pair_id', 'is not', null).execute();

  await db.schema
    .createTable('reading_notes')
    .addColumn('reading_id', 'bigint', (c) => c.notNull().references('readings.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('reading_notes_pk', ['reading_id', 'user_id'])
    .execute();
  await db.schema.createIndex('reading_notes_user_idx').on('reading_notes').column('user_id').execute();
  // Existing notes move with their author: the reading's owner.
  await sql`insert into reading_notes (reading_id, user_id, note, updated_at)
            select id, user_id, note, coalesce(note_updated_at, updated_at) from readings where note is not null`.execute(db);
  await db.schema.alterTable('readings').dropColumn('note').execute();
  await db.schema.alterTable('readings').dropColumn('note_updated_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('readings').addColumn('note', 'text').execute();
  await db.schema.alterTable('readings').addColumn('note_updated_at', 'timestamptz').execute();
  await sql`update readings r set note = n.note, note_updated_at = n.updated_at
            from reading_notes n where n.reading_id = r.id and n.user_id = r.user_id`.execute(db);
  await db.schema.dropTable('reading_notes').execute();
  await db.schema.alterTable('readings').dropColumn('pair_id').execute();
  await db.schema.dropTable('pair_invitations').execute();
  await db.schema.dropTable('pair_members').execute();
  await db.schema.dropTable('pairs').execute();
}
