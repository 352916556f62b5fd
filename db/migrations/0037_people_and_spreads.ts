// Frozen: never edit a migration that has shipped; add a new one.
// «Люди» and «Свои расклады». A user's saved people (at most 20: a name, a relation, optionally birth data for a
// one-sided synastry), and a VIP's own spreads (2..10 positions on a grid, at most ten, shareable by a token).
// A reading keeps what it was asked with as a snapshot (`readings.person`, `readings.custom_spread`), so the
// archive and the text stay the same when the person or the spread is later edited or deleted.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('people')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // A key of domain/app/people.ts's RELATIONS.
    .addColumn('relation', 'text', (c) => c.notNull())
    // 'YYYY-MM-DD', 'HH:MM' ('' when unknown) and the resolved place; all null without a birth date.
    .addColumn('birth_date', 'text')
    .addColumn('birth_time', 'text')
    .addColumn('place', 'text')
    .addColumn('city_id', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('time_zone', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('people_user_idx').on('people').column('user_id').execute();

  await db.schema
    .createTable('custom_spreads')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // [{name, role, x, y}] in dealing order (domain/tarot/custom-spreads.ts checks it).
    .addColumn('positions', 'jsonb', (c) => c.notNull())
    // The share link's random token (another VIP copies the spread by it); unique while it exists.
    .addColumn('share_token', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('custom_spreads_user_idx').on('custom_spreads').column('user_id').execute();

  await db.schema.alterTable('readings').addColumn('person', 'jsonb').addColumn('custom_spread', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('readings').dropColumn('custom_spread').dropColumn('person').execute();
  await db.schema.dropTable('custom_spreads').execute();
  await db.schema.dropTable('people').execute();
}
