// Frozen: never edit a migration that has shipped; add a new one.
// A paid micro pack includes one 3-card follow-up reading: the reading it became is recorded on the pack,
// so the pack opens exactly one such reading and never takes a spread from the day's quota.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('micro_purchases')
    .addColumn('spread_reading_id', 'bigint', (c) => c.references('readings.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('micro_purchases_spread_reading_uq')
    .on('micro_purchases')
    .column('spread_reading_id')
    .unique()
    .where(sql.ref('spread_reading_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('micro_purchases_spread_reading_uq').execute();
  await db.schema.alterTable('micro_purchases').dropColumn('spread_reading_id').execute();
}
