// VIP includes the week pass: on the daily card a VIP gets the micro pack's extra cards without paying, is
// offered no micro pack, and never reads «не нужен».
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { MICRO_PACK } from '../../domain/commerce/catalogue';

const TIMEOUT = 150_000;

describe.runIf(browserAvailable())('VIP and the micro pack (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  it(
    'a VIP opens the extra cards of the daily card free, with no micro offer',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=661001&name=Лиза&theme=light&plan=vip&to=%2Finteractive-daily-card`);
      await page.getByTestId('draw-card').click();
      await page.getByTestId('plan-includes-micro').waitFor({ timeout: 20_000 });
      const reveal = page.getByTestId('week-reveal');
      if ((await page.getByTestId('micro-inline').count()) === 0 && (await reveal.count()) > 0) await reveal.click();
      await page.getByTestId('micro-inline').waitFor({ timeout: 20_000 });
      await expect.poll(() => page.getByTestId('micro-card').count(), { timeout: 20_000 }).toBe(1 + MICRO_PACK.extraCards);
      expect(await page.getByTestId('micro-offer').count()).toBe(0);
      expect(await page.locator('body').textContent()).not.toMatch(/не нужен/);
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );
});
