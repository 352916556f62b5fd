// Readings: plain functions over `db | trx`.
import { sql } from 'kysely';
import type { Reading, ReadingLevel, ReadingStatus } from '../schema';
import type { DealtCard } from '../../domain/types';
import type { AboutPerson } from '../../domain/reading/about-person';
import type { CustomSpreadSnapshot } from '../../domain/tarot/custom-spreads';
import { ownNoteColumn } from './journal';
import type { Queryable } from '../connection';

export interface NewReading {
  userId: number;
  spreadType: string;
  question: string;
  cards: DealtCard[];
  level: ReadingLevel;
  status: ReadingStatus;
  interpretation?: string | null;
  chargedDay: string | null;
  firstMonth?: number | null;
  /** The pair this reading is asked for (readings for two). */
  pairId?: number | null;
  /** The app's clock (the archive window is measured on it); default now(). */
  createdAt?: Date;
  /** The user entered the cards from a physical deck («своя колода»). */
  ownDeck?: boolean;
  /** 0: the user turns the cards on the table one by one (recorded as they go); unset: all are shown. */
  turnedCount?: number | null;
  /** The saved person the question is about, as they are now (a snapshot). */
  person?: AboutPerson | null;
  /** The user's own spread it is laid in, as it is now (a snapshot). */
  customSpread?: CustomSpreadSnapshot | null;
}

const readingValues = (r: NewReading) => ({
  user_id: r.userId,
  spread_type: r.spreadType,
  question: r.question,
  cards: JSON.stringify(r.cards),
  level: r.level,
  status: r.status,
  interpretation: r.interpretation ?? null,
  charged_day: r.chargedDay,
  first_month: r.firstMonth ?? null,
  ...(r.turnedCount !== undefined ? { turned_count: r.turnedCount } : {}),
  ...(r.ownDeck ? { own_deck: true } : {}),
  ...(r.pairId ? { pair_id: r.pairId } : {}),
  ...(r.person ? { person: JSON.stringify(r.person) } : {}),
  ...(r.customSpread ? { custom_spread: JSON.stringify(r.customSpread) } : {}),
  ...(r.createdAt ? { created_at: r.createdAt } : {}),
});

export async function insertReading(db: Queryable, r: NewReading): Promise<Reading> {
  return db.insertInto('readings').values(readingValues(r)).returningAll().executeTakeFirstOrThrow();
}

/**
 * A reading asked for under a request key (a chat message that may be delivered again): undefined when this
 * user already has one under that key (a concurrent copy waits for the other's commit, then finds it).
 */
export async function insertKeyedReading(db: Queryable, r: NewReading, requestKey: string): Promise<Reading | undefined> {
  return db
    .insertInto('readings')
    .values({ ...readingValues(r), request_key: requestKey })
    .onConflict((oc) => oc.columns(['user_id', 'request_key']).where('request_key', 'is not', null).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The user's reading asked for under this request key, if any. */
export async function findReadingByRequestKey(db: Queryable, userId: number, requestKey: string): Promise<Reading | undefined> {
  return db.selectFrom('readings').selectAll().where('user_id', '=', userId).where('request_key', '=', requestKey).executeTakeFirst();
}

export async function findReading(db: Queryable, id: number): Promise<Reading | undefined> {
  return db.selectFrom('readings').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listReadings(
  db: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<(Reading & { note: string | null })[]> {
  return db
    .selectFrom('readings')
    .selectAll('readings')
    .select(ownNoteColumn(userId))
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countReadings(db: Queryable, userId: number): Promise<number> {
  const row = await db
    .selectFrom('readings')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** «Ask the AI again»: a card-based reading waits for the AI once more (its cards and charge unchanged). */
export async function reopenForAi(db: Queryable, id: number): Promise<void> {
  await db
    .updateTable('readings')
    .set({ status: 'dealt', ai_lease_id: null, ai_lease_until: null, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'fallback')
    .execute();
}

/**
 * Records that the first `turned` cards of a reading still on the table are turned. Only ever forward (a
 * repeated or late call changes nothing): a reading whose cards are all shown (null) or that was read stays.
 */
export async function recordTurned(db: Queryable, id: number, turned: number): Promise<void> {
  await db
    .updateTable('readings')
    .set({ turned_count: turned, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'dealt')
    .where('interpretation', 'is', null)
    .where('turned_count', '<', turned)
    .execute();
}

/** The interpretation reads the whole spread: every card of a table reading counts as turned from then on. */
export async function turnAll(db: Queryable, id: number, total: number): Promise<void> {
  await db.updateTable('readings').set({ turned_count: total }).where('id', '=', id).where('turned_count', '<', total).execute();
}

/**
 * The user's latest reading still on the table (dealt, some cards perhaps turned, never read) made since
 * `since`; not a pair's.
 */
export async function findInProgress(db: Queryable, userId: number, since: Date): Promise<Reading | undefined> {
  return db
    .selectFrom('readings')
    .selectAll()
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .where('status', '=', 'dealt')
    .where('interpretation', 'is', null)
    .where('turned_count', 'is not', null)
    .where('pair_id', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
