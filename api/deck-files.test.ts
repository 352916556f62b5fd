// The classic deck's pictures are served from the built app with a cache and the WebP type; /settings is an
// app route.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

describe('deck files', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'taro-dist-'));
  let h: Harness;
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'decks', 'rws'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.copyFileSync(path.resolve('webapp/public/decks/rws/fool-s.webp'), path.join(dist, 'decks', 'rws', 'fool-s.webp'));
    h = await createHarness('pglite', { webDist: dist });
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves /decks/rws/<id>.webp as image/webp with a cache, and a missing card is not the app page', async () => {
    const res = await h.app.request('/decks/rws/fool-s.webp');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toContain('max-age=');
    expect((await res.arrayBuffer()).byteLength).toBe(fs.statSync(path.join(dist, 'decks', 'rws', 'fool-s.webp')).size);
    const missing = await h.app.request('/decks/rws/no-such-card.webp');
    expect(missing.headers.get('content-type') ?? '').not.toContain('text/html');
  });

  it('answers /settings with the app', async () => {
    const res = await h.app.request('/settings');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });
});
