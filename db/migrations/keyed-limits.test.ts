// Migration 0028 adds what outlives a deleted account under a keyed hash, and marks the erased-user markers
// written before it (unkeyed sha256 of the id, which cannot be re-keyed without the ids) as `legacy`; `down`
// drops it all again.
import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../connection';
import { pgliteMigratedBefore } from '../../test/databases';

const NAME = '0028_keyed_limits_and_token_generations';

describe(`migration ${NAME}`, () => {
  let handle: DatabaseHandle;
  let migrator: Migrator;
  beforeAll(async () => {
    ({ handle, migrator } = await pgliteMigratedBefore(NAME));
  });
  afterAll(() => handle.close());

  const tables = async () =>
    (
      await sql<{ table_name: string }>`select table_name from information_schema.tables
        where table_name in ('erased_limits', 'token_generations', 'sign_in_limits', 'share_picture_readings')`.execute(handle.db)
    ).rows
      .map((r) => r.table_name)
      .sort();

  it('up marks the markers already there as legacy (new ones are not) and adds the tables; down drops them', async () => {
    await sql`insert into erased_users (id_hash, trial_used) values ('old-unkeyed', true)`.execute(handle.db);
    expect((await migrator.migrateTo(NAME)).error).toBeUndefined();
    await sql`insert into erased_users (id_hash) values ('new-keyed')`.execute(handle.db);
    const rows = await sql<{ id_hash: string; legacy: boolean }>`select id_hash, legacy from erased_users order by id_hash`.execute(
      handle.db,
    );
    expect(rows.rows).toEqual([
      { id_hash: 'new-keyed', legacy: false },
      { id_hash: 'old-unkeyed', legacy: true },
    ]);
    expect(await tables()).toEqual(['erased_limits', 'share_picture_readings', 'sign_in_limits', 'token_generations']);
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await tables()).toEqual([]);
  });
});
