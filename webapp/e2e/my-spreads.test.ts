// «Свои расклады» in a real browser: a VIP designs a spread (two positions named, one with a role, placed by
// tapping grid cells), deals it from the fan, each card landing in its cell, and reads it: the text reads each
// position by its name. A free user is offered the plan instead. Light and dark, screenshots of the designer
// at 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { describeFindings, runAxe } from './axe';
import { pageApi } from './page-api';
import { nextFanCard } from './ritual-helpers';
import { settled } from './settled';

const TIMEOUT = 150_000;

describe.runIf(browserAvailable())('own spreads (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  for (const theme of ['light', 'dark'] as const)
    it(
      `a VIP designs a spread, deals it and reads it; a free user is offered the plan (${theme})`,
      async () => {
        const { page, consoleErrors } = await env.newPage();
        const user = theme === 'light' ? 371_001 : 371_002;
        await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Вера&plan=vip&theme=${theme}`);
        await page.getByTestId('my-spreads-link').click();
        await page.getByTestId('new-spread').click();
        await page.getByTestId('spread-name').fill('Перекрёсток');
        await page.getByTestId('add-position').click();
        await page.getByTestId('position-name').nth(0).fill('Где я сейчас');
        await page.getByTestId('position-role').nth(0).selectOption('present');
        await page.getByTestId('grid-cell-1-1').click();
        await page.getByTestId('add-position').click();
        await page.getByTestId('position-name').nth(1).fill('Моя смелость');
        await page.getByTestId('grid-cell-3-1').click();
        expect(await page.getByTestId('grid-cell-1-1').getAttribute('aria-label')).toBe('1. Где я сейчас');
        expect(await page.getByTestId('grid-cell-3-1').getAttribute('aria-label')).toBe('2. Моя смелость');
        await settled(page);
        const axe = await runAxe(page);
        expect(describeFindings([...axe.contrast, ...axe.serious])).toBe('');
        await env.screenshot(page, `spread-designer-${theme}`);
        await page.getByTestId('spread-save').click();
        await page.getByTestId('my-spread').waitFor();
        expect(await page.getByTestId('my-spread').textContent()).toContain('Где я сейчас · Моя смелость');
        await env.screenshot(page, `my-spreads-${theme}`);

        await page.getByTestId('my-spread-deal').click();
        await page.getByTestId('custom-question').fill('Стоит ли мне менять профессию?');
        await page.getByTestId('custom-deal-go').click();
        for (let i = 1; i <= 2; i++) {
          const deck = nextFanCard(page);
          await expect.poll(() => deck.isEnabled(), { timeout: 15_000 }).toBe(true);
          await deck.click();
          await expect.poll(() => page.getByTestId('custom-counter').textContent()).toBe(`Выбрано карт: ${i} из 2`);
        }
        await settled(page);
        await env.screenshot(page, `spread-dealt-${theme}`);
        await page.getByTestId('custom-answer').click();
        const text = page.getByTestId('interpretation-text');
        await expect.poll(() => text.textContent(), { timeout: 30_000 }).toContain('Это карта о «Моя смелость»');
        expect(await text.textContent()).toContain('«Где я сейчас»');
        const archive = (await pageApi(page, 'GET', '/api/user/readings')).data.readings;
        expect(archive[0]).toMatchObject({ spreadName: 'Перекрёсток', spreadType: 'custom' });

        // A free user: the plan, not the designer.
        const free = await env.newPage();
        await free.page.goto(`${env.baseUrl}/dev/launch?user=${user + 10}&name=Оля&theme=${theme}&to=/my-spreads`);
        await free.page.getByTestId('spreads-vip-offer').waitFor();
        expect(await free.page.getByTestId('new-spread').count()).toBe(0);
        await env.screenshot(free.page, `spreads-offer-${theme}`);
        expect(consoleErrors).toEqual([]);
        expect(free.consoleErrors).toEqual([]);
      },
      TIMEOUT,
    );
});
