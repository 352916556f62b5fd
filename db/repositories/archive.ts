// The reading archive: a user's readings newest first, optionally only those since a date, matching a piece
// of the question or holding one of some cards. Plain functions over `db | trx`.
import { sql } from 'kysely';
import type { Reading } from '../schema';
import { ownNoteColumn } from './journal';
import type { Queryable } from '../connection';

export interface ArchiveFilter {
  userId: number;
  /** Only readings made at or after this moment (the non-VIP window); none: all of them. */
  since?: Date;
  /** A piece of the question, matched case-insensitively. */
  text?: string;
  /** Readings holding any of these cards. */
  cardIds?: string[];
}

/** `%`, `_` and `\` in the user's text match themselves. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

function filtered(db: Queryable, f: ArchiveFilter) {
  let q = db.selectFrom('readings').where('user_id', '=', f.userId);
  if (f.since) q = q.where('created_at', '>=', f.since);
  if (f.text) q = q.where(sql<boolean>`question ilike ${likePattern(f.text)}`);
  if (f.cardIds) {
    const ids = f.cardIds;
    if (!ids.length) q = q.where(sql<boolean>`false`);
    else q = q.where((eb) => eb.or(ids.map((id) => eb(sql`cards`, '@>', sql`${JSON.stringify([{ cardId: id }])}::jsonb`))));
  }
  return q;
}

export async function searchReadings(
  db: Queryable,
  f: ArchiveFilter,
  limit: number,
  offset: number,
): Promise<(Reading & { note: string | null })[]> {
  return filtered(db, f).selectAll('readings').select(ownNoteColumn(f.userId)).orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countMatching(db: Queryable, f: ArchiveFilter): Promise<number> {
  const row = await filtered(db, f).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

/** Readings older than `before` (what VIP would open for a non-VIP user). */
export async function countOlder(db: Queryable, userId: number, before: Date): Promise<number> {
  const row = await db
    .selectFrom('readings')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '<', before)
    .executeTakeFirstOrThrow();
  return row.n;
}
