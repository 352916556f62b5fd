// Child processes for the benches: each in its own process group (so `npm`'s and `tsx`'s children go too),
// output forwarded to stderr, and every group still alive killed when the bench process exits.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import net from 'node:net';

const live = new Set<number>();

function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
}

process.on('exit', () => {
  for (const pid of live) killGroup(pid, 'SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Spawns a process group leader; its stdout/stderr go to our stderr unless `onStdout` takes stdout. */
export function spawnGroup(cmd: string, args: string[], opts: SpawnOptions & { onStdout?: (line: string) => void } = {}): ChildProcess {
  const child = spawn(cmd, args, { ...opts, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid) live.add(child.pid);
  child.stderr!.pipe(process.stderr, { end: false });
  if (opts.onStdout) {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let i;
      while ((i = buffered.indexOf('\n')) >= 0) {
        opts.onStdout!(buffered.slice(0, i));
        buffered = buffered.slice(i + 1);
      }
    });
  } else child.stdout!.pipe(process.stderr, { end: false });
  return child;
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (err: any) {
    return err.code === 'EPERM';
  }
}

/** SIGTERM to the whole group, then waits until every process of it is gone (SIGKILL after `graceMs`). */
export async function stopGroup(child: ChildProcess, graceMs = 15_000): Promise<void> {
  const pid = child.pid;
  if (!pid) return;
  killGroup(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  let killed = false;
  while (groupAlive(pid)) {
    if (!killed && Date.now() > deadline) {
      console.error(`process group ${pid} ignored SIGTERM for ${graceMs} ms: killing it`);
      killGroup(pid, 'SIGKILL');
      killed = true;
    }
    if (killed && Date.now() > deadline + 5_000) break; // only unreaped zombies can be left
    await sleep(20);
  }
  live.delete(pid);
}

/** A TCP port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}
