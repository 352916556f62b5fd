// The liveness probe's query.
import { sql } from 'kysely';
import type { Queryable } from '../connection';

/** Resolves when the database answers a query. */
export async function ping(db: Queryable): Promise<void> {
  await sql`select 1`.execute(db);
}
