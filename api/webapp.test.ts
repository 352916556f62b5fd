// The server side of the Mini App: the SPA routes, the redirect of unknown paths, and local sign-in.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

describe('web app and /dev/launch', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'taro-dist-'));
  let h: Harness;
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    h = await createHarness('pglite', { webDist: dist });
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers every app route with index.html', async () => {
    for (const route of [
      '/',
      '/spread-menu',
      '/question',
      '/cards',
      '/interpretation',
      '/daily-card',
      '/terms',
      '/history',
      '/history/12',
      '/library',
      '/library/ace-of-cups',
      '/lesson',
    ]) {
      const res = await h.app.request(route);
      expect(res.status, route).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('sends the pages a CSP that lets Telegram embed the app, and the page headers', async () => {
    const res = await h.app.request('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/frame-ancestors [^;]*https:\/\/web\.telegram\.org/);
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('redirects unknown paths to /', async () => {
    for (const route of ['/nowhere', '/spread-menu/extra', '/index.php', '/library/Sun', '/library/sun/extra']) {
      const res = await h.app.request(route);
      expect(res.status, route).toBe(302);
      expect(res.headers.get('location')).toBe('/');
    }
  });

  it('serves hashed assets with a long cache and unknown /api paths as JSON 404', async () => {
    const asset = await h.app.request('/assets/index-abc.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const api = await h.call(1, 'GET', '/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.body.success).toBe(false);
  });

  it('signs initData for a test user exactly as Telegram does and opens the app with it', async () => {
    const res = await h.app.request('/dev/launch?user=31337&name=Вера&to=/spread-menu&plan=vip');
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location.startsWith('/spread-menu#')).toBe(true);
    const hash = new URLSearchParams(location.split('#')[1]);
    expect(hash.get('tgWebAppVersion')).toBeTruthy();
    expect(JSON.parse(hash.get('tgWebAppThemeParams')!).bg_color).toMatch(/^#/);
    const initData = hash.get('tgWebAppData')!;
    const status = await h.app.request('/api/user/status', { headers: { Authorization: `tma ${initData}` } });
    const body = await status.json();
    expect(body.data.user).toMatchObject({ id: 31337, firstName: 'Вера' });
    expect(body.data.userStatus.subscriptionType).toBe('vip');
  });

  it('gives a browser the app itself at /dev/launch, its address set to the screen with the launch data before the app runs', async () => {
    const res = await h.app.request('/dev/launch?user=31338&name=Вера&to=/spread-menu', {
      headers: { Accept: 'text/html,application/xhtml+xml' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    const m = /<script>history\.replaceState\(null, '', ("[^<]*")\);<\/script>/.exec(html);
    expect(m).not.toBeNull();
    expect(html.indexOf(m![0])).toBeLessThan(html.indexOf('<div id="root">'));
    const location: string = JSON.parse(m![1]);
    expect(location.startsWith('/spread-menu#')).toBe(true);
    const initData = new URLSearchParams(location.split('#')[1]).get('tgWebAppData')!;
    const status = await h.app.request('/api/user/status', { headers: { Authorization: `tma ${initData}` } });
    expect((await status.json()).data.user).toMatchObject({ id: 31338, firstName: 'Вера' });
  });
});

describe('/dev/launch outside local mode', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('pglite', { localMode: false });
  });
  afterAll(() => h.close());

  it('does not exist', async () => {
    expect((await h.app.request('/dev/launch')).status).toBe(404);
  });
});
