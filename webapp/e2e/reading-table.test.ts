// The reading on the table survives a closed app, in a real browser at 390 px in both themes: one card
// turned, the app closed (a new tab: no sessionStorage), home and the archive offer «Продолжить расклад»,
// the same table comes back with the same card turned, the rest are turned and the whole spread stays laid
// out before the answer, whose screen shows the spread as it lay; the spread is charged once. With a
// failing AI the answer's screen shows the cards and the retry and offers nothing to buy or share.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fake-openai';
import { pageApi } from './page-api';
import { drawCards, launch, nextFanCard, openSpread, path, viewportShot, type Theme } from './ritual-helpers';

const TIMEOUT = 120_000;
const THEMES: Theme[] = ['light', 'dark'];
const QUESTION = 'Что принесёт мне сегодняшний день?';

const names = (page: Page, id: string) => page.getByTestId(id).allTextContents();

/** «Получить ответ» with cards still face down: they turn, and the laid-out spread waits on the table. */
async function askAndSeeSpread(page: Page, env: BrowserEnv, shot: string) {
  await page.getByTestId('get-answer').click();
  await page.getByTestId('laid-out').waitFor({ state: 'attached', timeout: 15_000 });
  expect(path(page)).toBe('/cards');
  expect(await page.getByTestId('drawn-card').count()).toBe(3);
  expect(await page.getByTestId('deck-hint').textContent()).toContain('Весь расклад перед вами');
  await env.screenshot(page, shot);
  const table = await names(page, 'drawn-card-name');
  // «Читать толкование»: on at once, without waiting for the pause.
  await page.getByTestId('get-answer').click();
  await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/interpretation');
  return table;
}

describe.runIf(browserAvailable())('the reading on the table (browser)', () => {
  describe('a closed app', () => {
    let env: BrowserEnv;
    beforeAll(async () => {
      env = await startBrowserEnv({});
    });
    afterAll(async () => {
      await env?.close();
    });

    for (const [i, theme] of THEMES.entries()) {
      it(
        `comes back to the same table and cards, shows the spread before the answer, charges once (${theme})`,
        async () => {
          const user = 650_100 + i;
          const first = (await env.newPage()).page;
          await launch(env, first, { user, theme });
          await openSpread(first, 'free_daily', QUESTION);
          await drawCards(first, 1);
          const [turned] = await names(first, 'drawn-card-name');
          // The turn reached the server before the app is closed.
          await expect
            .poll(async () => (await pageApi(first, 'GET', '/api/readings/in-progress')).data.reading?.turned, { timeout: 10_000 })
            .toBe(1);
          const readingId = (await pageApi(first, 'GET', '/api/readings/in-progress')).data.reading.id as number;
          await first.close();

          // The app again, in a new tab: nothing of the flow is left in the page.
          const { page, consoleErrors } = await env.newPage();
          await launch(env, page, { user, theme });
          await page.getByTestId('continue-reading').waitFor();
          expect(await page.getByTestId('continue-progress').textContent()).toContain('Открыта 1 карта из 3');
          expect(await page.getByTestId('free-spread-badge').textContent()).toContain('Бесплатный расклад использован');
          await page.getByTestId('continue-reading').scrollIntoViewIfNeeded();
          await env.screenshot(page, `reading-table-home-continue-${theme}`);

          // The archive marks it unfinished and shows only the turned card.
          await page.goto(`${env.baseUrl}/history`);
          await page.getByTestId('history-unfinished').waitFor();
          expect(await page.getByTestId('history-unfinished').textContent()).toContain('Не закончен · открыто 1 из 3');
          expect(await page.locator('.history-cards').textContent()).toBe(turned);
          await env.screenshot(page, `reading-table-history-${theme}`);
          await page.getByTestId('history-item').click();
          await page.getByTestId('unfinished-reading').waitFor();
          expect(await page.getByTestId('unfinished-card').count()).toBe(1);
          expect(await page.getByTestId('interpretation-text').count()).toBe(0);
          await env.screenshot(page, `reading-table-history-reading-${theme}`);

          // «Продолжить расклад»: the same table, the same card turned, two still to pick.
          await page.getByTestId('continue-reading-button').click();
          await expect.poll(() => page.getByTestId('drawn-card').count(), { timeout: 15_000 }).toBe(1);
          expect(path(page)).toBe('/cards');
          expect(await names(page, 'drawn-card-name')).toEqual([turned]);
          expect(await page.getByTestId('cards-counter').textContent()).toContain('Выбрано карт: 1 из 3');
          await expect.poll(() => nextFanCard(page).isEnabled(), { timeout: 15_000 }).toBe(true);
          await env.screenshot(page, `reading-table-resumed-${theme}`);

          const table = await askAndSeeSpread(page, env, `reading-table-laid-out-${theme}`);
          expect(table[0]).toBe(turned);
          await page.getByTestId('disclaimer').waitFor({ timeout: 20_000 });
          // The answer's screen: the spread as it lay, the same cards in the same places.
          expect(await page.locator('.result-spread [data-testid=drawn-card]').count()).toBe(3);
          expect(await names(page, 'result-card-name')).toEqual(table);
          await env.screenshot(page, `reading-table-result-${theme}`);
          await page.evaluate(() => window.scrollTo(0, 0));
          await viewportShot(env, page, `reading-table-result-top-${theme}`);

          // Charged once: one reading, one spread used, nothing left on the table.
          const list = await pageApi(page, 'GET', '/api/user/readings?limit=10&offset=0');
          expect(list.data.total).toBe(1);
          expect(list.data.readings[0].id).toBe(readingId);
          expect(list.data.readings[0].cards).toHaveLength(3);
          const status = (await pageApi(page, 'GET', '/api/user/status')).data.userStatus;
          expect(status.totalSpreadsUsed).toBe(1);
          expect((await pageApi(page, 'GET', '/api/readings/in-progress')).data.reading).toBeNull();
          expect(consoleErrors).toEqual([]);
        },
        TIMEOUT,
      );
    }
  });

  describe('a dropped network', () => {
    let env: BrowserEnv;
    beforeAll(async () => {
      env = await startBrowserEnv({});
    });
    afterAll(async () => {
      await env?.close();
    });

    it(
      'a card turned offline reaches the server once the network is back',
      async () => {
        const user = 650_400;
        const { page } = await env.newPage();
        await launch(env, page, { user });
        await openSpread(page, 'free_daily', QUESTION);
        await expect.poll(() => nextFanCard(page).isEnabled(), { timeout: 15_000 }).toBe(true);
        // Another device of the same user watches the server.
        const watcher = (await env.newPage()).page;
        await launch(env, watcher, { user });
        const onServer = async () => (await pageApi(watcher, 'GET', '/api/readings/in-progress')).data.reading?.turned;
        await expect.poll(onServer).toBe(0);

        await page.context().setOffline(true);
        await drawCards(page, 1);
        // The turn could not be told: the server still has none, the table shows one.
        expect(await onServer()).toBe(0);
        expect(await page.getByTestId('cards-counter').textContent()).toContain('Выбрано карт: 1 из 3');
        await page.context().setOffline(false);
        await expect.poll(onServer, { timeout: 15_000 }).toBe(1);
      },
      TIMEOUT,
    );
  });

  describe('a Celtic cross', () => {
    let env: BrowserEnv;
    beforeAll(async () => {
      env = await startBrowserEnv({});
    });
    afterAll(async () => {
      await env?.close();
    });

    for (const [i, theme] of THEMES.entries()) {
      it(
        `the answer shows the cross as a cross, with its positions, and a card opens large (${theme})`,
        async () => {
          const { page } = await env.newPage();
          await launch(env, page, { user: 650_300 + i, theme, plan: 'vip' });
          await openSpread(page, 'celtic_cross', 'Как мне быть с переездом?');
          await drawCards(page, 2);
          await page.getByTestId('get-answer').click();
          await page.getByTestId('laid-out').waitFor({ state: 'attached', timeout: 30_000 });
          expect(await page.getByTestId('drawn-card').count()).toBe(10);
          await viewportShot(env, page, `reading-table-laid-out-celtic-${theme}`);
          const table = await names(page, 'drawn-card-name');
          await page.getByTestId('get-answer').click();
          await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/interpretation');
          await page.getByTestId('disclaimer').waitFor({ timeout: 20_000 });
          const mat = page.locator('.result-spread [data-testid=mat]');
          expect(await mat.getAttribute('data-layout')).toBe('celtic-cross');
          expect(await mat.locator('[data-testid=drawn-card]').count()).toBe(10);
          // The positions beside the numbers the cross shows, the same cards in the same order.
          expect(await names(page, 'result-card-name')).toEqual(table);
          expect(await page.locator('.result-card-pos').first().textContent()).toMatch(/^1\. /);
          await page.evaluate(() => window.scrollTo(0, 0));
          await viewportShot(env, page, `reading-table-result-celtic-${theme}`);
          // The third card (the first lies under the crossing one).
          await mat.getByTestId('card-zoom-open').nth(2).click();
          await page.getByTestId('card-zoom').waitFor();
          await viewportShot(env, page, `reading-table-result-zoom-${theme}`);
        },
        TIMEOUT,
      );
    }
  });

  describe('a failing AI', () => {
    let env: BrowserEnv;
    let fake: FakeOpenAI;
    beforeAll(async () => {
      fake = await startFakeOpenAI({ mode: 'fail' });
      env = await startBrowserEnv({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-e2e' });
    });
    afterAll(async () => {
      await env?.close();
      await fake?.close();
    });

    for (const [i, theme] of THEMES.entries()) {
      it(
        `the failed answer shows the cards and the retry, and nothing to sell or share (${theme})`,
        async () => {
          const { page } = await env.newPage();
          await launch(env, page, { user: 650_200 + i, theme });
          await openSpread(page, 'free_daily', QUESTION);
          await drawCards(page, 1);
          const table = await askAndSeeSpread(page, env, `reading-table-laid-out-failing-${theme}`);
          await page.getByTestId('ask-ai-again').waitFor({ timeout: 20_000 });
          await page.getByTestId('failed-footer').waitFor();
          expect(await names(page, 'result-card-name')).toEqual(table);
          expect(await page.locator('.result-spread [data-testid=drawn-card]').count()).toBe(3);
          for (const offer of ['vip-offer', 'thanks', 'share-bar', 'follow-ups', 'second-opinions', 'review-form'])
            expect(await page.getByTestId(offer).count(), offer).toBe(0);
          const footer = await page.getByTestId('disclaimer').textContent();
          expect(footer).toContain('ИИ-толкователь не ответил');
          expect(footer).not.toContain('создаёт ИИ');
          await env.screenshot(page, `reading-table-ai-failed-${theme}`);
          await page.evaluate(() => window.scrollTo(0, 0));
          await viewportShot(env, page, `reading-table-ai-failed-top-${theme}`);
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          await viewportShot(env, page, `reading-table-ai-failed-bottom-${theme}`);
        },
        TIMEOUT,
      );
    }
  });
});
