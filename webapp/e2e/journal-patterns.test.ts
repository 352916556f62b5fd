// The journal's patterns in a real browser: the topics asked and the ratings given this month, and «Всё время»
// — VIP's view of every month, and for others the plan's offer instead; light and dark, at 390 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { describeFindings, runAxe } from './axe';
import { pageApi } from './page-api';
import { settled } from './settled';

const TIMEOUT = 150_000;
const own = (...ids: string[]) => ids.map((id) => ({ id, reversed: false }));

describe.runIf(browserAvailable())('journal patterns (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  /** Three readings this month (two on work, one on love), two of them rated. */
  async function readings(page: Page) {
    for (const [question, cards, rating] of [
      ['Стоит ли мне менять работу?', own('tower', 'sun', 'star'), 5],
      ['Что ждёт меня на работе?', own('tower', 'moon', 'fool'), 3],
      ['Любит ли он меня?', own('lovers', 'tower', 'world'), 0],
    ] as const) {
      const r = await pageApi(page, 'POST', '/api/readings', { spreadType: 'past_present_future', question, ownCards: cards });
      expect(r.status).toBe(201);
      expect((await pageApi(page, 'GET', `/api/readings/${r.data.id}/interpretation`)).status).toBe(200);
      if (rating) expect((await pageApi(page, 'POST', `/api/readings/${r.data.id}/review`, { rating })).status).toBeLessThan(300);
    }
  }

  for (const theme of ['light', 'dark'] as const)
    it(
      `VIP sees the month's topics and ratings, then all time (${theme})`,
      async () => {
        const { page, consoleErrors } = await env.newPage();
        await page.goto(`${env.baseUrl}/dev/launch?user=${theme === 'light' ? 521_001 : 521_002}&name=Вера&plan=vip&theme=${theme}&to=/`);
        await page.getByTestId('greeting').waitFor();
        await readings(page);
        await page.goto(`${env.baseUrl}/journal`);
        await page.getByTestId('journal-topics').waitFor();
        expect(await page.getByTestId('journal-topics').getAttribute('aria-label')).toBe('Работа: 2, Любовь: 1');
        expect(await page.getByTestId('journal-rating-average').textContent()).toBe('4 из 5 · 2 оценки');
        await page.getByTestId('journal-topics-block').scrollIntoViewIfNeeded();
        await env.screenshot(page, `journal-patterns-${theme}`);

        await page.getByTestId('journal-scope-all').click();
        await expect.poll(() => page.getByTestId('journal-month').textContent(), { timeout: 10_000 }).toBe('за всё время');
        expect(await page.getByTestId('journal-totals').textContent()).toContain('Раскладов: 3');
        await settled(page);
        const axe = await runAxe(page);
        expect(describeFindings([...axe.contrast, ...axe.serious])).toBe('');
        await env.screenshot(page, `journal-all-time-${theme}`);
        expect(consoleErrors).toEqual([]);
      },
      TIMEOUT,
    );

  it(
    'a basic user asking for all time is offered VIP',
    async () => {
      const { page } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=521003&name=Вера&plan=basic&to=/`);
      await page.getByTestId('greeting').waitFor();
      await readings(page);
      await page.goto(`${env.baseUrl}/journal`);
      await page.getByTestId('journal-topics').waitFor();
      await page.getByTestId('journal-scope-all').click();
      await page.getByTestId('journal-all-locked').waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('journal-all-locked').textContent()).toContain('Дневник за всё время открывает VIP');
      await env.screenshot(page, 'journal-all-locked-light');
    },
    TIMEOUT,
  );
});
