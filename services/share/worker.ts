// The share pictures' worker thread: draws one picture per message, so the drawing (a few hundred ms of CPU
// each) never holds the server's event loop. Started by pool.ts; its own esbuild entry in the built server.
import { parentPort } from 'node:worker_threads';
import type { PictureJob } from './picture';
import { renderSpreadPicture } from './render';

/** A job as posted by the pool. */
export interface WorkerRequest extends PictureJob {
  id: number;
}
export type WorkerAnswer = { id: number; jpeg: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('services/share/worker.ts runs as a worker thread');
port.on('message', (job: WorkerRequest) => {
  renderSpreadPicture(job.picture, job.format, job.deck).then(
    (jpeg) => port.postMessage({ id: job.id, jpeg } satisfies WorkerAnswer),
    (err: unknown) => port.postMessage({ id: job.id, error: String((err as Error)?.stack ?? err) } satisfies WorkerAnswer),
  );
});
