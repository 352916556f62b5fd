// «Ближайшие 30 дней» and «Итоги месяца» in a real browser against the real server, at 390 px, light and dark:
// the transits under the natal chart (and the note instead of the angles without a birth time); home's report
// card, the report with its picture, and «Не сейчас» that stays.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../domain/text/time';
import { shiftMonth } from '../../domain/tarot/journal';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { describeFindings, runAxe } from './axe';
import { pageApi } from './page-api';
import { settled } from './settled';

const TIMEOUT = 150_000;
const own = (...ids: string[]) => ids.map((id) => ({ id, reversed: false }));
const BIRTH = { date: '1990-05-15', time: '12:30', city: 'Москва' };

describe.runIf(browserAvailable())('the sky and the monthly report (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  async function launch(user: number, theme: 'light' | 'dark', plan = 'vip') {
    const { page, consoleErrors } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Вера&plan=${plan}&theme=${theme}&to=/`);
    await page.getByTestId('greeting').waitFor();
    return { page, consoleErrors };
  }

  for (const theme of ['light', 'dark'] as const)
    it(
      `the natal chart shows the next 30 days' transits and the Moon's phases (${theme})`,
      async () => {
        const { page, consoleErrors } = await launch(theme === 'light' ? 536_001 : 536_002, theme);
        expect((await pageApi(page, 'POST', '/api/natal/chart', BIRTH)).status).toBe(200);
        const api = await pageApi(page, 'GET', '/api/natal/transits');
        await page.goto(`${env.baseUrl}/natal-chart`);
        await page.getByTestId('transit').first().waitFor();
        // What the screen lists is what the server computed, in its order.
        const titles = await page.getByTestId('transit').locator('.transit-title').allTextContents();
        expect(titles.map((t) => t.replace(/^\S+\s/, '').trim())).toEqual(api.data.transits.map((t: any) => t.title));
        expect(await page.getByTestId('moon-phases').locator('li').count()).toBe(api.data.moonPhases.length);
        expect(await page.getByTestId('transits-no-angles').count()).toBe(0);
        await page.getByTestId('transits').scrollIntoViewIfNeeded();
        await settled(page);
        const axe = await runAxe(page);
        expect(describeFindings([...axe.contrast, ...axe.serious])).toBe('');
        await env.screenshot(page, `natal-transits-${theme}`);
        expect(consoleErrors).toEqual([]);
      },
      TIMEOUT,
    );

  it(
    'without a birth time the transits say why the angles are missing',
    async () => {
      const { page } = await launch(536_003, 'light');
      expect((await pageApi(page, 'POST', '/api/natal/chart', { date: '1990-05-15', timeUnknown: true, city: 'Москва' })).status).toBe(200);
      await page.goto(`${env.baseUrl}/natal-chart`);
      await page.getByTestId('transits-no-angles').waitFor();
      expect(await page.getByTestId('transits-no-angles').textContent()).toMatch(/Время рождения неизвестно/);
    },
    TIMEOUT,
  );

  /**
   * Three readings moved into last month, and the user's counting day made the 1st of this month (the day guard
   * the server keeps after a change of time zone), so the report is due whatever today's date is.
   */
  async function lastMonthReadings(page: Page, user: number): Promise<string> {
    for (const [question, cards, rating] of [
      ['Стоит ли мне менять работу?', own('tower', 'sun', 'star'), 5],
      ['Что ждёт меня на работе?', own('tower', 'moon', 'fool'), 4],
      ['Любит ли он меня?', own('lovers', 'tower', 'world'), 0],
    ] as const) {
      const r = await pageApi(page, 'POST', '/api/readings', { spreadType: 'past_present_future', question, ownCards: cards });
      expect(r.status).toBe(201);
      expect((await pageApi(page, 'GET', `/api/readings/${r.data.id}/interpretation`)).status).toBe(200);
      if (rating) expect((await pageApi(page, 'POST', `/api/readings/${r.data.id}/review`, { rating })).status).toBeLessThan(300);
    }
    const thisMonth = localDate(new Date(), 'Europe/Moscow').slice(0, 7);
    const last = shiftMonth(thisMonth, -1);
    const db = env.app.db;
    await db
      .updateTable('readings')
      .set({ charged_day: `${last}-15`, created_at: new Date(`${last}-15T09:00:00Z`) })
      .where('user_id', '=', user)
      .execute();
    await db
      .updateTable('users')
      .set({ day_guard: `${thisMonth}-01`, day_guard_until: new Date(Date.now() + 3600_000) })
      .where('id', '=', user)
      .execute();
    return last;
  }

  for (const theme of ['light', 'dark'] as const)
    it(
      `home offers last month's report; opened, it shows the text and the picture, and is not offered again (${theme})`,
      async () => {
        const user = theme === 'light' ? 536_011 : 536_012;
        const { page, consoleErrors } = await launch(user, theme);
        const month = await lastMonthReadings(page, user);
        await page.goto(`${env.baseUrl}/`);
        await page.getByTestId('report-offer').waitFor();
        await page.getByTestId('report-offer').scrollIntoViewIfNeeded();
        await settled(page);
        await env.screenshot(page, `report-offer-${theme}`);

        await page.getByTestId('report-open').click();
        await page.getByTestId('report-text').waitFor();
        expect(page.url()).toBe(`${env.baseUrl}/report/${month}`);
        const text = await page.getByTestId('report-text').textContent();
        expect(text).toContain('вы сделали 3 расклада');
        expect(text).toContain('«Башня» (3 раза)');
        await page.getByTestId('report-picture').waitFor({ timeout: 30_000 });
        await expect.poll(() => page.getByTestId('report-picture').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1080);
        await settled(page);
        const axe = await runAxe(page);
        expect(describeFindings([...axe.contrast, ...axe.serious])).toBe('');
        await env.screenshot(page, `monthly-report-${theme}`);

        await page.goto(`${env.baseUrl}/`);
        await page.getByTestId('ask-question').waitFor();
        await expect.poll(() => pageApi(page, 'GET', '/api/reports/monthly').then((r) => r.data.offer)).toBeNull();
        expect(await page.getByTestId('report-offer').count()).toBe(0);
        expect(consoleErrors).toEqual([]);
      },
      TIMEOUT,
    );

  it(
    '«Не сейчас» puts the card away, and it stays away',
    async () => {
      const user = 536_021;
      const { page } = await launch(user, 'light');
      await lastMonthReadings(page, user);
      await page.goto(`${env.baseUrl}/`);
      await page.getByTestId('report-dismiss').click();
      await page.getByTestId('report-offer').waitFor({ state: 'detached' });
      await page.reload();
      await page.getByTestId('ask-question').waitFor();
      await expect.poll(() => pageApi(page, 'GET', '/api/reports/monthly').then((r) => r.data.offer)).toBeNull();
      expect(await page.getByTestId('report-offer').count()).toBe(0);
    },
    TIMEOUT,
  );
});
