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

  it('sends an unknown path home', async () => {
    const { page } = await env.newPage();
    await page.goto(`${env.baseUrl}/no/such/screen`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });
});
