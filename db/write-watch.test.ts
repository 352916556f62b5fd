import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/databases';
import type { DatabaseHandle } from './connection';
import { findUsersWithLatestUsage } from './repositories/users';
import { mayWrite, writeWatchOf } from './write-watch';

describe('write watch', () => {
  it('tells reads from statements that may write', () => {
    expect(mayWrite('select * from users where id = $1')).toBe(false);
    expect(mayWrite('  SELECT 1')).toBe(false);
    expect(mayWrite('begin')).toBe(false);
    expect(mayWrite('/* prepared: user_status */ select * from users')).toBe(false);
    expect(mayWrite('/* a comment */ update users set a = 1')).toBe(true);
    expect(mayWrite('savepoint "a"')).toBe(false);
    for (const q of [
      'commit',
      'rollback',
      'rollback to "a"',
      'insert into users …',
      'update users set …',
      'delete from users',
      'with x as (update t set a = 1 returning *) select * from x',
      'select nextval($1)',
      'select * from t for update',
    ])
      expect(mayWrite(q), q).toBe(true);
  });

  describe('on PGlite', () => {
    let h: DatabaseHandle;
    beforeAll(async () => {
      h = await createTestDatabase('pglite');
    });
    afterAll(() => h.close());

    it('moves on every write, commit and rollback, and not on reads', async () => {
      const watch = writeWatchOf(h.db)!;
      expect(watch).toBeDefined();
      let g = watch.generation();
      await h.db.selectFrom('users').selectAll().execute();
      expect(watch.generation()).toBe(g);
      await h.db.insertInto('users').values({ id: 1, first_name: 'А', time_zone: 'Europe/Moscow' }).execute();
      expect(watch.generation()).toBeGreaterThan(g);
      g = watch.generation();
      // Inside a transaction: a read only, yet the commit counts (another connection's writes end there).
      await h.db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').selectAll().execute();
      });
      expect(watch.generation()).toBeGreaterThan(g);
      g = watch.generation();
      await h.db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('users').set({ first_name: 'Б' }).where('id', '=', 1).execute();
          throw new Error('rolled back');
        })
        .catch(() => {});
      expect(watch.generation()).toBeGreaterThan(g);
      g = watch.generation();
      await sql`select 1`.execute(h.db);
      expect(watch.generation()).toBe(g);
      // The status read (a marked, prepared statement) is a read.
      await findUsersWithLatestUsage(h.db, [1]);
      expect(watch.generation()).toBe(g);
      // A failed write counts too.
      await h.db
        .insertInto('users')
        .values({ id: 1, first_name: 'А', time_zone: 'Europe/Moscow' })
        .execute()
        .catch(() => {});
      expect(watch.generation()).toBeGreaterThan(g);
    });
  });
});
