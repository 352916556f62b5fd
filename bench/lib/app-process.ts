// The whole app as `npm start` runs it (main.ts's run(): configuration from the environment, local mode
// without BOT_TOKEN), in a process of its own for the load and memory benches: this process is the app, so
// its RSS is read from /proc/<pid>. On SIGUSR2 it prints {"memoryUsage": …, "afterGc": …} on stdout: its
// process.memoryUsage() as it is, and after a full garbage collection when started with --expose-gc (what
// the heap really holds, as against garbage not collected yet).
import { run } from '../../main';

process.on('SIGUSR2', () => {
  const memoryUsage = process.memoryUsage();
  const gc = (globalThis as { gc?: () => void }).gc;
  let afterGc: NodeJS.MemoryUsage | null = null;
  if (gc) {
    gc();
    afterGc = process.memoryUsage();
  }
  process.stdout.write(`${JSON.stringify({ memoryUsage, afterGc })}\n`);
});

await run();
