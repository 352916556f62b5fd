// Picking from the fan in a real browser: after the shuffle the deck fans out; each card picked (by a tap or
// from the keyboard) reveals the next card the server dealt at its place in the spread, and leaves the fan;
// every card of the fan is a labelled button at least 44 px wide where it shows. All cards turned, the reading
// covers them all. With reduced motion nothing in the fan moves. Screenshots light and dark at 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { imagesLoaded, launch, nextFanCard, openSpread, path } from './ritual-helpers';
import { pageApi } from './page-api';
import { settled } from './settled';

const TIMEOUT = 120_000;

describe.runIf(browserAvailable())('the fan (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  }, 180_000);
  afterAll(() => env?.close());

  for (const theme of ['light', 'dark'] as const) {
    it(
      `${theme}: pick three cards from the fan, by tap and by keyboard; all turned, the reading reads them all`,
      async () => {
        // The light run with the fan's motion, the dark one as a device asking for reduced motion.
        const { page, consoleErrors } = await env.newPage({ motion: theme === 'light' });
        const user = theme === 'light' ? 660001 : 660002;
        await launch(env, page, { user, theme });
        await openSpread(page, 'free_daily', 'Что принесёт мне эта неделя?');

        const fan = page.getByTestId('fan-card');
        await expect.poll(() => nextFanCard(page).isEnabled(), { timeout: 15_000 }).toBe(true);
        expect(await page.getByTestId('fan').getAttribute('aria-label')).toBe('Веер карт: выберите карту');
        // Each card a labelled button; the visible strip of each (its tap target) at least 44 × 44 px.
        const boxes = await fan.evaluateAll((els) =>
          els.map((el) => ({
            left: (el as HTMLElement).offsetLeft,
            w: (el as HTMLElement).offsetWidth,
            h: (el as HTMLElement).offsetHeight,
            label: el.getAttribute('aria-label'),
          })),
        );
        expect(boxes.length).toBe(6);
        boxes.forEach((b, i) => {
          expect(b.label).toBe(`Выбрать карту ${i + 1} из веера`);
          expect(b.h).toBeGreaterThanOrEqual(44);
          expect(i < boxes.length - 1 ? boxes[i + 1].left - b.left : b.w).toBeGreaterThanOrEqual(44);
        });
        // The fan, its turned-out edge cards too, stays on the mat: nothing scrolls sideways.
        const mat = (await page.locator('.table').boundingBox())!;
        for (const box of await fan.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
          expect(box.left).toBeGreaterThanOrEqual(mat.x);
          expect(box.right).toBeLessThanOrEqual(mat.x + mat.width);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        expect(await page.getByTestId('deck-hint').textContent()).toBe('Сосредоточьтесь на вопросе и выберите карту из веера');
        await imagesLoaded(page);
        await settled(page);
        await env.screenshot(page, `ritual-fan-${theme}`);

        // A tap on the fourth card: it leaves the fan, the first dealt card turns over at its place in the spread.
        await fan.nth(3).click();
        await expect.poll(() => page.getByTestId('drawn-card').count()).toBe(1);
        expect(await fan.nth(3).getAttribute('class')).toContain('is-gone');
        expect(await page.getByTestId('cards-counter').textContent()).toBe('Выбрано карт: 1 из 3');

        // The keyboard: focus a card, Enter picks it, and the focus moves to a card still in the fan.
        await expect.poll(() => fan.nth(0).isEnabled()).toBe(true);
        await fan.nth(0).focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByTestId('drawn-card').count()).toBe(2);
        await expect
          .poll(() =>
            page.evaluate(
              () =>
                (document.activeElement as HTMLElement | null)?.dataset.testid === 'fan-card' &&
                !document.activeElement!.classList.contains('is-gone'),
            ),
          )
          .toBe(true);
        await imagesLoaded(page);
        await settled(page);
        await env.screenshot(page, `ritual-fan-picked-${theme}`);

        await expect.poll(() => nextFanCard(page).isEnabled()).toBe(true);
        await page.keyboard.press('Space');
        await expect.poll(() => page.getByTestId('drawn-card').count()).toBe(3);
        expect(await page.getByTestId('cards-counter').textContent()).toBe('Выбрано карт: 3 из 3');
        // All turned: the fan is put away.
        await expect.poll(() => fan.count()).toBe(0);

        const readingId = (await page.evaluate(() => JSON.parse(sessionStorage.getItem('taro.flow') ?? 'null')))?.readingId;
        expect(readingId).toBeGreaterThan(0);
        await page.getByTestId('get-answer').click();
        await expect.poll(() => path(page)).toBe('/interpretation');
        await page.getByTestId('interpretation-text').waitFor({ timeout: 30_000 });
        // The archive keeps the three cards the fan revealed.
        const list = (await pageApi(page, 'GET', '/api/user/readings')).data;
        const reading = list.readings[0];
        expect(reading.id).toBe(readingId);
        expect(reading.cards).toHaveLength(3);
        expect(consoleErrors).toEqual([]);
      },
      TIMEOUT,
    );
  }

  it(
    'with reduced motion the fan does not move',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await launch(env, page, { user: 660003 });
      await openSpread(page, 'free_daily', 'Как пройдёт мой разговор с другом?');
      await expect.poll(() => nextFanCard(page).isEnabled(), { timeout: 15_000 }).toBe(true);
      const motion = await page
        .getByTestId('fan-card')
        .first()
        .evaluate((el) => {
          const s = getComputedStyle(el);
          // The app's reduced-motion rule leaves transitions of 0.01 ms at most.
          return { transition: s.transitionDuration.split(',').every((d) => parseFloat(d) <= 0.00001), animation: s.animationName };
        });
      expect(motion).toEqual({ transition: true, animation: 'none' });
      expect(await page.getByTestId('fan').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
      await nextFanCard(page).click();
      await expect.poll(() => page.getByTestId('drawn-card').count()).toBe(1);
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );
});
