// «Свой расклад» in a real browser: the spread menu's «Своя колода», the question, the cards entered position by
// position (search by name, a suit's grid, the orientation), the reading of exactly those cards, then the
// archive and the journal marked «своя колода», and the journal's toggle changing its figures; light and dark.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { describeFindings, runAxe } from './axe';
import { pageApi } from './page-api';
import { settled } from './settled';
import { smallTapTargets } from './tap-targets';

const TIMEOUT = 150_000;

describe.runIf(browserAvailable())('own deck (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  /** Enters Солнце, Башня (reversed) and Туз Кубков for «Прошлое, настоящее, будущее» and reads them. */
  async function enterAndRead(page: Page, theme: 'light' | 'dark') {
    await page.getByTestId('mode-own-deck').click();
    await page.getByTestId('own-deck-hint').waitFor();
    await env.screenshot(page, `own-deck-menu-${theme}`);
    await page.getByTestId('spread-past_present_future').click();
    await page.getByTestId('own-deck-note').waitFor();
    await page.getByTestId('question-input').fill('Что ждёт меня на новой работе?');
    await page.getByTestId('question-continue').click();

    await page.getByTestId('own-positions').waitFor();
    expect(await page.getByTestId('own-position').count()).toBe(3);
    expect(await page.getByTestId('own-submit').isEnabled()).toBe(false);
    // Position 1 by search, position 2 from the major arcana's grid (reversed), position 3 from the cups.
    await page.getByTestId('own-search').fill('солн');
    expect(await page.getByTestId('own-grid').locator('button').count()).toBe(1);
    await page.getByTestId('own-card-sun').click();
    expect(await page.getByTestId('own-picker-title').textContent()).toMatch(/^Позиция 2: /);
    await page.getByTestId('own-suit-major').click();
    // A card already on the table cannot be chosen twice.
    expect(await page.getByTestId('own-card-sun').isDisabled()).toBe(true);
    await page.getByTestId('own-card-tower').click();
    await page.getByTestId('own-reversed-1').click();
    expect(await page.getByTestId('own-reversed-1').textContent()).toBe('Перевёрнутая');
    await page.getByTestId('own-suit-cups').click();
    await page.getByTestId('own-card-ace-of-cups').click();
    expect(await page.getByTestId('own-slot-card').allTextContents()).toEqual(['Солнце', 'Башня', 'Туз Кубков']);
    expect(await page.getByTestId('own-submit').isEnabled()).toBe(true);
    await env.screenshot(page, `own-deck-picker-${theme}`);
    // The suit chips, the turn chips and the cards are 44 px to tap.
    expect((await smallTapTargets(page)).filter((l) => /own-|Перевёрн|Прям/.test(l))).toEqual([]);
    // Readable in both themes: no contrast or serious accessibility finding on the picker.
    await settled(page);
    const axe = await runAxe(page);
    expect(describeFindings([...axe.contrast, ...axe.serious])).toBe('');

    await page.getByTestId('own-submit').click();
    await page.getByTestId('interpretation-text').waitFor({ timeout: 30_000 });
    await page.getByTestId('new-reading').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('result-card-name').allTextContents()).toEqual(['Солнце', 'Башня', 'Туз Кубков']);
    expect(await page.getByTestId('result-card').nth(1).textContent()).toContain('перевёрнутая');
    expect(await page.getByTestId('result-card').nth(0).textContent()).not.toContain('перевёрнутая');
    expect(await page.locator('.result-head .kicker').textContent()).toBe('Прошлое, настоящее, будущее · своя колода');
    const text = (await page.getByTestId('interpretation-text').textContent()) ?? '';
    for (const name of ['Солнце', 'Башня', 'Туз Кубков']) expect(text).toContain(name);
    await env.screenshot(page, `own-deck-reading-${theme}`);
  }

  it(
    'a physical-deck reading entered card by card, read, found in the archive and the journal; the toggle changes the figures',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      const user = 660_001;
      await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Вера&plan=basic&to=/spread-menu`);
      await page.getByTestId('spread-menu').waitFor();
      const before = (await pageApi(page, 'GET', '/api/user/status')).data.userStatus.dailySpreadsUsed;
      await enterAndRead(page, 'light');
      // Counted as a spread of the plan.
      expect((await pageApi(page, 'GET', '/api/user/status')).data.userStatus.dailySpreadsUsed).toBe(before + 1);

      // A dealt reading beside it, so the journal has something left when the own deck is left out.
      const dealt = await pageApi(page, 'POST', '/api/readings', { spreadType: 'career_finance', question: 'Что с моими деньгами?' });
      expect(dealt.status).toBe(201);

      await page.goto(`${env.baseUrl}/history`);
      const own = page.getByTestId('history-item').filter({ hasText: 'Что ждёт меня на новой работе?' });
      await own.waitFor();
      expect(await own.textContent()).toContain('своя колода');
      expect(await own.textContent()).toContain('Солнце, Башня, Туз Кубков');
      expect(await page.getByTestId('history-item').filter({ hasText: 'Что с моими деньгами?' }).textContent()).not.toContain(
        'своя колода',
      );
      await own.click();
      await page.getByTestId('interpretation-text').waitFor({ timeout: 20_000 });
      expect(await page.locator('.result-head .kicker').textContent()).toContain('своя колода');

      await page.goto(`${env.baseUrl}/journal`);
      await page.getByTestId('journal-top').waitFor();
      expect(await page.getByTestId('journal-totals').textContent()).toBe('Раскладов: 2 · карт дня: 0 · всего карт: 7');
      expect(await page.getByTestId('journal-own').textContent()).toBe('Учитывать расклады своей колоды (1)');
      await page.getByTestId('journal-own-toggle').click();
      await expect.poll(() => page.getByTestId('journal-totals').textContent()).toBe('Раскладов: 1 · карт дня: 0 · всего карт: 4');
      const reversed = dealt.data.cards.filter((c: { reversed: boolean }) => c.reversed).length;
      expect(await page.getByTestId('journal-reversed-value').textContent()).toBe(`${Math.round((reversed / 4) * 100)}%`);
      await env.screenshot(page, 'own-deck-journal-light');
      await page.getByTestId('journal-own-toggle').click();
      await expect.poll(() => page.getByTestId('journal-totals').textContent()).toBe('Раскладов: 2 · карт дня: 0 · всего карт: 7');
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'the picker and the reading in dark',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=660002&name=Вера&plan=vip&theme=dark&to=/spread-menu`);
      await page.getByTestId('spread-menu').waitFor();
      await enterAndRead(page, 'dark');
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );
});
