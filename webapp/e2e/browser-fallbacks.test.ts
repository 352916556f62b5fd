// Outside Telegram (a browser signed in with a cookie session, no Telegram SDK): what Telegram would give is
// on the page. Every screen has an on-page «Назад» that leads away from it, the primary action is an on-page
// button within reach (the question, the cards, the reading, the natal form), haptics are silent no-ops
// (no error anywhere in the flow), and the theme is the system's light or dark (settings and the deletion's
// confirmation shown in both).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../../domain/app/routes';
import { DELETION_STAYS } from '../../domain/app/user-data';
import { browserAvailable, SCREENSHOT_DIR, screenshotsWanted, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { nextFanCard } from './ritual-helpers';

const TIMEOUT = 180_000;
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Screens opened by address without the state they show go where that state is made. */
const NEEDS_STATE: Record<string, string> = { '/cards': '/question', '/interpretation': '/' };

describe.runIf(browserAvailable())('browser fallbacks for Telegram’s buttons, haptics and theme (browser, cookie session)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  }, 180_000);
  afterAll(() => env?.close());

  async function signIn(page: Page, user: string) {
    await page.goto(`${env.baseUrl}/`);
    await page.getByTestId('local-widget-user').fill(user);
    await page.getByTestId('local-widget-name').fill('Вера');
    await page.getByTestId('local-widget-sign-in').click();
    await page.getByTestId('greeting').waitFor();
    // A plain browser: no Telegram web view to talk to.
    expect(await page.evaluate(() => 'TelegramWebviewProxy' in window || window.self !== window.top)).toBe(false);
  }

  /** The on-page «Назад» is shown at the top of the screen and leads away from it. */
  async function expectWayBack(page: Page, route: string) {
    const back = page.getByTestId('back');
    await back.waitFor();
    expect(await back.textContent()).toContain('Назад');
    // Polled: a screen whose code arrives later swaps its loading page (with its own «Назад») for the loaded one,
    // and the button first found may be gone by the time it is measured.
    await expect.poll(async () => (await back.boundingBox())?.y ?? Number.POSITIVE_INFINITY, { message: route }).toBeLessThan(200);
    await back.click();
    await expect.poll(() => pathOf(page), { message: `«Назад» on ${route}` }).not.toBe(route);
  }

  /** The primary action is an on-page button, reachable by scrolling, and inside the window once there. */
  async function expectMainAction(page: Page, testId: string) {
    const button = page.locator('.main-action button').filter({ has: page.locator(`xpath=self::*[@data-testid="${testId}"]`) });
    await button.waitFor();
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.width).toBeGreaterThan(viewport.width / 2);
    return button;
  }

  it(
    'every screen has an on-page way back; a reading from the question to the answer runs on the on-page primary buttons',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await signIn(page, '691001');
      // Home has no way back (it is the start) and no Telegram buttons to stand in for.
      expect(await page.getByTestId('back').count()).toBe(0);

      for (const route of APP_ROUTES.filter((r) => r !== '/' && !(r in NEEDS_STATE))) {
        await page.goto(`${env.baseUrl}/`);
        await page.getByTestId('greeting').waitFor();
        await page.goto(`${env.baseUrl}${route}`);
        await expect.poll(() => pathOf(page)).toBe(route);
        await expectWayBack(page, route);
      }
      for (const [route, to] of Object.entries(NEEDS_STATE)) {
        await page.goto(`${env.baseUrl}${route}`);
        await expect.poll(() => pathOf(page), { message: route }).toBe(to);
      }

      // The natal form's primary action.
      await page.goto(`${env.baseUrl}/natal-form`);
      expect(await (await expectMainAction(page, 'natal-submit')).textContent()).toBe('Рассчитать карту');

      // A whole reading on the on-page buttons: question → cards → the answer, each with its way back.
      await page.goto(`${env.baseUrl}/spread-menu`);
      await page.getByTestId('spread-free_daily').click();
      await expect.poll(() => pathOf(page)).toBe('/question');
      const proceed = await expectMainAction(page, 'question-continue');
      expect(await proceed.isEnabled()).toBe(false);
      await page.getByTestId('question-input').fill('Что принесёт мне сегодняшний день?');
      await expect.poll(() => proceed.isEnabled()).toBe(true);
      await proceed.click();
      await expect.poll(() => pathOf(page)).toBe('/cards');
      await page.getByTestId('back').waitFor();
      await nextFanCard(page).click();
      const answer = await expectMainAction(page, 'get-answer');
      await expect.poll(() => answer.isEnabled()).toBe(true);
      await answer.click();
      // The rest turn and the whole spread waits on the table: the same main action, «Читать толкование», goes on.
      await page.getByTestId('laid-out').waitFor({ state: 'attached', timeout: 15_000 });
      await (await expectMainAction(page, 'get-answer')).click();
      await expect.poll(() => pathOf(page)).toBe('/interpretation');
      await page.getByTestId('interpretation-text').waitFor({ timeout: 30_000 });
      await env.screenshot(page, 'browser-fallbacks-interpretation');
      await expectMainAction(page, 'new-reading');
      await expectWayBack(page, '/interpretation');

      // The reading in the archive opens with its way back too.
      await page.goto(`${env.baseUrl}/history`);
      await page.getByTestId('history-item').first().click();
      await expect.poll(() => pathOf(page)).toMatch(/^\/history\/\d+$/);
      await expectWayBack(page, pathOf(page));
      // Haptics outside Telegram are silent: no script failed along the way (the answers the screens opened
      // without their state get, such as the 401 before signing in, are no script errors).
      expect(consoleErrors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'without a Telegram theme the app follows the system: light, and dark',
    async () => {
      for (const scheme of ['light', 'dark'] as const) {
        const { page } = await env.newPage();
        await page.emulateMedia({ colorScheme: scheme });
        await signIn(page, scheme === 'light' ? '691002' : '691003');
        await page.goto(`${env.baseUrl}/settings`);
        await page.getByTestId('back').waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
        const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const [r, g, b] = bg.match(/\d+/g)!.map(Number);
        const light = (r + g + b) / 3 > 128;
        expect(light, `${scheme}: ${bg}`).toBe(scheme === 'light');
        await env.screenshot(page, `browser-fallbacks-settings-${scheme}`);
        // The deletion's confirmation says what stays and why, in the theme's colours; «Отмена» keeps all.
        await page.getByTestId('delete-data').click();
        await page.getByTestId('delete-confirm').waitFor();
        expect(await page.getByTestId('delete-confirm').textContent()).toContain(DELETION_STAYS);
        await page.getByTestId('delete-confirm').scrollIntoViewIfNeeded();
        if (screenshotsWanted())
          await page.screenshot({ path: path.join(SCREENSHOT_DIR, `browser-fallbacks-delete-confirm-${scheme}.png`) });
        await page.getByRole('button', { name: 'Отмена' }).click();
        await page.getByTestId('delete-data').waitFor();
      }
    },
    TIMEOUT,
  );
});
