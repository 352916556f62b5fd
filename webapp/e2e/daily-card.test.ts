// The daily card's own page at 390 px, light and dark: the card's meaning for today as a paragraph, one
// question for the day, a note that lands in the journal, and one paid offer at most; the interactive card
// does not invite to draw above a card already drawn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { pageApi } from './page-api';
import { imagesLoaded, path } from './ritual-helpers';
import { settled } from './settled';

const TIMEOUT = 120_000;

describe.runIf(browserAvailable())('daily card page (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  }, 180_000);
  afterAll(() => env?.close());

  for (const theme of ['light', 'dark'] as const) {
    it(
      `${theme}: paragraph, question and note; the note is in the journal`,
      async () => {
        const { page, consoleErrors } = await env.newPage();
        const user = theme === 'light' ? 651001 : 651002;
        await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Ира&theme=${theme}`);
        await page.getByTestId('greeting').waitFor();
        await page.goto(`${env.baseUrl}/daily-card`);
        await page.getByTestId('daily-card-back').click();
        await page.getByTestId('daily-card-name').waitFor();

        const today = (await pageApi(page, 'GET', '/api/user/daily-card/available')).data.today;
        // A real paragraph (several sentences), the server's words for this card.
        const paragraph = (await page.getByTestId('daily-card-meaning').textContent())!;
        expect(paragraph).toBe(today.today.paragraph);
        expect(paragraph.split(/[.!?]\s/).length).toBeGreaterThanOrEqual(3);
        const question = (await page.getByTestId('daily-question').textContent())!;
        expect(question).toBe(today.today.question);
        expect(question.trim().endsWith('?')).toBe(true);
        // One paid offer at most.
        await page.getByTestId('daily-advice').waitFor();
        expect(await page.locator('[data-testid=daily-advice], [data-testid=daily-more]').count()).toBe(1);
        await imagesLoaded(page);
        await settled(page);
        await env.screenshot(page, `daily-card-page-${theme}`);

        // The note: saved on the day, still there after a reload, listed in the journal.
        const note = theme === 'light' ? 'Разговор с сестрой прошёл тепло.' : 'Отложила решение до завтра — и правильно.';
        await page.getByTestId('daily-note').fill(note);
        await page.getByTestId('daily-note-save').click();
        await page.getByTestId('daily-note-saved').waitFor();
        await page.getByTestId('daily-note').scrollIntoViewIfNeeded();
        await settled(page);
        await env.screenshot(page, `daily-card-note-${theme}`);
        await page.reload();
        await expect.poll(() => page.getByTestId('daily-note').inputValue()).toBe(note);
        await page.getByTestId('daily-note-journal').click();
        await expect.poll(() => path(page)).toBe('/journal');
        await expect.poll(() => page.getByTestId('journal-day-note').first().innerText()).toContain(note);
        expect(await page.getByTestId('journal-day-note').first().innerText()).toContain(today.card.name);
        await settled(page);
        await env.screenshot(page, `journal-day-notes-${theme}`);

        // The interactive card, already drawn: no «Вытяните карту…» above it.
        await page.goto(`${env.baseUrl}/interactive-daily-card`);
        await page.getByTestId('interactive-card-name').waitFor();
        expect(await page.locator('body').innerText()).not.toContain('Вытяните карту');
        await imagesLoaded(page);
        await settled(page);
        await env.screenshot(page, `interactive-daily-drawn-${theme}`);
        expect(consoleErrors).toEqual([]);
      },
      TIMEOUT,
    );
  }
});
