// A conversation on a finished reading: follow-up questions («Уточнить», services/follow-ups.ts) and second
// opinions («Второе мнение», services/second-opinions.ts) are one feature with two settings, the turn's prompt
// and its allowance (so many per reading, or so many per counting day). What they share is here: the
// allowance's shape, the transaction that accepts a turn once (the same turn asked again, a double tap, is
// that turn and takes nothing), the text written by the AI or else by the cards, and the answer told to
// whoever asks for it.
import type { Db, Queryable } from '../db/connection';
import { ProviderFailure } from './ai-provider';
import { ServiceError } from './errors';
import { type Flight, subscribe } from './interpretation/flight';

/** What a turn's writer reports as it goes: text, or «start over» (the AI failed mid-way). */
export type TurnEvent = { type: 'delta'; text: string } | { type: 'reset' };
export type OnTurnEvent = (e: TurnEvent) => void;

export interface TurnAllowance {
  limit: number;
  used: number;
  remaining: number;
  /** The plan has none (0): locked, with the offer of a plan. */
  locked: boolean;
}

export const turnAllowance = (limit: number, used: number): TurnAllowance => ({
  limit,
  used,
  remaining: Math.max(0, limit - used),
  locked: limit === 0,
});

/** One kind of turn inside the transaction that accepts it. `C`: what `open` read under its lock. */
interface TurnAcceptance<C, Row> {
  /** Locks what the allowance is counted under (the reading, or the user) and reads what the rest needs. */
  open(trx: Queryable): Promise<C>;
  /** The same turn asked before (the same question, the same voice), if any. */
  same(trx: Queryable, c: C): Promise<Row | undefined>;
  /** How much of the allowance is used before this turn. */
  used(c: C): number;
  limit: number;
  /** The 429 once the allowance is spent. */
  spent: string;
  /** Reserves the turn's AI call: inside the transaction, so only an accepted turn takes it. */
  takeSlot(trx: Queryable): Promise<void>;
  insert(trx: Queryable, c: C): Promise<Row>;
}

/**
 * Checks and counts a turn in one transaction (racing requests on any instance are counted once): the same
 * turn again is returned as `repeated` and counts nothing; over the allowance, 429 with the allowance.
 */
export async function acceptTurn<C, Row>(db: Db, a: TurnAcceptance<C, Row>) {
  const { row, repeated, used } = await db.transaction().execute(async (trx) => {
    const c = await a.open(trx);
    const same = await a.same(trx, c);
    const usedBefore = a.used(c);
    if (same) return { row: same, repeated: true, used: usedBefore };
    if (usedBefore >= a.limit)
      throw new ServiceError('limit_reached', a.spent, { allowance: { limit: a.limit, used: usedBefore, remaining: 0, locked: false } });
    await a.takeSlot(trx);
    return { row: await a.insert(trx, c), repeated: false, used: usedBefore + 1 };
  });
  return { row, repeated, allowance: turnAllowance(a.limit, used) };
}

/** How a turn's text is written: by the AI when there is one, else (or when it fails) by the cards. */
interface TurnWriter<R> {
  aiEnabled: boolean;
  ai(onDelta: (text: string) => void): Promise<string>;
  cards(): string;
  /** Stores the text: the AI's (`fromAi`), or the cards' with why the AI gave none. */
  store(text: string, fromAi: boolean, error: string | null): Promise<R>;
}

/** Writes the text into the flight as it comes and stores it; what the AI streamed before failing is reset. */
export async function writeTurn<V, R>(f: Flight<V, TurnEvent>, w: TurnWriter<R>): Promise<R> {
  if (w.aiEnabled) {
    try {
      const text = await w.ai((piece) => f.push(piece));
      return await w.store(text, true, null);
    } catch (err) {
      const error = err instanceof ProviderFailure ? err.message : 'Unknown error occurred';
      // What the screen showed so far is replaced by the card-based text.
      if (f.text) f.reset();
      const text = w.cards();
      f.push(text);
      return await w.store(text, false, error);
    }
  }
  const text = w.cards();
  f.push(text);
  return w.store(text, false, null);
}

/** The answer as the caller hears it: the text streamed so far and the rest, then the stored turn. */
export async function joinTurn<R>(f: Flight<R, TurnEvent>, emit: OnTurnEvent): Promise<R> {
  for await (const e of subscribe(f, () => {}).events()) {
    if (e.type === 'done') return e.result;
    if (e.type === 'error') throw e.error;
    emit(e);
  }
  throw new ServiceError('conflict', 'Запрос отменён');
}

/** A turn whose text is stored: told as one piece. */
export const toldAtOnce =
  <R>(text: string | null, result: () => R) =>
  async (emit: OnTurnEvent = () => {}): Promise<R> => {
    if (text) emit({ type: 'delta', text });
    return result();
  };
