// The share pictures are drawn in worker threads, never on the event loop: a drawing takes some 70 ms of CPU
// (more on a busy machine), and twenty at once held every other request for seconds. The workers start when
// the first picture is asked for, draw at the lowest priority (worker.ts) and exit after a short idle time.
// Bounded per process: a user's pictures beyond a couple wait in the user's own line rather than being refused
// (a refused picture is asked again, and each ask costs its database reads on the event loop: forty asked every
// second held another user's status call for 0.2–0.5 s), and are drawn in turn with everyone else's, so one
// account never holds the workers while others wait. Past the user's line or the process's queue, 429 with
// Retry-After.
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { formatDurationWords } from '../../domain/text/time';
import { ServiceError } from '../errors';
import type { PictureJob } from './picture';
import type { WorkerAnswer, WorkerRequest } from './worker';

/** Set by scripts/server-build.mjs: the worker's file in the built server, beside the bundle's chunks. */
declare const __SHARE_WORKER__: string | undefined;

export interface PoolOptions {
  /** Worker threads at most: one on two cores or fewer (the other core keeps answering), else two. */
  workers: number;
  /** Pictures that may wait beyond the ones being drawn (per process), counting at most `perUser` of each user. */
  maxQueue: number;
  /** Pictures of one user that count against the process's places (waiting or being drawn). */
  perUser: number;
  /** Pictures of one user waiting in the user's own line beyond those (per process); past it, 429. */
  perUserLine: number;
  /** A worker with nothing to draw exits after this long. */
  idleMs: number;
  /** A drawing that takes longer is abandoned and its worker ended. */
  timeoutMs: number;
}

export const POOL_DEFAULTS: PoolOptions = {
  workers: os.availableParallelism() <= 2 ? 1 : 2,
  maxQueue: 8,
  perUser: 2,
  // The hour's limit of pictures drawn (services/user-limits.ts): a user's whole hour fits in the line.
  perUserLine: 30,
  idleMs: 30_000,
  timeoutMs: 30_000,
};

/** One admitted picture: drawn once with draw(), or given back with release() when it is not drawn after all. */
export interface PoolTicket {
  draw(job: PictureJob): Promise<Buffer>;
  release(): void;
}

interface Queued {
  userId: number;
  job: PictureJob;
  resolve: (jpeg: Buffer) => void;
  reject: (err: unknown) => void;
}

interface Slot {
  worker: Worker;
  job: (Queued & { id: number; started: number; timer: NodeJS.Timeout }) | null;
  idle: NodeJS.Timeout | null;
}

function startWorker(): Worker {
  const o = { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 2 } };
  if (typeof __SHARE_WORKER__ === 'string') return new Worker(new URL(import.meta.resolve(`./${__SHARE_WORKER__}`)), o);
  // From the TypeScript sources (tsx, vitest): the thread compiles worker.ts with tsx's require hook.
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const entry = fileURLToPath(new URL('./worker.ts', import.meta.url));
  return new Worker(`require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)});`, { ...o, eval: true });
}

const seconds = (ms: number) => Math.min(60, Math.max(1, Math.ceil(ms / 1000)));

export function createPicturePool(options: Partial<PoolOptions> = {}) {
  const o = { ...POOL_DEFAULTS, ...options };
  const slots: Slot[] = [];
  const queue: Queued[] = [];
  /** Each user's admitted pictures (waiting for their limits, queued or being drawn). */
  const perUser = new Map<number, number>();
  /** The turn at which each user with pictures admitted last had one drawn: the next goes to the longest waiting. */
  const lastTurn = new Map<number, number>();
  /** Admitted pictures: waiting for their limits, queued or being drawn. */
  let admitted = 0;
  /** The process's places taken: each user's admitted pictures, at most `perUser` of them. */
  let places = 0;
  let seq = 0;
  let turns = 0;

  /** The queued picture to draw next: that of the user whose last turn is oldest (first come among equals). */
  function takeNext(): Queued {
    const turnOf = (q: Queued) => lastTurn.get(q.userId) ?? 0;
    let best = 0;
    for (let i = 1; i < queue.length; i++) if (turnOf(queue[i]) < turnOf(queue[best])) best = i;
    const [next] = queue.splice(best, 1);
    lastTurn.set(next.userId, ++turns);
    return next;
  }
  /** A running mean of a drawing's time, for Retry-After. */
  let drawMs = 400;

  function settle(slot: Slot): Queued | null {
    const running = slot.job;
    if (!running) return null;
    clearTimeout(running.timer);
    slot.job = null;
    return running;
  }

  function remove(slot: Slot, err: unknown) {
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
    if (slot.idle) clearTimeout(slot.idle);
    settle(slot)?.reject(err);
    pump();
  }

  function spawn(): Slot {
    const worker = startWorker();
    worker.unref();
    const slot: Slot = { worker, job: null, idle: null };
    worker.on('message', (m: WorkerAnswer) => {
      if (slot.job?.id !== m.id) return;
      drawMs = drawMs * 0.8 + (performance.now() - slot.job.started) * 0.2;
      const done = settle(slot)!;
      if ('jpeg' in m) done.resolve(Buffer.from(m.jpeg.buffer, m.jpeg.byteOffset, m.jpeg.byteLength));
      else done.reject(new Error(`share picture: ${m.error}`));
      pump();
    });
    worker.on('error', (err) => remove(slot, err));
    worker.on('exit', () => remove(slot, new ServiceError('unavailable', 'Не удалось нарисовать картинку. Попробуйте ещё раз.')));
    slots.push(slot);
    return slot;
  }

  function pump() {
    while (queue.length) {
      let slot = slots.find((s) => !s.job) ?? null;
      if (!slot && slots.length < o.workers) {
        try {
          slot = spawn();
        } catch (err) {
          // No thread could start (out of memory, or the worker's file is missing): nothing waiting can be drawn.
          for (const q of queue.splice(0)) q.reject(err);
          return;
        }
      }
      if (!slot) return;
      const next = takeNext();
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = null;
      const id = ++seq;
      const timer = setTimeout(() => void slot.worker.terminate(), o.timeoutMs).unref();
      slot.job = { ...next, id, started: performance.now(), timer };
      slot.worker.postMessage({ id, ...next.job } satisfies WorkerRequest);
    }
    for (const slot of slots) if (!slot.job && !slot.idle) slot.idle = setTimeout(() => void slot.worker.terminate(), o.idleMs).unref();
  }

  return {
    /**
     * Admits one picture of `userId`, or throws 429 (the user's line, or the process's places, are full)
     * with the seconds after which one is likely free.
     */
    admit(userId: number): PoolTicket {
      const mine = perUser.get(userId) ?? 0;
      if (mine >= o.perUser + o.perUserLine) {
        const wait = seconds((mine * drawMs) / o.workers);
        throw new ServiceError('limit_reached', `Ваши картинки ещё рисуются. Попробуйте через ${formatDurationWords(wait * 1000)}.`, {
          retryAfterSeconds: wait,
        });
      }
      if (places >= o.workers + o.maxQueue) {
        const wait = seconds((admitted * drawMs) / o.workers);
        throw new ServiceError('limit_reached', `Сейчас рисуется много картинок. Попробуйте через ${formatDurationWords(wait * 1000)}.`, {
          retryAfterSeconds: wait,
        });
      }
      admitted++;
      if (mine < o.perUser) places++;
      perUser.set(userId, mine + 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        admitted--;
        const left = (perUser.get(userId) ?? 1) - 1;
        if (left < o.perUser) places--;
        if (left > 0) perUser.set(userId, left);
        else {
          perUser.delete(userId);
          // Nothing of theirs left: the user starts afresh next time.
          lastTurn.delete(userId);
        }
      };
      return {
        release,
        draw: (job) =>
          new Promise<Buffer>((resolve, reject) => {
            queue.push({ userId, job, resolve, reject });
            pump();
          }).finally(release),
      };
    },

    /** Worker threads alive now, and pictures waiting for one. */
    stats: () => ({ workers: slots.length, queued: queue.length }),

    /** Ends the workers; pictures still waiting fail. */
    async close(): Promise<void> {
      for (const q of queue.splice(0)) q.reject(new ServiceError('unavailable', 'Сервис останавливается.'));
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}

export type PicturePool = ReturnType<typeof createPicturePool>;
