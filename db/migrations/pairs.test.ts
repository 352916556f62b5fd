// Migration 0024 moves every reading's note into reading_notes with its author (the reading's owner) and drops
// the old columns; `down` puts the owners' notes back.
import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../connection';
import { pgliteMigratedBefore } from '../../test/databases';

describe('migration 0024_pairs', () => {
  let handle: DatabaseHandle;
  let migrator: Migrator;
  beforeAll(async () => {
    ({ handle, migrator } = await pgliteMigratedBefore('0024_pairs'));
    await sql`insert into users (id, first_name, time_zone) values (1, 'Анна', 'Europe/Moscow'), (2, 'Борис', 'Europe/Moscow')`.execute(
      handle.db,
    );
    await sql`insert into readings (user_id, spread_type, question, cards, level, status, note, note_updated_at)
              values (1, 'free_daily', 'Что ждёт?', '[]', 'basic', 'done', 'Сбылось', '2026-01-02T03:04:05Z'),
                     (2, 'free_daily', 'А меня?', '[]', 'basic', 'done', null, null)`.execute(handle.db);
  });
  afterAll(() => handle.close());

  const columns = async () =>
    (
      await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'readings'`.execute(
        handle.db,
      )
    ).rows.map((r) => r.column_name);

  it('notes move to their own table with their author; down brings them back', async () => {
    expect((await migrator.migrateTo('0024_pairs')).error).toBeUndefined();
    const notes = await sql<{
      user_id: number;
      note: string;
      updated_at: Date;
    }>`select n.user_id, n.note, n.updated_at from reading_notes n`.execute(handle.db);
    expect(notes.rows.map((r) => ({ user: Number(r.user_id), note: r.note, at: new Date(r.updated_at).toISOString() }))).toEqual([
      { user: 1, note: 'Сбылось', at: '2026-01-02T03:04:05.000Z' },
    ]);
    expect(await columns()).not.toContain('note');
    expect(await columns()).toContain('pair_id');
    expect((await migrator.migrateDown()).error).toBeUndefined();
    const back = await sql<{ user_id: number; note: string | null }>`select user_id, note from readings order by user_id`.execute(
      handle.db,
    );
    expect(back.rows.map((r) => [Number(r.user_id), r.note])).toEqual([
      [1, 'Сбылось'],
      [2, null],
    ]);
    expect(await columns()).not.toContain('pair_id');
  });
});
