// Read-backs of one YooKassa payment (or refund) shared by everyone asking about it in this instance.
// A notification is not signed, so anyone who knows a payment id can send one; each must be checked by a
// read that started after it arrived (the payment may have just changed), but many callers share one read,
// and one id is read at most once per READ_BACK_GAP_MS: a flood for one id costs one call per gap and
// only waits, it is never refused, so the real confirmation and the owner's own check always get through.
// A final answer (succeeded, canceled, not found) is kept a while and answers at once. Per instance: two
// instances may each read an id once per gap, which is cheap; grants stay idempotent in the database.

/** The shortest gap between two read-backs of one id. */
export const READ_BACK_GAP_MS = 2_000;
/** How long a final answer is reused without asking YooKassa again. */
const FINAL_TTL_MS = 30_000;
/** Above this many ids kept, idle ones are dropped. */
const SWEEP_ABOVE = 1_000;

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

interface Slot<T> {
  lastStart: number;
  /** The read under way. */
  running?: Promise<T>;
  /** The read scheduled after it (not started yet): whoever arrives now can share it. */
  next?: Promise<T>;
  final?: { value: Promise<T>; until: number };
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
const noop = () => {};

/**
 * Wraps `read` so that concurrent and repeated callers for one id share reads: each caller gets the answer of
 * a read that started no earlier than the caller arrived, or a final answer. `gapMs`: READ_BACK_GAP_MS, but
 * for tests whose subject is not the gap.
 */
export function sharedReader<T>(
  read: (id: string) => Promise<T>,
  isFinal: (o: Outcome<T>) => boolean,
  gapMs = READ_BACK_GAP_MS,
  now: () => number = () => performance.now(),
) {
  const slots = new Map<string, Slot<T>>();
  let sweptAt = 0;

  function sweep(t: number) {
    if (slots.size <= SWEEP_ABOVE || t - sweptAt < gapMs) return;
    sweptAt = t;
    for (const [id, s] of slots) if (!s.running && !s.next && t - s.lastStart > gapMs && !(s.final && s.final.until > t)) slots.delete(id);
  }

  function start(id: string, s: Slot<T>): Promise<T> {
    s.lastStart = now();
    const p = read(id);
    s.running = p;
    const settle = (o: Outcome<T>) => {
      if (s.running === p) s.running = undefined;
      if (isFinal(o)) s.final = { value: p, until: now() + FINAL_TTL_MS };
    };
    p.then(
      (value) => settle({ ok: true, value }),
      (error) => settle({ ok: false, error }),
    );
    return p;
  }

  const finalAnswer = (s: Slot<T>) => (s.final && s.final.until > now() ? s.final.value : undefined);

  return function get(id: string): Promise<T> {
    const t = now();
    sweep(t);
    let s = slots.get(id);
    if (!s) slots.set(id, (s = { lastStart: -Infinity }));
    const known = finalAnswer(s);
    if (known) return known;
    if (s.next) return s.next;
    if (!s.running && t - s.lastStart >= gapMs) return start(id, s);
    // A read started before this caller arrived may have missed what the caller announces: wait for the
    // next one, after the one under way and the gap.
    const slot = s;
    const next = (slot.running ?? Promise.resolve())
      .then(noop, noop)
      .then(() => delay(slot.lastStart + gapMs - now()))
      .then(() => {
        slot.next = undefined;
        return finalAnswer(slot) ?? start(id, slot);
      });
    slot.next = next;
    return next;
  };
}
