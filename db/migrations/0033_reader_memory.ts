// Frozen: never edit a migration that has shipped; add a new one.
// «Память толкователя»: a reading may refer back to the user's earlier readings on the same topic. The user
// can switch it off (users.memory_on) or forget one reading (readings.memory_forgotten: it stays in the
// archive, memory no longer uses it). Both are columns of rows already exported and deleted with the user.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('memory_on', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable('readings')
    .addColumn('memory_forgotten', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('readings').dropColumn('memory_forgotten').execute();
  await db.schema.alterTable('users').dropColumn('memory_on').execute();
}
