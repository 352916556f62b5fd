// «Перевёрнутые карты» in the app's settings: on by default, switched off with a tap, stored on the server (a
// fresh page shows it off), and the next spread's cards all lie upright with no «(перевёрнутая)» mark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { pageApi } from './page-api';

describe.runIf(browserAvailable())('reversed cards setting (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  it('the settings switch is stored on the server and the deals follow it', async () => {
    const user = 640_001;
    const { page, consoleErrors } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=${user}&to=/settings`);
    const toggle = page.getByTestId('reversals-toggle');
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    expect(await page.getByTestId('settings').textContent()).toContain('Перевёрнутые карты');
    await toggle.click();
    await expect.poll(async () => (await pageApi(page, 'GET', '/api/user/status')).data.userStatus.reversals).toBe(false);
    expect(await toggle.isChecked()).toBe(false);
    expect(await page.getByTestId('settings').textContent()).toContain('Все карты ложатся прямо');
    await env.screenshot(page, 'settings-reversals-off');

    // A fresh page reads it from the server.
    const again = await env.newPage();
    await again.page.goto(`${env.baseUrl}/dev/launch?user=${user}&to=/settings`);
    await again.page.getByTestId('reversals-toggle').waitFor();
    expect(await again.page.getByTestId('reversals-toggle').isChecked()).toBe(false);

    // The server deals upright for this user: ten spreads of ten cards.
    await pageApi(page, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    for (let i = 0; i < 10; i++) {
      const r = await pageApi(page, 'POST', '/api/readings', {
        spreadType: 'celtic_cross',
        question: `Что меня ждёт, вопрос ${i + 1}?`,
      });
      expect(r.data.cards.filter((c: { reversed: boolean }) => c.reversed)).toEqual([]);
    }

    // Switched back on from the app.
    await toggle.click();
    await expect.poll(async () => (await pageApi(page, 'GET', '/api/user/status')).data.userStatus.reversals).toBe(true);
    expect(consoleErrors).toEqual([]);
  });
});
