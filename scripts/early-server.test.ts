// The start-up's early server over a real socket: /api/health answers from the moment the port is taken
// (503 until PGlite answers, then 200, with the headers every answer carries), and every other request waits
// for the app and is answered by it once handed over, none dropped.
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedPglite } from '../db/pglite';
import { openTemplatePglite } from '../test/databases';
import { listenEarly } from './early-server';
import type { EarlyServer } from '../main';

describe('early server (npm start on an existing database)', () => {
  let pglite: PGlite;
  let early: EarlyServer;
  let base: string;
  let open: (p: OpenedPglite) => void;

  beforeAll(async () => {
    pglite = await openTemplatePglite();
    const opening = new Promise<OpenedPglite>((resolve) => {
      open = resolve;
    });
    early = (await listenEarly(opening, { PORT: '0', HOST: '127.0.0.1' }))!;
    const address = early.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => early?.server.close(resolve));
    await pglite?.close();
  });

  it('answers /api/health once PGlite does, then hands every waiting request to the app', async () => {
    // PGlite still opening: the health check waits for it; the app's requests wait for the app.
    const health = fetch(`${base}/api/health`, { headers: { 'X-Request-Id': 'early-1' } });
    const page = fetch(`${base}/api/user/status`);
    const ready = fetch(`${base}/api/ready`, { method: 'GET' });
    open({ pglite, unlock: () => {} });
    const h = await health;
    expect(h.status).toBe(200);
    expect(await h.json()).toEqual({ success: true, data: { status: 'ok', database: 'ok' } });
    expect(h.headers.get('x-request-id')).toBe('early-1');
    expect(h.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    expect(h.headers.get('x-content-type-options')).toBe('nosniff');
    expect(h.headers.get('content-type')).toMatch(/^application\/json/);
    // A request id that is not a sane one is replaced, as the API's middleware does.
    const unsafe = await fetch(`${base}/api/health`, { headers: { 'X-Request-Id': 'a b' } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const head = await fetch(`${base}/api/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');

    // Not answered before the hand-over.
    const settled = await Promise.race([page.then(() => 'answered'), new Promise((r) => setTimeout(() => r('waiting'), 200))]);
    expect(settled).toBe('waiting');
    early.handOver((req, res) => {
      res.writeHead(201);
      res.end(`app: ${req.url}`);
    });
    expect(await (await page).text()).toBe('app: /api/user/status');
    expect(await (await ready).text()).toBe('app: /api/ready');
    // After the hand-over the app answers the health check too.
    expect(await (await fetch(`${base}/api/health`)).text()).toBe('app: /api/health');
  });
});

describe('early server refusing', () => {
  it('gives way to main.ts when PORT or HOST is refused (it names the variable there)', async () => {
    expect(await listenEarly(new Promise(() => {}), { PORT: 'not-a-port' })).toBeNull();
    // Local mode (no BOT_TOKEN) never listens beyond this machine, not even for the health check.
    expect(await listenEarly(new Promise(() => {}), { PORT: '0', HOST: '0.0.0.0' })).toBeNull();
  });

  it('answers 503 in Russian when PGlite cannot be opened', async () => {
    // As openPgliteEarly hands it over: its failure is awaited later, not unhandled meanwhile.
    const failing = Promise.reject(new Error('the folder is locked'));
    failing.catch(() => {});
    const early = (await listenEarly(failing, { PORT: '0', HOST: '127.0.0.1' }))!;
    try {
      const address = early.server.address();
      const r = await fetch(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/health`);
      expect(r.status).toBe(503);
      expect((await r.json()).error).toBe('База данных недоступна');
    } finally {
      await new Promise((resolve) => early.server.close(resolve));
    }
  });
});
