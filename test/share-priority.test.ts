// The share pictures' drawing thread at the lowest priority (Linux) while the caller's thread keeps its own. In
// the process project, not beside services/share/pool.test.ts: the unit project runs its files as threads of one
// process, where another file's pictures are drawn at the same moment and their niced threads cannot be told from
// this pool's (under `npm run test:stress` one was counted as this one's). Here the file has its process alone.
import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { cardJob } from '../services/share/card-job';
import { createPicturePool } from '../services/share/pool';

const job = cardJob();

/** The nice value of each thread of this process (Linux: /proc keeps it per thread), by thread id. */
function niceByThread(): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      // Field 19 of stat, counted after the command's closing parenthesis (the name may hold spaces).
      out.set(tid, Number(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]));
    } catch {
      // The thread ended while being read.
    }
  }
  return out;
}
const ownNice = () => Number(fs.readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ')[16]);

describe('share picture pool priority', () => {
  it.runIf(process.platform === 'linux')(
    'draws at the lowest priority: the drawing thread is niced to 19, the calling thread keeps its own',
    async () => {
      const before = ownNice();
      const niced = () => [...niceByThread()].filter(([, nice]) => nice === 19).map(([tid]) => tid);
      const already = new Set(niced());
      const pool = createPicturePool({ idleMs: 60_000 });
      try {
        await pool.admit(1).draw(job);
        // The worker stays alive (idle) after its picture: one more thread at 19, this one's unchanged.
        const mine = niced().filter((tid) => !already.has(tid));
        expect(mine).toHaveLength(1);
        expect(ownNice()).toBe(before);
        await pool.close();
        await vi.waitFor(() => expect(niceByThread().has(mine[0])).toBe(false), { timeout: 5_000, interval: 20 });
      } finally {
        await pool.close();
      }
    },
    60_000,
  );
});
