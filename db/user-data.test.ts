// The registry of the user's data names every table that holds a user's rows: a migration that adds a
// table keyed by a user (a user_id column, or a key to users or readings) fails here until it gets its line.
// The export reads each titled table in pages by the key the registry names: it must be the primary key.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KINDS } from '../test/databases';
import { NOT_USER_DATA, pageKeyOf, USER_DATA } from './user-data';

describe.each(TEST_DB_KINDS)('the user-data registry on %s', (kind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('names every table, and every user-keyed table as user data', async () => {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'`.execute(database.db);
    const userKeyed = await sql<{ table_name: string }>`
      select distinct c.table_name from information_schema.columns c
      where c.table_schema = current_schema() and c.column_name = 'user_id'
      union
      select distinct tc.table_name from information_schema.table_constraints tc
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.table_schema = current_schema() and tc.constraint_type = 'FOREIGN KEY' and ccu.table_name in ('users', 'readings')`.execute(
      database.db,
    );
    const registered = new Set<string>(USER_DATA.map((t) => t.table));
    const notUser = new Set<string>(NOT_USER_DATA);
    const unnamed = tables.rows.map((r) => r.table_name).filter((t) => !registered.has(t) && !notUser.has(t));
    expect(unnamed).toEqual([]);
    const misfiled = userKeyed.rows.map((r) => r.table_name).filter((t) => !registered.has(t));
    expect(misfiled).toEqual([]);
    // And every registered table exists.
    expect([...registered].filter((t) => !tables.rows.some((r) => r.table_name === t))).toEqual([]);
  });

  it('pages every exported table by its primary key, so no row is skipped or read twice', async () => {
    const keys: Record<string, string[]> = {};
    for (const t of USER_DATA.filter((x) => x.title)) {
      const r = await sql<{ name: string }>`
        select a.attname as name from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = ${t.table}::regclass and i.indisprimary
        order by array_position(i.indkey::int2[], a.attnum)`.execute(database.db);
      keys[t.table] = r.rows.map((x) => x.name);
    }
    const declared = Object.fromEntries(USER_DATA.filter((x) => x.title).map((t) => [t.table, [...pageKeyOf(t)]]));
    expect(declared).toEqual(keys);
  });
});
