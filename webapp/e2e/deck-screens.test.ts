// Every screen with the classic deck and with the drawn deck, in the light and the dark theme, at 390×844:
// screenshots under test-results/screenshots/screen-<screen>-<deck>-<theme>.png, each screen checked to
// show its cards in the chosen deck and to fit the width.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { drawCards, imagesLoaded, launch, openSpread, path, viewportShot, type DeckId, type Theme } from './ritual-helpers';
import { settled } from './settled';

const TIMEOUT = 240_000;

/** The card pictures on the page are all from `deck` (and there are `min` of them at least). */
async function expectDeck(page: Page, deck: DeckId, min: number) {
  const srcs = await page.$$eval('img.card-img:not(.card-back)', (imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).pathname));
  expect(srcs.length).toBeGreaterThanOrEqual(min);
  for (const s of srcs) expect(s).toMatch(deck === 'rws' ? /^\/decks\/rws\// : /^\/cards\//);
}

describe.runIf(browserAvailable())('every screen in both decks and both themes (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  const combos: [DeckId, Theme][] = [
    ['rws', 'light'],
    ['rws', 'dark'],
    ['drawn', 'light'],
    ['drawn', 'dark'],
  ];
  combos.forEach(([deck, theme], n) => {
    it(
      `${deck}, ${theme}`,
      async () => {
        const { page, consoleErrors } = await env.newPage();
        const shot = async (screen: string) => {
          await imagesLoaded(page);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), screen).toBeLessThanOrEqual(390);
          await env.screenshot(page, `screen-${screen}-${deck}-${theme}`);
        };
        await launch(env, page, { user: 660001 + n, name: 'Алиса', theme, deck });
        await shot('home');

        await page.getByTestId('settings-link').click();
        await expect.poll(() => page.getByTestId(`deck-option-${deck}`).getAttribute('aria-checked')).toBe('true');
        await shot('settings');
        await page.goto(`${env.baseUrl}/`);

        await openSpread(page, 'free_daily', 'Что принесёт мне этот день?');
        await drawCards(page, 3);
        await settled(page);
        await expectDeck(page, deck, 3);
        await shot('cards');
        await page.getByTestId('get-answer').click();
        await page.getByTestId('interpretation-text').waitFor({ timeout: 30_000 });
        await expect.poll(() => page.getByTestId('new-reading').count(), { timeout: 30_000 }).toBe(1);
        await expectDeck(page, deck, 3);
        await shot('interpretation');

        await page.goto(`${env.baseUrl}/history`);
        await page.locator('.history-item').first().waitFor();
        await shot('history');
        await page.locator('.history-item').first().click();
        await page.getByTestId('result-cards').waitFor();
        await expectDeck(page, deck, 3);
        await shot('history-reading');

        await page.goto(`${env.baseUrl}/spread-menu`);
        await page.getByTestId('spread-celtic_cross').waitFor();
        await shot('spread-menu');
        await page.goto(`${env.baseUrl}/question`);
        await page.getByTestId('question-input').waitFor();
        await shot('question');

        await page.goto(`${env.baseUrl}/daily-card`);
        await page.getByTestId('daily-card-back').click();
        await page.getByTestId('daily-card-name').waitFor();
        await settled(page);
        await expectDeck(page, deck, 1);
        await shot('daily-card');
        await page.locator('.daily-face [data-testid=card-zoom-open]').click();
        await page.getByTestId('card-zoom').waitFor();
        await settled(page);
        await imagesLoaded(page);
        await viewportShot(env, page, `screen-zoom-${deck}-${theme}`);
        await page.getByTestId('zoom-close').click();

        await page.goto(`${env.baseUrl}/interactive-daily-card`);
        await page
          .getByTestId('interactive-card-name')
          .waitFor({ timeout: 10_000 })
          .catch(async () => {
            await page.getByTestId('draw-card').click();
            await page.getByTestId('interactive-card-name').waitFor();
          });
        await settled(page);
        await expectDeck(page, deck, 1);
        await shot('interactive-daily-card');
        await page.getByTestId('micro-buy').click();
        await expect.poll(() => path(page)).toBe('/micro-result');
        await page.getByTestId('micro-success').waitFor();
        await settled(page);
        await expectDeck(page, deck, 3);
        await shot('micro-result');

        // Each screen with what it shows once its data is there (the loading screen is a <main> too).
        for (const [screen, ready] of [
          ['subscription', 'trust'],
          ['services', 'how-it-works'],
          ['natal-form', 'natal-date'],
          ['terms', 'terms-text'],
          ['contacts', 'provider'],
        ] as const) {
          await page.goto(`${env.baseUrl}/${screen}`);
          await page.getByTestId(ready).first().waitFor();
          await settled(page);
          await shot(screen);
        }
        expect(consoleErrors.filter((l) => !/status of 40[29]/.test(l))).toEqual([]);
      },
      TIMEOUT,
    );
  });
});
