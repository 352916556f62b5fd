// The share pictures' worker thread: draws one picture per message, so the drawing (some 70 ms of CPU each,
// more on a busy machine) never holds the server's event loop. Started by pool.ts; its own esbuild entry in
// the built server.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { PictureJob } from './picture';
import { renderSpreadPicture } from './render';

/** A job as posted by the pool. */
export interface WorkerRequest extends PictureJob {
  id: number;
}
export type WorkerAnswer = { id: number; jpeg: Uint8Array } | { id: number; error: string };

/**
 * The drawing thread's nice value: the lowest priority, so on two cores the event loop (and the database) get
 * the CPU first and a picture waits. Linux keeps a nice value per thread, so this lowers this thread alone;
 * elsewhere it would lower the whole server, so it is left as it is.
 */
const WORKER_NICE = 19;
if (process.platform === 'linux') {
  try {
    os.setPriority(WORKER_NICE);
  } catch {
    // Not allowed here (a sandbox): the pictures are drawn at the server's own priority.
  }
}

const port = parentPort;
if (!port) throw new Error('services/share/worker.ts runs as a worker thread');
port.on('message', (job: WorkerRequest) => {
  renderSpreadPicture(job.picture, job.format, job.deck).then(
    (drawn) => {
      // Copied here (the canvas's buffer cannot be handed over) and handed over, not copied again on the event loop.
      const jpeg = new Uint8Array(drawn);
      port.postMessage({ id: job.id, jpeg } satisfies WorkerAnswer, [jpeg.buffer]);
    },
    (err: unknown) => port.postMessage({ id: job.id, error: String((err as Error)?.stack ?? err) } satisfies WorkerAnswer),
  );
});
