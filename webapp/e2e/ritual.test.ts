// The daily ritual in a real browser: the streak and the moon on the home screen, the milestone greeting on
// home's card of the day, and the once-only «add to home screen» offer calling Telegram's method in the simulated
// client. Screenshots in light and dark.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../domain/text/time';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { callsOf, fakeTelegramClient } from './fake-telegram';

const TIMEOUT = 120_000;

describe.runIf(browserAvailable())('daily ritual (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  /** Two days of streak up to yesterday (Moscow), as if the user had drawn the card then. */
  const arrangeStreak = async (user: number, days: number) => {
    const today = localDate(new Date(), 'Europe/Moscow');
    await env.app.db
      .updateTable('users')
      .set({ streak_current: days, streak_best: days, streak_last_day: addDays(today, -1) })
      .where('id', '=', user)
      .execute();
  };

  const open = async (page: Page, user: number, extra = '') => {
    await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Вера${extra}`);
    await page.getByTestId('greeting').waitFor();
  };

  it(
    'home shows the streak and the moon; the first card starts the streak',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await open(page, 640001);
      await expect.poll(() => page.getByTestId('streak-count').textContent()).toBe('Серия карт дня');
      expect(await page.getByTestId('streak-line').textContent()).toBe('Вытяните карту дня — и начнётся ваша серия.');
      await expect
        .poll(() => page.getByTestId('moon-phase').textContent())
        .toMatch(
          /^(Новолуние|Растущий серп|Первая четверть|Растущая луна|Полнолуние|Убывающая луна|Последняя четверть|Убывающий серп) · \d{1,2}-й лунный день$/,
        );
      // Today's card is drawn on home itself.
      await page.getByTestId('home-daily-back').click();
      await page.getByTestId('home-daily-name').waitFor();
      expect(await page.getByTestId('streak-milestone').count()).toBe(0);
      await expect.poll(() => page.getByTestId('streak-count').textContent()).toBe('1 день подряд');
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'the third day greets the milestone, and inside Telegram the app offers «add to home screen» once',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.addInitScript(fakeTelegramClient);
      const user = 640002;
      await open(page, user);
      await arrangeStreak(user, 2);
      await page.reload();
      await expect.poll(() => page.getByTestId('streak-count').textContent()).toBe('2 дня подряд');
      expect(await page.getByTestId('streak-line').textContent()).toBe('2 дня подряд. Сегодняшняя карта ждёт, когда вам будет удобно.');
      expect(await page.getByTestId('home-screen-offer').count()).toBe(0);
      await env.screenshot(page, 'ritual-home-streak-light');

      await page.getByTestId('home-daily-back').click();
      await expect.poll(() => page.getByTestId('streak-milestone').textContent()).toMatch(/Три дня подряд с картой дня/);
      await env.screenshot(page, 'ritual-milestone-light');

      // The card was drawn on home: the offer comes right there, with the new streak.
      await expect.poll(() => page.getByTestId('streak-count').textContent()).toBe('3 дня подряд');
      await page.getByTestId('home-screen-offer').waitFor();
      await env.screenshot(page, 'ritual-home-offer-light');
      await page.getByTestId('add-to-home').click();
      await expect.poll(async () => (await callsOf(page, 'web_app_add_to_home_screen')).length).toBe(1);
      await expect.poll(() => page.getByTestId('home-screen-offer').count()).toBe(0);

      // Offered once: a new launch does not ask again.
      await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Вера`);
      await expect.poll(() => page.getByTestId('streak-count').textContent()).toBe('3 дня подряд');
      await page.getByTestId('moon').waitFor();
      expect(await page.getByTestId('home-screen-offer').count()).toBe(0);
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'the interactive daily card greets the milestone too',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      const user = 640004;
      await open(page, user);
      await arrangeStreak(user, 13);
      await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Вера&to=/interactive-daily-card`);
      await page.getByTestId('draw-card').click();
      await expect.poll(() => page.getByTestId('streak-milestone').textContent(), { timeout: 10_000 }).toMatch(/^Две недели подряд/);
      expect(consoleErrors.filter((l) => !l.includes('status of 4'))).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'the ritual in the dark theme',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      const user = 640003;
      await open(page, user, '&theme=dark');
      await arrangeStreak(user, 6);
      await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Вера&theme=dark`);
      await expect.poll(() => page.getByTestId('streak-count').textContent()).toBe('6 дней подряд');
      await page.getByTestId('moon').waitFor();
      await env.screenshot(page, 'ritual-home-streak-dark');
      await page.getByTestId('home-daily-back').click();
      await expect.poll(() => page.getByTestId('streak-milestone').textContent()).toMatch(/Целая неделя/);
      await env.screenshot(page, 'ritual-milestone-dark');
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );
});
