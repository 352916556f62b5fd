// The concern tier in a real browser against the real server (no AI: the card-based reading): a question of
// despair without intent gets its reading, and the reading screen opens with the caring line and the trust line
// as a tappable number, above the interpretation, whose practical step is about rest. At 390 px, light and dark.
// And the day analysis's plans, the day card's free text: a crisis there gets the help lines, not an analysis.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONCERN_LINE, REST_STEPS } from '../../domain/reading/care';
import { HELP_LINES } from '../../domain/reading/crisis';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { nextFanCard } from './ritual-helpers';
import { settled } from './settled';

const TIMEOUT = 120_000;
const CONCERN = 'Всё бессмысленно, нет сил ни на что. Что меня ждёт в работе?';

async function askAndDraw(page: Page, baseUrl: string, user: number, theme: 'light' | 'dark') {
  await page.goto(`${baseUrl}/dev/launch?user=${user}&name=Нина&theme=${theme}&to=/question`);
  await page.getByTestId('question-input').fill(CONCERN);
  await page.getByTestId('question-continue').click();
  const deck = nextFanCard(page);
  for (let i = 1; i <= 3; i++) {
    await expect.poll(() => deck.isEnabled(), { timeout: 15_000 }).toBe(true);
    await deck.click();
    await expect.poll(() => page.getByTestId('drawn-card').count()).toBe(i);
  }
  await page.getByTestId('get-answer').click();
}

describe.runIf(browserAvailable())('concern tier (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv({});
  });
  afterAll(async () => {
    await env?.close();
  });

  it(
    'plans for the day that speak of a crisis get the help lines instead of a day analysis',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=630003&name=Оля&plan=basic&to=/interactive-daily-card`);
      await page.getByTestId('draw-card').click();
      await page.getByTestId('guidance-open').click();
      await page.getByTestId('guidance-plans').fill('Не хочу больше жить, сегодня всё закончу');
      await page.getByTestId('guidance-submit').click();
      await page.getByTestId('crisis-help').waitFor();
      expect(await page.getByTestId('crisis-line').first().textContent()).toBe(HELP_LINES.trust.phone);
      expect(await page.getByTestId('guidance-text').count()).toBe(0);
      // The browser reports the refused call (422) as a console error; nothing else.
      expect(consoleErrors.filter((l) => !l.includes('status of 422'))).toEqual([]);
    },
    TIMEOUT,
  );

  for (const [theme, user] of [
    ['light', 630_001],
    ['dark', 630_002],
  ] as const) {
    it(
      `the reading opens with the caring line and the help line (${theme})`,
      async () => {
        const { page, consoleErrors } = await env.newPage();
        expect(page.viewportSize()?.width).toBe(390);
        await askAndDraw(page, env.baseUrl, user, theme);
        const text = page.getByTestId('interpretation-text');
        await expect.poll(() => text.textContent(), { timeout: 20_000 }).toContain('Общий вывод');
        const care = page.getByTestId('care-opening');
        expect(await page.getByTestId('care-line').textContent()).toBe(CONCERN_LINE);
        expect(await page.getByTestId('care-phone').textContent()).toBe(HELP_LINES.trust.phone);
        expect(await page.getByTestId('care-phone').getAttribute('href')).toBe(`tel:${HELP_LINES.trust.tel}`);
        // Above the interpretation, which does not repeat it, and whose step is about rest.
        const [careBox, textBox] = [await care.boundingBox(), await text.boundingBox()];
        expect(careBox!.y + careBox!.height).toBeLessThanOrEqual(textBox!.y);
        const body = (await text.textContent()) ?? '';
        expect(body).not.toContain(HELP_LINES.trust.phone);
        expect(REST_STEPS.some((s) => body.includes(s.replace(/\*/g, '')))).toBe(true);
        // The whole panel fits the phone's width.
        expect(careBox!.x + careBox!.width).toBeLessThanOrEqual(390);
        // The reading ends with itself: nothing to share, buy or pitch under it, the footer and «Новый расклад» kept.
        await page.getByTestId('thanks').waitFor();
        for (const offer of ['share-bar', 'vip-offer', 'follow-ups', 'second-opinions'])
          expect(await page.getByTestId(offer).count(), offer).toBe(0);
        await settled(page);
        await env.screenshot(page, `care-concern-${theme}`);
        expect(consoleErrors).toEqual([]);
      },
      TIMEOUT,
    );
  }
});
