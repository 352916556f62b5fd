// The shared read-back of a YooKassa id: callers share reads, one id is read at most once per gap (2 s unless
// YooKassaSettings.readBackGapMs says otherwise), and a final answer is reused. On fake timers: the gap is
// crossed by moving the clock, not by waiting.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { READ_BACK_GAP_MS, sharedReader } from './yookassa-readback';

describe('sharedReader', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A reader over a counted read; `final` answers are kept. */
  function reader(gapMs?: number) {
    const reads: string[] = [];
    let answer = 'pending';
    const get = sharedReader(
      async (id: string) => {
        reads.push(id);
        return `${answer}#${reads.length}`;
      },
      (o) => o.ok && o.value.startsWith('succeeded'),
      { gapMs, now: () => Date.now() },
    );
    return { get, reads, setAnswer: (a: string) => (answer = a) };
  }

  /** Whether `p` has settled once the microtasks ran (the clock does not move). */
  async function settled(p: Promise<unknown>) {
    let done = false;
    void p.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    return done;
  }

  it('by default one id is read at most once per 2 s: later callers share the next read, 2 s after the last began', async () => {
    expect(READ_BACK_GAP_MS).toBe(2_000);
    const r = reader();
    expect(await r.get('p1')).toBe('pending#1');
    // Arriving after that read began, three callers wait for one read that starts when the gap is over.
    const later = [r.get('p1'), r.get('p1'), r.get('p1')];
    expect(later[1]).toBe(later[0]);
    expect(later[2]).toBe(later[0]);
    expect(await settled(later[0])).toBe(false);
    await vi.advanceTimersByTimeAsync(1_998);
    expect(r.reads).toHaveLength(1);
    expect(await settled(later[0])).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(r.reads).toHaveLength(2);
    expect(await Promise.all(later)).toEqual(['pending#2', 'pending#2', 'pending#2']);
    // Another id has its own gap.
    expect(await r.get('p2')).toBe('pending#3');
  });

  it('callers arriving while a read is under way share the one after it (it may have missed their news)', async () => {
    const r = reader();
    const first = r.get('p1');
    const second = r.get('p1');
    expect(second).not.toBe(first);
    expect(r.get('p1')).toBe(second);
    expect(await first).toBe('pending#1');
    await vi.advanceTimersByTimeAsync(READ_BACK_GAP_MS);
    expect(await second).toBe('pending#2');
    expect(r.reads).toEqual(['p1', 'p1']);
  });

  it('the gap is a setting: with 20 ms the next read starts 20 ms after the last began', async () => {
    const r = reader(20);
    expect(await r.get('p1')).toBe('pending#1');
    const next = r.get('p1');
    await vi.advanceTimersByTimeAsync(19);
    expect(r.reads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await next).toBe('pending#2');
  });

  it('a final answer is reused without reading again', async () => {
    const r = reader(20);
    r.setAnswer('succeeded');
    expect(await r.get('p1')).toBe('succeeded#1');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await r.get('p1')).toBe('succeeded#1');
    expect(r.reads).toHaveLength(1);
  });
});
