// `npm start` as a user runs it: the compiled server (dist/server, built by esbuild when missing or stale)
// in local mode on a new data folder. Proves that the bundle builds and loads what a user reaches later
// (the share picture's native canvas), and that answers over a real socket carry the security headers and
// the request id (served over a socket they are written on Node's response, not through Hono's headers).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnGroup, stopGroup, waitHealthy } from '../test/app-process';

const ROOT = path.resolve(__dirname, '..');
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('npm start (compiled server, local mode)', () => {
  let base: string;
  let child: ReturnType<typeof spawnGroup>;
  let dataDir: string;
  const output: string[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taro-npm-start-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const { BOT_TOKEN, DATABASE_URL, ...env } = process.env;
    child = spawnGroup('npm', ['start'], {
      cwd: ROOT,
      env: { ...env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
      onOutput: (line) => output.push(line),
    });
    await waitHealthy(base, child, { name: 'npm start', timeoutMs: 240_000 }).catch((err) => {
      throw new Error(`${err.message}\n${output.slice(-30).join('\n')}`);
    });
  }, 300_000);

  afterAll(async () => {
    if (child) await stopGroup(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs the bundle, not a transpiler', () => {
    expect(fs.existsSync(path.join(ROOT, 'dist', 'server', 'start.js'))).toBe(true);
    expect(output.join('\n')).not.toMatch(/tsx/);
  });

  it('answers over the socket with the security headers and a request id', async () => {
    const res = await fetch(`${base}/api/health`, { headers: { 'X-Request-Id': 'start-test-1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('start-test-1');
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self' https:\/\/web\.telegram\.org/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const generated = await fetch(`${base}/api/health`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a signed-in user draws a spread, reads it and gets its share picture', async () => {
    const launch = await fetch(`${base}/dev/launch?user=4242001&name=${encodeURIComponent('Вера')}`, { redirect: 'manual' });
    expect(launch.status).toBe(302);
    const initData = new URLSearchParams(new URL(launch.headers.get('location')!, base).hash.slice(1)).get('tgWebAppData');
    expect(initData).toBeTruthy();
    const auth = { Authorization: `tma ${initData}` };

    const status = await (await fetch(`${base}/api/user/status`, { headers: auth })).json();
    expect(status.data.user.firstName).toBe('Вера');

    const created = await fetch(`${base}/api/readings`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ spreadType: 'free_daily', question: 'Что принесёт неделя?' }),
    });
    expect(created.status).toBe(201);
    const reading = (await created.json()).data;
    const text = await fetch(`${base}/api/readings/${reading.id}/interpretation`, { headers: auth });
    expect(text.status).toBe(200);
    await text.arrayBuffer();

    const picture = await fetch(`${base}/api/readings/${reading.id}/image?format=card`, { headers: auth });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await picture.arrayBuffer()).subarray(0, 8)).toEqual(PNG_MAGIC);
  });
});
