// The Mini App shell in a real browser: /dev/launch signs in, home greets the user by first name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';

describe.runIf(browserAvailable())('web app shell (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  it('opens signed in through /dev/launch and greets the user with the free-spread state', async () => {
    const { page, consoleErrors } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=555001&name=Вера`);
    await expect.poll(() => page.getByTestId('greeting').textContent()).toBe('Здравствуйте, Вера!');
    await expect.poll(() => page.getByTestId('free-spread-badge').textContent()).toContain('Бесплатный расклад доступен');
    expect(new URL(page.url()).hash).toBe('');
    // A reload keeps the identity although the hash is gone.
    await page.reload();
    await expect.poll(() => page.getByTestId('greeting').textContent()).toBe('Здравствуйте, Вера!');
    await env.screenshot(page, 'shell-home');
    expect(consoleErrors).toEqual([]);
  });

  it("greets the user by name from the launch data before the app's code has arrived, under the page's CSP", async () => {
    const { page, consoleErrors } = await env.newPage();
    // The app's code never arrives: what shows is the HTML's own shell.
    await page.route('**/assets/*.js', (route) => route.abort('internetdisconnected'));
    await page.goto(`${env.baseUrl}/dev/launch?user=555002&name=Зоя`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Здравствуйте, Зоя!');
    // A page of the app itself, with the CSP: the launch data is in the session the app kept on a full load.
    await page.unroute('**/assets/*.js');
    await page.goto(`${env.baseUrl}/dev/launch?user=555002&name=Зоя`);
    await page.getByTestId('home').waitFor();
    await page.route('**/assets/*.js', (route) => route.abort('internetdisconnected'));
    await page.goto(`${env.baseUrl}/`);
    expect((await page.request.get(`${env.baseUrl}/`)).headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Здравствуйте, Зоя!');
    expect(await page.getByTestId('shell').count()).toBe(1);
    expect(await page.getByTestId('home').count()).toBe(0);
    expect(consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });

  it('sends an unknown path home', async () => {
    const { page } = await env.newPage();
    await page.goto(`${env.baseUrl}/no/such/screen`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });
});
