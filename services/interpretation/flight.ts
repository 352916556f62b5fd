// Flights: one AI text in progress in this process (a reading's interpretation, a follow-up's answer), shared
// by every request for it. A session is one request's view of a flight (or of a finished text): its events,
// or its final result. The claim in the database that decides which instance writes is short and renewed by
// a heartbeat while it writes, so a process that died mid-stream blocks the text for seconds only.
import { ServiceError } from '../errors';
import type { InterpretationResult } from './result';

/** How long a claim lasts without its heartbeat, and how often the writing instance renews it. */
export const LEASE_MS = 10_000;
export const HEARTBEAT_MS = 3_000;

type Delta = { type: 'delta'; text: string };
/** What a stream carries before its end: text, and (follow-ups) «start over» when the AI failed mid-way. */
type Piece = Delta | { type: 'reset' };
type Outcome<R> = { ok: true; result: R } | { ok: false; error: unknown };
type FlightEvent<R, P> = P | { type: 'end'; outcome: Outcome<R> };
export type SessionEvent<R, P extends Piece = Delta> = P | { type: 'done'; result: R } | { type: 'error'; error: unknown };

export class Flight<R = InterpretationResult, P extends Piece = Delta> {
  text = '';
  listeners = new Set<(e: FlightEvent<R, P>) => void>();
  outcome: Outcome<R> | null = null;
  subscribers = 0;
  readonly abort = new AbortController();
  readonly ready: Promise<void>;
  private readyState: 'pending' | 'done' = 'pending';
  private resolveReady!: () => void;
  private rejectReady!: (err: unknown) => void;

  /** `id`: the reading's (or the follow-up's) id. */
  constructor(readonly id: number) {
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {}); // observed by open(); never an unhandled rejection
  }

  /** The call goes ahead (claimed, or waiting for another instance): the caller may start streaming. */
  markReady() {
    if (this.readyState === 'done') return;
    this.readyState = 'done';
    this.resolveReady();
  }

  private emit(e: FlightEvent<R, P>) {
    for (const l of this.listeners) l(e);
  }

  push(text: string) {
    this.text += text;
    this.emit({ type: 'delta', text } as P);
  }

  /** What was streamed is void (the AI failed mid-way); what is pushed next replaces it. */
  reset(this: Flight<R, Piece>) {
    this.text = '';
    this.emit({ type: 'reset' });
  }

  settle(outcome: Outcome<R>) {
    if (this.outcome) return;
    this.outcome = outcome;
    if (this.readyState === 'pending') {
      this.readyState = 'done';
      if (outcome.ok) this.resolveReady();
      else this.rejectReady(outcome.error);
    }
    for (const l of [...this.listeners]) l({ type: 'end', outcome });
    this.listeners.clear();
  }
}

/** One request's view of a flight: its events, or its final result. */
export interface Session<R, P extends Piece = Delta> {
  /** The stored result when the text was already written (no provider call was made). */
  readonly finished: R | null;
  /** Pieces in order, then one done (or error). Ending the iteration early closes the session. */
  events(): AsyncGenerator<SessionEvent<R, P>>;
  /** Waits for the end; throws the error of a failed call. */
  result(): Promise<R>;
  /** The caller went away; when nobody else waits, the flight's `onIdle` runs. */
  close(): void;
}

export type InterpretationSession = Session<InterpretationResult>;

export function finishedSession(result: InterpretationResult): InterpretationSession {
  return {
    finished: result,
    async *events() {
      yield { type: 'delta', text: result.interpretation };
      yield { type: 'done', result };
    },
    result: async () => result,
    close() {},
  };
}

function outcomeEvent<R>(o: Outcome<R>): SessionEvent<R, never> {
  return o.ok ? { type: 'done', result: o.result } : { type: 'error', error: o.error };
}

/**
 * Joins a flight: what was streamed before this request joined, then everything after it. `onIdle` runs when
 * the last subscriber goes away (the interpretation cancels the provider request then).
 */
export function subscribe<R, P extends Piece = Delta>(f: Flight<R, P>, onIdle: (f: Flight<R, P>) => void): Session<R, P> {
  f.subscribers++;
  let closed = false;
  let wake: (() => void) | null = null;
  const close = () => {
    if (closed) return;
    closed = true;
    f.subscribers--;
    if (f.subscribers === 0) onIdle(f);
    wake?.();
  };
  const session: Session<R, P> = {
    finished: null,
    async *events() {
      const queue: FlightEvent<R, P>[] = [];
      const listener = (e: FlightEvent<R, P>) => {
        queue.push(e);
        wake?.();
      };
      // What was streamed before this request joined, then everything after it.
      if (f.text) queue.push({ type: 'delta', text: f.text } as P);
      if (f.outcome) queue.push({ type: 'end', outcome: f.outcome });
      else f.listeners.add(listener);
      try {
        for (;;) {
          while (queue.length) {
            const e = queue.shift()!;
            if (e.type !== 'end') yield e as P;
            else {
              yield outcomeEvent(e.outcome);
              return;
            }
          }
          if (closed) return;
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
        }
      } finally {
        f.listeners.delete(listener);
        close();
      }
    },
    async result() {
      for await (const e of session.events()) {
        if (e.type === 'done') return e.result;
        if (e.type === 'error') throw e.error;
      }
      throw new ServiceError('conflict', 'Запрос отменён');
    },
    close,
  };
  return session;
}

/** Waits `ms`, or less when `signal` fires. */
export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
