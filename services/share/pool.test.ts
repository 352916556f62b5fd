// The share pictures' worker pool: a picture drawn in a worker thread (a JPEG of the stated size), a worker
// that exits when idle, a failed drawing that leaves the worker serving, no more drawn at once than there are workers, one
// user's pictures waiting in their line while another user's is drawn in turn, and the bounds: a user's line
// and the process's places (a user takes at most a couple), each refused with 429, Retry-After and a Russian
// message.
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../errors';
import { cardJob } from './card-job';
import { createPicturePool } from './pool';

function refusal(fn: () => unknown): ServiceError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error('not refused');
}

describe('share picture pool', () => {
  it('draws in a worker thread, which exits once idle; a failed drawing leaves it serving', async () => {
    const pool = createPicturePool({ idleMs: 100 });
    try {
      await expect(pool.admit(1).draw(cardJob('no-such-card'))).rejects.toThrow(/unknown card no-such-card/);
      const jpeg = await pool.admit(1).draw(cardJob());
      expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      const img = await loadImage(jpeg);
      expect([img.width, img.height]).toEqual([1200, 630]);
      expect(pool.stats().workers).toBe(1);
      await vi.waitFor(() => expect(pool.stats().workers).toBe(0), { timeout: 5_000, interval: 20 });
      // A new worker starts for the next picture.
      expect((await pool.admit(2).draw(cardJob())).equals(jpeg)).toBe(true);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('draws no more at once than it has workers, and one user’s pictures wait while another user’s is drawn next', async () => {
    // Two workers: user 1's six at once are two drawn and four waiting.
    const two = createPicturePool({ workers: 2, perUser: 2, perUserLine: 8 });
    try {
      const all = [1, 2, 3, 4, 5, 6].map(() => two.admit(1).draw(cardJob()));
      expect(two.stats()).toEqual({ workers: 2, queued: 4 });
      await Promise.all(all);
    } finally {
      await two.close();
    }
    // One worker (the order it draws in is the order they finish): user 2 asks for one after user 1's six.
    const one = createPicturePool({ workers: 1, perUser: 2, perUserLine: 8 });
    try {
      const done: string[] = [];
      const draw = (userId: number, n: number) =>
        one
          .admit(userId)
          .draw(cardJob(userId === 1 ? 'magician' : 'fool'))
          .then(() => done.push(`${userId}.${n}`));
      const all = [1, 2, 3, 4, 5, 6].map((n) => draw(1, n));
      all.push(draw(2, 1));
      expect(one.stats()).toEqual({ workers: 1, queued: 6 });
      await Promise.all(all);
      // User 2's picture is drawn right after the one drawing when it came, not after user 1's whole line.
      expect(done).toEqual(['1.1', '2.1', '1.2', '1.3', '1.4', '1.5', '1.6']);
    } finally {
      await one.close();
    }
  }, 60_000);

  it('refuses past a user’s line and past the process’s places, with Retry-After; a user takes at most two places; a released one is free again', () => {
    const pool = createPicturePool({ workers: 1, maxQueue: 2, perUser: 2, perUserLine: 3 });
    // User 1: two places and three in the line.
    const mine1 = [1, 2, 3, 4, 5].map(() => pool.admit(1));
    const mine = refusal(() => pool.admit(1));
    expect(mine.code).toBe('limit_reached');
    expect(mine.message).toMatch(/^Ваши картинки ещё рисуются\. Попробуйте через \d+ секунд/);
    expect(mine.details?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // User 1's line takes none of the process's places: user 2 gets the last of three.
    pool.admit(2);
    const full = refusal(() => pool.admit(3));
    expect(full.message).toMatch(/^Сейчас рисуется много картинок\. Попробуйте через \d+ секунд/);
    // One of user 1's five given back: four left, still two places.
    mine1[0].release();
    expect(refusal(() => pool.admit(3)).message).toMatch(/^Сейчас рисуется много картинок/);
    mine1[1].release();
    mine1[2].release();
    mine1[3].release();
    expect(() => pool.admit(3)).not.toThrow();
  });

  it('refuses past a user’s pictures in flight and past the queue, with Retry-After; a released place is free again', () => {
    const pool = createPicturePool({ workers: 1, maxQueue: 2, perUser: 2, perUserLine: 0 });
    const a1 = pool.admit(1);
    pool.admit(1);
    const mine = refusal(() => pool.admit(1));
    expect(mine.code).toBe('limit_reached');
    expect(mine.message).toMatch(/^Ваши картинки ещё рисуются\. Попробуйте через \d+ секунд/);
    expect(mine.details?.retryAfterSeconds).toBeGreaterThanOrEqual(1);

    pool.admit(2);
    const full = refusal(() => pool.admit(3));
    expect(full.code).toBe('limit_reached');
    expect(full.message).toMatch(/^Сейчас рисуется много картинок\. Попробуйте через \d+ секунд/);
    expect(full.details?.retryAfterSeconds).toBeGreaterThanOrEqual(1);

    a1.release();
    a1.release();
    expect(() => pool.admit(3)).not.toThrow();
    expect(refusal(() => pool.admit(4)).message).toMatch(/^Сейчас рисуется много картинок/);
  });
});
