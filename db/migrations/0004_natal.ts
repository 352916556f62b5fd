// Frozen: never edit a migration that has shipped; add a new one.
// The natal form's birth data, one row per user: kept on the server so the chart shows again on return.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('natal_birth_data')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('birth_date', 'date', (c) => c.notNull())
    // Local wall-clock time 'HH:MM' at the birthplace.
    .addColumn('birth_time', 'text', (c) => c.notNull())
    // The label shown back to the user («Москва, Россия» or their own name for a place given by coordinates).
    .addColumn('place', 'text', (c) => c.notNull())
    // The table's city id when the place came from it; null for coordinates typed in.
    .addColumn('city_id', 'text')
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('natal_birth_data').execute();
}
