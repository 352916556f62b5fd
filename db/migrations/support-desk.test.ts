// Migration 0018: support conversations are the user's data (deleted with the user), one live conversation
// per user, and `down` removes the tables (up again works).
import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../connection';
import { pgliteMigratedBefore } from '../../test/databases';

describe('migration 0017_support_desk', () => {
  let handle: DatabaseHandle;
  let migrator: Migrator;
  beforeAll(async () => {
    ({ handle, migrator } = await pgliteMigratedBefore('0017_support_desk'));
    const { error } = await migrator.migrateTo('0017_support_desk');
    if (error) throw error;
  });
  afterAll(() => handle.close());

  const tables = async () =>
    (
      await sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_name like 'support_%' order by 1`.execute(handle.db)
    ).rows.map((r) => r.name);

  it('keeps one live conversation per user, cascades from the user, and goes down and up', async () => {
    const db = handle.db;
    await sql`insert into users (id, first_name, time_zone) values (1, 'Анна', 'Europe/Moscow')`.execute(db);
    const c1 = (await sql<{ id: number }>`insert into support_conversations (user_id) values (1) returning id`.execute(db)).rows[0].id;
    await expect(sql`insert into support_conversations (user_id) values (1)`.execute(db)).rejects.toThrow();
    await sql`update support_conversations set status = 'closed' where id = ${c1}`.execute(db);
    const c2 = (await sql<{ id: number }>`insert into support_conversations (user_id) values (1) returning id`.execute(db)).rows[0].id;
    expect(Number(c2)).toBeGreaterThan(Number(c1));
    await sql`insert into support_messages (conversation_id, user_id, author, text) values (${c2}, 1, 'user', 'Нет доступа')`.execute(db);
    await sql`insert into support_relays (chat_id, message_id, conversation_id, user_id) values (-100, 5, ${c2}, 1)`.execute(db);

    await sql`delete from users where id = 1`.execute(db);
    for (const t of ['support_conversations', 'support_messages', 'support_relays'])
      expect((await sql<{ n: string }>`select count(*) as n from ${sql.table(t)}`.execute(db)).rows[0].n, t).toBe(0);

    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await tables()).toEqual([]);
    expect((await migrator.migrateTo('0017_support_desk')).error).toBeUndefined();
    expect(await tables()).toEqual(['support_conversations', 'support_messages', 'support_relays']);
  });
});
