// `npm start` as a user runs it: the compiled server (dist/server, built by esbuild when missing or stale)
// in local mode on a new data folder. Proves that the bundle builds and loads what a user reaches later
// (the share picture's worker thread and native canvas), and that answers over a real socket carry the security headers and
// the request id (served over a socket they are written on Node's response, not through Hono's headers).
// On PostgreSQL the server runs with that database's heap shape (scripts/node-flags.mjs) in a child that
// takes the signals given to `npm start`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_SUBFOLDER } from '../data-dir';
import { appNodeFlags } from '../scripts/node-flags.mjs';
import { freePort, spawnGroup, stopGroup, waitHealthy } from './app-process';
import { createPostgresDatabase } from './databases';

const ROOT = path.resolve(__dirname, '..');
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

describe('npm start (compiled server, local mode)', () => {
  let base: string;
  let child: ReturnType<typeof spawnGroup>;
  /** The temporary folder, and DATA_DIR inside it: not there yet, so the first start makes it and its database. */
  let tmp: string;
  let dataDir: string;
  const output: string[] = [];

  /** `npm start` in local mode on `dataDir`, at a free port (`base`). */
  async function npmStart() {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const { BOT_TOKEN, DATABASE_URL, ...env } = process.env;
    child = spawnGroup('npm', ['start'], {
      cwd: ROOT,
      env: { ...env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
      onOutput: (line) => output.push(line),
    });
  }

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'taro-npm-start-'));
    dataDir = path.join(tmp, 'nested', 'data');
    await npmStart();
    await waitHealthy(base, child, { name: 'npm start', timeoutMs: 240_000 }).catch((err) => {
      throw new Error(`${err.message}\n${output.slice(-30).join('\n')}`);
    });
  }, 300_000);

  afterAll(async () => {
    if (child) await stopGroup(child);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('runs the bundle, not a transpiler', () => {
    expect(fs.existsSync(path.join(ROOT, 'dist', 'server', 'start.js'))).toBe(true);
    expect(output.join('\n')).not.toMatch(/tsx/);
  });

  it('made the data folder it was given, with a new database in it, and holds its lock', () => {
    expect(fs.existsSync(path.join(dataDir, PGLITE_SUBFOLDER, 'PG_VERSION'))).toBe(true);
    expect(Number(fs.readFileSync(path.join(dataDir, 'app.lock'), 'utf8'))).toBeGreaterThan(0);
  });

  it('answers over the socket with the security headers of the API and of the pages, and a request id', async () => {
    const res = await fetch(`${base}/api/health`, { headers: { 'X-Request-Id': 'start-test-1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('start-test-1');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const page = await fetch(`${base}/`);
    expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self' https:\/\/web\.telegram\.org/);
    const generated = await fetch(`${base}/api/health`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  /** The reading drawn below, and who drew it: still there after a restart. */
  let readingId: number;
  let auth: Record<string, string>;

  it('a signed-in user draws a spread, reads it and gets its share picture', async () => {
    const launch = await fetch(`${base}/dev/launch?user=4242001&name=${encodeURIComponent('Вера')}`, { redirect: 'manual' });
    expect(launch.status).toBe(302);
    const initData = new URLSearchParams(new URL(launch.headers.get('location')!, base).hash.slice(1)).get('tgWebAppData');
    expect(initData).toBeTruthy();
    auth = { Authorization: `tma ${initData}` };

    const status = await (await fetch(`${base}/api/user/status`, { headers: auth })).json();
    expect(status.data.user.firstName).toBe('Вера');

    const created = await fetch(`${base}/api/readings`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ spreadType: 'free_daily', question: 'Что принесёт неделя?' }),
    });
    expect(created.status).toBe(201);
    const reading = (await created.json()).data;
    readingId = reading.id;
    const text = await fetch(`${base}/api/readings/${reading.id}/interpretation`, { headers: auth });
    expect(text.status).toBe(200);
    await text.arrayBuffer();

    const picture = await fetch(`${base}/api/readings/${reading.id}/image?format=card`, { headers: auth });
    expect(picture.status).toBe(200);
    // Drawn in the built server's worker thread (dist/server/share-worker.js).
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await picture.arrayBuffer()).subarray(0, 3)).toEqual(JPEG_MAGIC);
  });

  it('started again on the same folder, it takes the port before the app loads: the health check and the requests that came first are all answered', async () => {
    await stopGroup(child);
    await npmStart();
    // The first requests that reach the port: whatever answers them, none is refused or lost.
    const first = async (p: string) => {
      for (;;) {
        try {
          return await fetch(`${base}${p}`);
        } catch {
          await new Promise((r) => setTimeout(r, 10));
        }
      }
    };
    const [health, ready, page] = await Promise.all([first('/api/health'), first('/api/ready'), first('/')]);
    expect(health.status).toBe(200);
    expect(health.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    expect(await ready.json()).toMatchObject({ success: true });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="root"/);
    // What the first start wrote is kept.
    const kept = await fetch(`${base}/api/readings/${readingId}`, { headers: auth });
    expect(kept.status).toBe(200);
    expect((await kept.json()).data.question).toBe('Что принесёт неделя?');
  });

  it('a second `npm start` on the port the first holds says so in one line and exits 1, on a new folder and on an existing one', async () => {
    const port = new URL(base).port;
    for (const folder of ['fresh', 'again']) {
      const theirs = path.join(tmp, `second-${folder}`);
      // «again»: the folder holds a database, so the start takes the early path (the port before the app loads).
      if (folder === 'again') fs.cpSync(path.join(tmp, 'second-fresh'), theirs, { recursive: true });
      const lines: string[] = [];
      const { BOT_TOKEN, DATABASE_URL, ...env } = process.env;
      const second = spawnGroup('npm', ['start'], {
        cwd: ROOT,
        env: { ...env, DATA_DIR: theirs, PORT: port, LOG_LEVEL: 'warn' },
        onOutput: (line) => lines.push(line),
      });
      const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
      expect(code, lines.join('\n')).toBe(1);
      const said = lines.filter((l) => l.includes(`Port ${port}`));
      expect(said, lines.join('\n')).toHaveLength(1);
      expect(lines.join('\n')).not.toMatch(/EADDRINUSE|Uncaught|\n\s+at /);
    }
    // The first server never noticed.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  it('on an existing folder (the port taken before the configuration is read), a refused configuration is named in one line, the process exits 1 and the port is free again', async () => {
    const theirs = path.join(tmp, 'refused');
    fs.cpSync(path.join(tmp, 'second-fresh'), theirs, { recursive: true });
    const port = await freePort();
    const lines: string[] = [];
    const { BOT_TOKEN, DATABASE_URL, ...env } = process.env;
    const refused = spawnGroup('npm', ['start'], {
      cwd: ROOT,
      env: { ...env, DATA_DIR: theirs, PORT: String(port), LOG_LEVEL: 'loud' },
      onOutput: (line) => lines.push(line),
    });
    const code = await new Promise<number | null>((resolve) => refused.once('exit', resolve));
    expect(code, lines.join('\n')).toBe(1);
    expect(
      lines.filter((l) => l.startsWith('Invalid environment variable LOG_LEVEL')),
      lines.join('\n'),
    ).toHaveLength(1);
    expect(lines.join('\n')).not.toMatch(/Uncaught|\n\s+at /);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});

/** The processes of a group: pid, parent pid and command line. */
function groupProcesses(pgid: number): { pid: number; ppid: number; args: string[] }[] {
  const found: { pid: number; ppid: number; args: string[] }[] = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(fields[2]) !== pgid) continue;
      found.push({
        pid: Number(d),
        ppid: Number(fields[1]),
        args: fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0').filter(Boolean),
      });
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

describe('npm start heap shape', () => {
  it("package.json starts Node with the embedded database's shape from scripts/node-flags.mjs", () => {
    const start: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
    expect(start).toBe(`node ${appNodeFlags({}).join(' ')} scripts/start.mjs`);
    expect(appNodeFlags({ DATABASE_URL: 'postgres://x' })).not.toEqual(appNodeFlags({}));
  });

  const admin = process.env.TEST_DATABASE_URL;
  it.skipIf(!admin)(
    'on PostgreSQL the server runs in a child with the PostgreSQL shape; SIGTERM to npm start stops it cleanly',
    async () => {
      const database = await createPostgresDatabase(admin!, 'taro_npm_start');
      const port = await freePort();
      const output: string[] = [];
      const { BOT_TOKEN, DATA_DIR, ...env } = process.env;
      const child = spawnGroup('npm', ['start'], {
        cwd: ROOT,
        env: { ...env, DATABASE_URL: database.url, PORT: String(port), LOG_LEVEL: 'warn' },
        onOutput: (line) => output.push(line),
      });
      try {
        await waitHealthy(`http://127.0.0.1:${port}`, child, { name: 'npm start (PostgreSQL)', timeoutMs: 120_000 }).catch((err) => {
          throw new Error(`${err.message}\n${output.slice(-30).join('\n')}`);
        });
        // Node processes running scripts/start.mjs (not the shell npm runs the script line with).
        const starts = groupProcesses(child.pid!).filter(
          (p) => !p.args.includes('-c') && p.args.some((a) => a.endsWith('scripts/start.mjs')),
        );
        expect(starts).toHaveLength(2);
        const launcher = starts.find((p) => !starts.some((q) => q.pid === p.ppid))!;
        const server = starts.find((p) => p.ppid === launcher.pid)!;
        expect(launcher.args).toEqual(expect.arrayContaining(appNodeFlags({})));
        expect(server.args).toEqual(expect.arrayContaining(appNodeFlags({ DATABASE_URL: database.url })));

        // Only the launcher gets the signal (as from a supervisor): it passes it on and exits as the server did.
        const launcherExit = new Promise<void>((resolve) => {
          const poll = setInterval(() => {
            if (
              !fs.existsSync(`/proc/${launcher.pid}`) ||
              fs.readFileSync(`/proc/${launcher.pid}/stat`, 'utf8').split(') ')[1].startsWith('Z')
            ) {
              clearInterval(poll);
              resolve();
            }
          }, 50);
        });
        process.kill(launcher.pid, 'SIGTERM');
        await launcherExit;
        expect(
          fs.existsSync(`/proc/${server.pid}`) && !fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].startsWith('Z'),
        ).toBe(false);
        const exit = await new Promise<number | null>((resolve) =>
          child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
        );
        expect(exit).toBe(0);
      } finally {
        await stopGroup(child);
        await database.drop();
      }
    },
    180_000,
  );
});
