// The first paint and the error screens in a real browser: with JavaScript off the HTML and its CSS alone
// draw the shell (the page in the system's light or dark, the header, a skeleton of home); the headings'
// font is loaded and applied; with the network cut, a 5xx or a screen's code missing, the screen says so in
// Russian with «Повторить», which recovers once the network is back. Screenshots: first-paint-*.png.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { settled } from './settled';

const TIMEOUT = 120_000;
const LATIN = /[A-Za-z]/;

/** The page's visible text without the Latin our brands may use. */
const visibleText = (page: Page) => page.evaluate(() => document.body.innerText.replace(/\b(VIP|Basic|Premium|Telegram|Stars)\b/g, ''));

describe.runIf(browserAvailable())('first paint and error screens (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  for (const [scheme, bg] of [
    ['light', 'rgb(241, 239, 247)'],
    ['dark', 'rgb(19, 18, 32)'],
  ] as const) {
    it(`with JavaScript off the shell is drawn, in the ${scheme} page colour`, async () => {
      const context = await env.browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        locale: 'ru-RU',
        javaScriptEnabled: false,
        colorScheme: scheme,
      });
      try {
        const page = await context.newPage();
        await page.goto(`${env.baseUrl}/`);
        await page.getByTestId('shell').waitFor();
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Добро пожаловать!');
        expect(await page.getByTestId('shell').textContent()).toContain('Таро · карты говорят');
        const skeleton = await page.getByTestId('shell-skeleton').boundingBox();
        expect(skeleton?.height).toBeGreaterThan(200);
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(bg);
        // The app's code never ran: the shell is the HTML's own.
        expect(await page.getByTestId('home').count()).toBe(0);
        await env.screenshot(page, `first-paint-shell-${scheme}`);
      } finally {
        await context.close();
      }
    });
  }

  it('the greeting is painted while the app’s stylesheet is still on its way, and the app waits for it', async () => {
    const { page, consoleErrors } = await env.newPage({ fresh: true });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stylesheets: string[] = [];
    await page.route('**/assets/*.css', async (route) => {
      stylesheets.push(new URL(route.request().url()).pathname);
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${env.baseUrl}/dev/launch?user=700107&name=Лена`, { waitUntil: 'commit' });
      // When the browser painted the greeting (Element Timing), or 0 if it had not within 10 s.
      const paintedAt = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            setTimeout(() => resolve(0), 10_000);
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as PerformanceEntry[] & { identifier?: string; renderTime?: number }[])
                if (e.identifier === 'greeting' && e.renderTime) resolve(e.renderTime);
            }).observe({ type: 'element', buffered: true });
          }),
      );
      // The page asks for the stylesheet once the shell is painted (no request of it stands before the greeting).
      await expect.poll(() => stylesheets.length, { timeout: 10_000 }).toBe(1);
      expect(paintedAt, 'greeting painted while the stylesheet was held').toBeGreaterThan(0);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Здравствуйте, Лена!');
      // The app's code has not run without its styles: the shell is still the HTML's own.
      expect(await page.getByTestId('shell').count()).toBe(1);
      expect(await page.getByTestId('home').count()).toBe(0);
    } finally {
      release();
    }
    await page.getByTestId('free-spread-badge').waitFor();
    expect(await page.getByTestId('greeting').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Cormorant Garamond"?,/);
    expect(consoleErrors).toEqual([]);
  });

  it('headings are set in the shipped font, loaded from the app (Cyrillic and Latin)', async () => {
    const { page, consoleErrors } = await env.newPage({ fresh: true });
    const fonts: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/fonts/') && r.status() === 200) fonts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${env.baseUrl}/dev/launch?user=700101&name=Вера`);
    await expect.poll(() => page.getByTestId('greeting').textContent()).toBe('Здравствуйте, Вера!');
    const greeting = page.getByTestId('greeting');
    expect(await greeting.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Cormorant Garamond"?,/);
    await page.evaluate(() => document.fonts.ready);
    await expect.poll(() => page.evaluate(() => document.fonts.check('700 30px "Cormorant Garamond"', 'Здравствуйте'))).toBe(true);
    // The face that drew the greeting is the shipped one (not a fallback the browser found).
    const loaded = await page.evaluate(
      () => [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Cormorant Garamond' && f.status === 'loaded').length,
    );
    expect(loaded).toBeGreaterThanOrEqual(1);
    expect(fonts).toContain('/fonts/cormorant-garamond-cyrillic-700.woff2');
    expect(await page.locator('link[rel=preload][as=font]').getAttribute('href')).toBe('/fonts/cormorant-garamond-cyrillic-700.woff2');
    // The preload is used (no warning about an unused preload or a second download).
    expect(fonts.filter((f) => f.endsWith('cyrillic-700.woff2'))).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });

  it(
    'with the network cut home says so in Russian, and «Повторить» recovers once it is back',
    async () => {
      const { page } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=700102&name=Оля`);
      await page.getByTestId('free-spread-badge').waitFor();
      await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
      await page.reload();
      await page.getByTestId('error-block').waitFor({ timeout: 30_000 });
      const text = await page.getByTestId('error-block').textContent();
      expect(text).toMatch(/соединения|связаться/);
      expect(await visibleText(page)).not.toMatch(LATIN);
      await settled(page);
      await env.screenshot(page, 'first-paint-offline-light');
      await page.unroute('**/api/**');
      await page.getByTestId('retry').click();
      await page.getByTestId('free-spread-badge').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('error-block').count()).toBe(0);
    },
    TIMEOUT,
  );

  it(
    'every screen that loads data says in Russian that the network is cut, with «Повторить» that recovers',
    async () => {
      const { page } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=700105&name=Катя&plan=vip`);
      await page.getByTestId('plan-badge').waitFor();
      const failures: string[] = [];
      // Each screen with what it shows once its data is there.
      for (const [path, ready] of [
        ['/spread-menu', 'spread-celtic_cross'],
        ['/history', 'history-empty'],
        ['/journal', 'journal-month'],
        ['/daily-card', 'daily-card-back'],
        ['/interactive-daily-card', 'draw-card'],
        ['/settings', 'deck-option-rws'],
        ['/subscription', 'paid-view'],
        ['/services', 'how-it-works'],
        ['/natal-chart', 'natal-missing'],
      ] as const) {
        await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
        await page.goto(`${env.baseUrl}${path}`);
        const shown = page.locator('[data-testid=error-block], [data-testid=error-boundary]').first();
        if (
          !(await shown.waitFor({ timeout: 20_000 }).then(
            () => true,
            () => false,
          ))
        ) {
          failures.push(`${path}: no error shown`);
          await page.unroute('**/api/**');
          continue;
        }
        const text = await visibleText(page);
        if (LATIN.test(text)) failures.push(`${path}: Latin on screen: ${text.match(/.{0,30}[A-Za-z]+.{0,30}/)?.[0]}`);
        const retry = page.locator('[data-testid=retry], [data-testid=error-retry]').first();
        if (!(await retry.count()) || (await retry.textContent()) !== 'Повторить') {
          failures.push(`${path}: no «Повторить»`);
          await page.unroute('**/api/**');
          continue;
        }
        await page.unroute('**/api/**');
        await retry.click();
        if (
          !(await page
            .getByTestId(ready)
            .first()
            .waitFor({ timeout: 15_000 })
            .then(
              () => true,
              () => false,
            ))
        )
          failures.push(`${path}: «Повторить» did not recover`);
        else if (
          !(await expect
            .poll(() => shown.count(), { timeout: 15_000 })
            .toBe(0)
            .then(
              () => true,
              () => false,
            ))
        )
          failures.push(`${path}: the error stayed after «Повторить»`);
      }
      expect(failures, failures.join('\n')).toEqual([]);
    },
    TIMEOUT * 2,
  );

  it(
    'a reading that is not there says so in Russian, with «Повторить» and the way back to the list',
    async () => {
      const { page } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=700106&name=Зоя&to=/history/987654`);
      await page.getByTestId('error-block').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('error-block').textContent()).toContain('Расклад не найден');
      expect(await visibleText(page)).not.toMatch(LATIN);
      expect(await page.getByTestId('retry').textContent()).toBe('Повторить');
      // Asked again, still not there: the same answer, no blank screen.
      await page.getByTestId('retry').click();
      await expect.poll(() => page.getByTestId('error-block').textContent(), { timeout: 15_000 }).toContain('Расклад не найден');
      await page.getByRole('button', { name: 'К списку раскладов' }).click();
      await page.getByTestId('history-empty').waitFor();
    },
    TIMEOUT,
  );

  it(
    'a server error (5xx) reads in Russian with «Повторить», in the dark theme too',
    async () => {
      const { page } = await env.newPage();
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.route('**/api/user/status*', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, error: 'Service Unavailable' }),
        }),
      );
      await page.goto(`${env.baseUrl}/dev/launch?user=700103&name=Ира&theme=dark`);
      await page.getByTestId('error-block').waitFor({ timeout: 30_000 });
      expect(await visibleText(page)).not.toMatch(LATIN);
      expect(await page.getByTestId('retry').textContent()).toBe('Повторить');
      await settled(page);
      await env.screenshot(page, 'first-paint-5xx-dark');
      await page.unroute('**/api/user/status*');
      await page.getByTestId('retry').click();
      await page.getByTestId('free-spread-badge').waitFor({ timeout: 15_000 });
    },
    TIMEOUT,
  );

  it(
    'a screen whose code fails to load shows the Russian error screen; «Повторить» loads it once the network is back',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=700104&name=Аня`);
      await page.getByTestId('free-spread-badge').waitFor();
      // The settings screen's chunk (and every other lazy one) cannot be fetched.
      await page.route('**/assets/Settings-*.js', (route) => route.abort('internetdisconnected'));
      await page.getByTestId('settings-link').click();
      await page.getByTestId('error-boundary').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('error-boundary').textContent()).toContain('Не удалось загрузить экран');
      expect(await visibleText(page)).not.toMatch(LATIN);
      await settled(page);
      await env.screenshot(page, 'first-paint-chunk-error-light');
      await page.unroute('**/assets/Settings-*.js');
      await page.getByTestId('error-retry').click();
      await page.getByTestId('settings').waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe('/settings');
      // The failed fetch is the only thing the console reported.
      expect(
        consoleErrors.filter((e) => !/Failed to (load resource|fetch dynamically)|Screen failed|ERR_INTERNET_DISCONNECTED/.test(e)),
      ).toEqual([]);
    },
    TIMEOUT,
  );
});
