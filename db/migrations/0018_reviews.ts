// Frozen: never edit a migration that has shipped; add a new one.
// Reviews users write after a reading: a rating (1–5), an optional text and whether they agreed to its
// publication. Only a review with consent goes to the operators, and only one they published is shown.
// One per reading; the user's data (deleted with the user or the reading). `down` drops the table.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reading_id', 'bigint', (c) => c.notNull().unique().references('readings.id').onDelete('cascade'))
    .addColumn('rating', 'smallint', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('text', 'text')
    .addColumn('consent', 'boolean', (c) => c.notNull())
    // private (no consent), pending (sent to the operators), published, rejected
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('private', 'pending', 'published', 'rejected')`))
    .addColumn('decided_by', 'bigint')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index reviews_published_idx on reviews (decided_at desc, id desc) where status = 'published'`.execute(db);
  await db.schema.createIndex('reviews_user_idx').on('reviews').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reviews').execute();
}
