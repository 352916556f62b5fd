// Flights: one interpretation in progress in this process, shared by every request for that reading. A
// session is one request's view of a flight (or of a finished reading): its events, or its final result.
import { ServiceError } from '../errors';
import type { InterpretationEvent, InterpretationResult } from './result';

type Outcome = { ok: true; result: InterpretationResult } | { ok: false; error: unknown };
type FlightEvent = { type: 'delta'; text: string } | { type: 'end'; outcome: Outcome };

export class Flight {
  text = '';
  listeners = new Set<(e: FlightEvent) => void>();
  outcome: Outcome | null = null;
  subscribers = 0;
  readonly abort = new AbortController();
  readonly ready: Promise<void>;
  private readyState: 'pending' | 'done' = 'pending';
  private resolveReady!: () => void;
  private rejectReady!: (err: unknown) => void;

  constructor(readonly readingId: number) {
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

  push(text: string) {
    this.text += text;
    for (const l of this.listeners) l({ type: 'delta', text });
  }

  settle(outcome: Outcome) {
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

/** One request's view of an interpretation: its events, or its final result. */
export interface InterpretationSession {
  /** The stored result when the reading was already interpreted (no provider call was made). */
  readonly finished: InterpretationResult | null;
  /** delta events in order, then one done (or error). Ending the iteration early closes the session. */
  events(): AsyncGenerator<InterpretationEvent>;
  /** Waits for the end; throws the error of a failed call. */
  result(): Promise<InterpretationResult>;
  /** The caller went away; when nobody else waits, the provider request is cancelled. */
  close(): void;
}

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

function outcomeEvent(o: Outcome): InterpretationEvent {
  return o.ok ? { type: 'done', result: o.result } : { type: 'error', error: o.error };
}

/**
 * Joins a flight: what was streamed before this request joined, then everything after it. `onIdle` runs when
 * the last subscriber goes away (the caller cancels the provider request then).
 */
export function subscribe(f: Flight, onIdle: (f: Flight) => void): InterpretationSession {
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
  const session: InterpretationSession = {
    finished: null,
    async *events() {
      const queue: FlightEvent[] = [];
      const listener = (e: FlightEvent) => {
        queue.push(e);
        wake?.();
      };
      // What was streamed before this request joined, then everything after it.
      if (f.text) queue.push({ type: 'delta', text: f.text });
      if (f.outcome) queue.push({ type: 'end', outcome: f.outcome });
      else f.listeners.add(listener);
      try {
        for (;;) {
          while (queue.length) {
            const e = queue.shift()!;
            if (e.type === 'delta') yield e;
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
