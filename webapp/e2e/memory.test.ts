// «Память толкователя» in a real browser: two earlier work readings with the Tower (made through the API and
// dated back in the database: the browser cannot wait weeks), then a third entered card by card in the app —
// its reading recalls the Tower's earlier days and the last question, with their dates. The settings list what
// memory holds; «Забыть» removes a reading from it, the switch turns memory off and the next reading recalls
// nothing. Light and dark, with screenshots at 390 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayLabel } from '../../domain/reading/memory';
import { DAY_MS, localDate } from '../../domain/text/time';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { describeFindings, runAxe } from './axe';
import { pageApi } from './page-api';
import { settled } from './settled';

const TIMEOUT = 150_000;
const own = (...ids: string[]) => ids.map((id) => ({ id, reversed: false }));

describe.runIf(browserAvailable())('reader memory (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  /** Two earlier work readings with the Tower, `daysAgo` back; returns their ids and the expected date labels. */
  async function earlier(page: Page, user: number) {
    const tz = (await pageApi(page, 'GET', '/api/user/status')).data.userStatus.timeZone as string;
    const made: { id: number; label: string }[] = [];
    for (const [daysAgo, question, cards] of [
      [20, 'Стоит ли мне менять работу?', own('tower', 'sun', 'ace-of-cups')],
      [5, 'Что ждёт меня на работе в этом месяце?', own('moon', 'tower', 'star')],
    ] as const) {
      const r = await pageApi(page, 'POST', '/api/readings', { spreadType: 'past_present_future', question, ownCards: cards });
      expect(r.status).toBe(201);
      const when = new Date(Date.now() - daysAgo * DAY_MS);
      await env.app.db.updateTable('readings').set({ created_at: when }).where('id', '=', r.data.id).where('user_id', '=', user).execute();
      made.push({ id: r.data.id, label: dayLabel(localDate(when, tz), localDate(new Date(), tz)) });
    }
    return made;
  }

  /** A third work reading entered in the app from a physical deck: the Fool, the Hermit, the Tower. */
  async function thirdInApp(page: Page) {
    await page.goto(`${env.baseUrl}/spread-menu`);
    await page.getByTestId('mode-own-deck').click();
    await page.getByTestId('spread-past_present_future').click();
    await page.getByTestId('question-input').fill('Получу ли я повышение на работе?');
    await page.getByTestId('question-continue').click();
    await page.getByTestId('own-positions').waitFor();
    await page.getByTestId('own-suit-major').click();
    for (const id of ['fool', 'hermit', 'tower']) await page.getByTestId(`own-card-${id}`).click();
    await page.getByTestId('own-submit').click();
    await page.getByTestId('interpretation-text').waitFor({ timeout: 30_000 });
    await page.getByTestId('new-reading').waitFor({ timeout: 30_000 });
    return (await page.getByTestId('interpretation-text').textContent()) ?? '';
  }

  async function openSettings(page: Page) {
    await page.goto(`${env.baseUrl}/settings`);
    await page.getByTestId('reader-memory').getByTestId('memory-toggle').waitFor();
    await page.getByTestId('reader-memory').scrollIntoViewIfNeeded();
  }

  for (const theme of ['light', 'dark'] as const)
    it(
      `a third work reading recalls the earlier ones with dates; the settings forget one and switch memory off (${theme})`,
      async () => {
        const { page, consoleErrors } = await env.newPage();
        const user = theme === 'light' ? 520_001 : 520_002;
        await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Вера&plan=vip&theme=${theme}&to=/spread-menu`);
        await page.getByTestId('spread-menu').waitFor();
        const [a, b] = await earlier(page, user);

        const text = await thirdInApp(page);
        expect(text).toContain(`Башня выпадает вам уже третий раз за месяц в вопросах о работе: прежде — ${a.label} и ${b.label}.`);
        expect(text).toContain(`В прошлый раз, ${b.label}, вы спрашивали: «Что ждёт меня на работе в этом месяце?»`);
        await page.getByText('выпадает вам уже третий раз').scrollIntoViewIfNeeded();
        await env.screenshot(page, `memory-reading-${theme}`);

        await openSettings(page);
        const items = page.getByTestId('memory-reading');
        await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(3);
        expect(await page.getByTestId('memory-returning').textContent()).toContain('Башня — 3 раза в вопросах о работе');
        await settled(page);
        const axe = await runAxe(page);
        expect(describeFindings([...axe.contrast, ...axe.serious])).toBe('');
        await env.screenshot(page, `memory-settings-${theme}`);

        // «Забыть» the oldest: it leaves memory (the archive keeps it).
        await items.filter({ hasText: 'Стоит ли мне менять работу?' }).getByTestId('memory-forget').click();
        await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(2);
        expect((await pageApi(page, 'GET', '/api/memory')).data.readings.map((r: any) => r.id)).not.toContain(a.id);

        // Memory off: the switch says so, and the next work reading recalls nothing.
        await page.getByTestId('memory-toggle').click();
        await page.getByText('Каждый расклад читается сам по себе').waitFor({ timeout: 10_000 });
        expect(await page.getByTestId('memory-toggle').isChecked()).toBe(false);
        await env.screenshot(page, `memory-settings-off-${theme}`);
        const next = await pageApi(page, 'POST', '/api/readings', {
          spreadType: 'past_present_future',
          question: 'Как сложится мой проект на работе?',
          ownCards: own('tower', 'world', 'chariot'),
        });
        const read = await pageApi(page, 'GET', `/api/readings/${next.data.id}/interpretation`);
        expect(read.data.interpretation).not.toMatch(/В прошлый раз|выпадает вам уже|Сегодня вы уже/);
        expect(consoleErrors).toEqual([]);
      },
      TIMEOUT,
    );
});
