// Home around today in a real browser: today's card face down at the top, drawn there with a tap (the server
// deals), then its face, one line and «Открыть», which opens the drawn card with its full meaning, all day
// (also after a new launch and from the bot's «Подробнее» under /daily in the local Telegram); the detailed
// advice says it is the paid micro pack, with its price, before the tap. Screenshots light and dark.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { imagesLoaded, path } from './ritual-helpers';
import { pageApi } from './page-api';
import { settled } from './settled';

const TIMEOUT = 120_000;

describe.runIf(browserAvailable())('home around today (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  }, 180_000);
  afterAll(() => env?.close());

  const open = async (page: Page, user: number, extra = '') => {
    await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Вера${extra}`);
    await page.getByTestId('greeting').waitFor();
  };

  for (const theme of ['light', 'dark'] as const) {
    it(
      `${theme}: the card is drawn on home, stays there and reopens with its full meaning; the advice names its price`,
      async () => {
        const { page, consoleErrors } = await env.newPage();
        const user = theme === 'light' ? 650001 : 650002;
        await open(page, user, `&theme=${theme}`);

        // Before drawing: face down at the top, «Задать вопрос» the one primary action, the streak and moon under it.
        const back = page.getByTestId('home-daily-back');
        await expect.poll(() => back.isEnabled()).toBe(true);
        expect(await back.getAttribute('aria-label')).toBe('Открыть карту дня');
        // The streak, the moon and the menu are home's lazy lower half: counted once it has come.
        await page.locator('.ritual').waitFor();
        await page.locator('.actions').waitFor();
        expect(await page.locator('.home .btn-primary').count()).toBe(1);
        expect(await page.locator('.home .btn-primary').textContent()).toBe('Задать вопрос');
        const order = await page.evaluate(() =>
          ['[data-testid=home-daily]', '[data-testid=ask-question]', '.ritual', '.actions'].map(
            (s) => document.querySelector(s)!.getBoundingClientRect().top,
          ),
        );
        expect([...order].sort((a, b) => a - b)).toEqual(order);
        await page.getByTestId('moon').waitFor();
        await imagesLoaded(page);
        await settled(page);
        await env.screenshot(page, `home-today-before-${theme}`);

        // The tap is the draw: the face, one line of its meaning and «Открыть».
        await back.click();
        await page.getByTestId('home-daily-name').waitFor();
        const status = (await pageApi(page, 'GET', '/api/user/status')).data.userStatus;
        expect(status.dailyCardUsed).toBe(true);
        const card = status.todayCard as { name: string; line: string; cardId: string; reversed: boolean };
        expect((await page.getByTestId('home-daily-name').textContent())!.replace(' (перевёрнутая)', '')).toBe(card.name);
        expect(await page.getByTestId('home-daily-line').textContent()).toBe(card.line);
        expect(card.line).toMatch(/[.!?]$/);
        expect(await page.locator('[data-testid=home-daily] img').getAttribute('data-card')).toBe(card.cardId);
        await expect.poll(() => page.getByTestId('streak-count').textContent()).toBe('1 день подряд');
        // The used card's state: the time to the next one (a free user has no «безлимит»); in the last hour before
        // the user's midnight it is counted in minutes.
        expect(await page.getByTestId('home-daily-next').innerText()).toMatch(/^Новая карта через \d+ (ч|мин)/);
        expect(await page.getByTestId('home-daily-unlimited').count()).toBe(0);
        await imagesLoaded(page);
        await settled(page);
        await env.screenshot(page, `home-today-after-${theme}`);

        // «Открыть»: the same card with its full meaning, not «come back tomorrow».
        await page.getByTestId('home-daily-open').click();
        await expect.poll(() => path(page)).toBe('/daily-card');
        await expect.poll(() => page.getByTestId('daily-card-name').textContent()).toContain(card.name);
        const meaning = (await page.getByTestId('daily-card-meaning').textContent())!;
        expect(meaning.startsWith(card.line)).toBe(true);
        expect(await page.locator('body').innerText()).not.toContain('Возвращайтесь завтра');
        // A free user sees what the advice is and what it costs before tapping it.
        await expect.poll(() => page.getByTestId('daily-advice').textContent()).toMatch(/^Подробный совет — \d+\s₽$/);
        expect(await page.getByTestId('daily-advice-what').textContent()).toBe('Платно: Микро-пакет — ещё 2 карты и личный совет на день');
        await imagesLoaded(page);
        await settled(page);
        await env.screenshot(page, `daily-card-reopened-${theme}`);

        // A new launch later the same day: home still shows today's card, and it reopens.
        await open(page, user, `&theme=${theme}`);
        await expect.poll(() => page.getByTestId('home-daily-name').textContent()).toContain(card.name);
        expect(await page.getByTestId('home-daily-back').count()).toBe(0);
        await page.getByTestId('home-daily-open').click();
        await expect.poll(() => page.getByTestId('daily-card-name').textContent()).toContain(card.name);
        expect(await page.getByTestId('daily-card-back').count()).toBe(0);
        expect(consoleErrors).toEqual([]);
      },
      TIMEOUT,
    );
  }

  it(
    'a plan that includes the day analysis: it opens with one tap on the card, no price, no offer',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await open(page, 650003, '&plan=vip');
      await page.getByTestId('home-daily-back').click();
      // A paid plan's card on home: «безлимит», no countdown.
      await expect.poll(() => page.getByTestId('home-daily-unlimited').textContent()).toBe('Карта дня — безлимит: можно вытянуть новую');
      expect(await page.getByTestId('home-daily-next').count()).toBe(0);
      await settled(page);
      await env.screenshot(page, 'home-daily-unlimited-light');
      await page.getByTestId('home-daily-open').click();
      const name = (await page.getByTestId('daily-card-name').textContent())!.replace(' (перевёрнутая)', '');
      await page.getByTestId('daily-analysis-open').click();
      const analysis = (await page.getByTestId('daily-analysis-text').innerText())!;
      // Written from this card (the fallback interpreter here), with no offer beside it.
      expect(analysis).toContain(name);
      expect(analysis).not.toContain('теневой стороне');
      expect(await page.getByTestId('daily-advice').count()).toBe(0);
      expect(await page.getByTestId('daily-advice-what').count()).toBe(0);
      expect(await page.getByTestId('daily-more').count()).toBe(0);
      expect(consoleErrors.filter((l) => !l.includes('status of 4'))).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "the bot's «Подробнее» under /daily opens the drawn card in the Mini App",
    async () => {
      await env.app.bot.ready;
      const context = await env.browser.newContext({
        viewport: { width: 1000, height: 860 },
        locale: 'ru-RU',
        timezoneId: 'Europe/Moscow',
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      try {
        await page.goto(`${env.baseUrl}/dev/telegram?user=650004&name=Вера`);
        await page.getByRole('button', { name: 'НАЧАТЬ' }).click();
        await page.locator('.msg.bot', { hasText: 'Здравствуйте, Вера!' }).waitFor();
        await page.locator('#text').fill('/daily');
        await page.locator('#send').click();
        const message = page.locator('.msg.bot', { hasText: 'Ваша карта дня' });
        await message.waitFor();
        const name = (await message.locator('b').nth(1).textContent())!;
        expect(name.length).toBeGreaterThan(2);

        // The button sits under the message, as Telegram draws an inline keyboard.
        await page.locator('.inline-kb button', { hasText: 'Подробнее в приложении' }).last().click();
        await expect
          .poll(() => page.frames().some((f) => f.url().startsWith(env.baseUrl) && new URL(f.url()).pathname === '/daily-card'))
          .toBe(true);
        const frame = page.frames().find((f) => f.url().startsWith(env.baseUrl) && new URL(f.url()).pathname === '/daily-card')!;
        await expect.poll(() => frame.getByTestId('daily-card-name').textContent()).toContain(name);
        expect((await frame.getByTestId('daily-card-meaning').textContent())!.length).toBeGreaterThan(20);
        expect(await frame.locator('body').innerText()).not.toContain('Возвращайтесь завтра');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TIMEOUT,
  );
});
