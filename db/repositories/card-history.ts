// «В ваших раскладах»: how often a card came in a user's readings (upright and reversed) and the latest
// readings it lay in. One statement each over the readings' jsonb cards. Plain functions over `db | trx`.
import { sql } from 'kysely';
import type { Orientation } from '../../domain/types';
import type { Queryable } from '../connection';

export interface CardCounts {
  count: number;
  upright: number;
  reversed: number;
}

export async function cardCounts(db: Queryable, userId: number, cardId: string): Promise<CardCounts> {
  const r = await sql<CardCounts>`
    select count(*)::int as count,
           (count(*) filter (where e->>'orientation' = 'reversed'))::int as reversed,
           (count(*) filter (where e->>'orientation' is distinct from 'reversed'))::int as upright
    from readings r cross join lateral jsonb_array_elements(r.cards) as e
    where r.user_id = ${userId} and e->>'cardId' = ${cardId}`.execute(db);
  return r.rows[0] ?? { count: 0, upright: 0, reversed: 0 };
}

export interface CardAppearance {
  readingId: number;
  spreadType: string;
  question: string;
  createdAt: Date;
  firstMonth: number | null;
  position: number;
  orientation: Orientation;
}

/** The latest readings holding the card, newest first (a reading once, at the card's first place in it). */
export async function cardAppearances(
  db: Queryable,
  userId: number,
  cardId: string,
  o: { since?: Date; limit: number },
): Promise<CardAppearance[]> {
  const since = o.since ? sql`and r.created_at >= ${o.since}` : sql``;
  const r = await sql<{
    id: number | string;
    spread_type: string;
    question: string;
    created_at: Date;
    first_month: number | null;
    position: number;
    orientation: string;
  }>`
    select distinct on (r.id) r.id, r.spread_type, r.question, r.created_at, r.first_month,
           coalesce((e->>'position')::int, 0) as position, e->>'orientation' as orientation
    from readings r cross join lateral jsonb_array_elements(r.cards) as e
    where r.user_id = ${userId} and e->>'cardId' = ${cardId} ${since}
    order by r.id desc, position
    limit ${o.limit}`.execute(db);
  return r.rows.map((row) => ({
    readingId: Number(row.id),
    spreadType: row.spread_type,
    question: row.question,
    createdAt: new Date(row.created_at),
    firstMonth: row.first_month,
    position: row.position,
    orientation: row.orientation === 'reversed' ? 'reversed' : 'upright',
  }));
}

/** Readings holding the card made before `before` (those the archive window hides). */
export async function readingsWithCardBefore(db: Queryable, userId: number, cardId: string, before: Date): Promise<number> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from readings
    where user_id = ${userId} and created_at < ${before} and cards @> ${JSON.stringify([{ cardId }])}::jsonb`.execute(db);
  return r.rows[0]?.n ?? 0;
}
