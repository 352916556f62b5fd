// The share pictures' worker pool: a picture drawn in a worker thread (a JPEG of the stated size), a worker
// that exits when idle, a failed drawing that leaves the worker serving, and the bounds: a user's pictures in
// flight and the process's queue, each refused with 429, Retry-After and a Russian message.
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../errors';
import type { PictureJob } from './picture';
import { createPicturePool } from './pool';

const job = (cardId = 'magician'): PictureJob => ({
  format: 'card',
  deck: 'rws',
  picture: {
    spreadName: 'Расклад дня',
    layout: 'rows',
    question: null,
    summary: 'Вот как легли карты.',
    cards: [{ cardId, name: 'Маг', reversed: false, positionName: 'Карта дня' }],
  },
});

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
      await expect(pool.admit(1).draw(job('no-such-card'))).rejects.toThrow(/unknown card no-such-card/);
      const jpeg = await pool.admit(1).draw(job());
      expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      const img = await loadImage(jpeg);
      expect([img.width, img.height]).toEqual([1200, 630]);
      expect(pool.stats().workers).toBe(1);
      await vi.waitFor(() => expect(pool.stats().workers).toBe(0), { timeout: 5_000, interval: 20 });
      // A new worker starts for the next picture.
      expect((await pool.admit(2).draw(job())).equals(jpeg)).toBe(true);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('refuses past a user’s pictures in flight and past the queue, with Retry-After; a released place is free again', () => {
    const pool = createPicturePool({ workers: 1, maxQueue: 2, perUser: 2 });
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
