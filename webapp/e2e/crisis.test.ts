// A crisis question in a real browser against the real server: the question screen shows the warm message and
// the free help lines (tappable numbers) and no cards; a start link that goes straight to the cards gets the
// server's answer (422 with the lines) and shows the same; nothing is charged either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_LINES } from '../../domain/reading/crisis';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { settled } from './settled';
import { nextFanCard } from './ritual-helpers';

const TIMEOUT = 120_000;
const CRISIS = 'Я не хочу жить, стоит ли всё закончить?';

describe.runIf(browserAvailable())('crisis question (browser)', () => {
  let env: BrowserEnv;

  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(async () => {
    await env?.close();
  });

  const readingsOf = (user: number) => env.app.db.selectFrom('readings').select('id').where('user_id', '=', user).execute();

  it(
    'asked on the question screen: the help message and lines, no cards, the free spread kept',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=620001&name=Лена&to=/spread-menu`);
      await page.getByTestId('spread-free_daily').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/question');
      await page.getByTestId('question-input').fill(CRISIS);
      await page.getByTestId('question-continue').click();

      await page.getByTestId('crisis-help').waitFor();
      expect(await page.getByTestId('crisis-message').textContent()).toContain('Похоже, вам сейчас очень тяжело');
      const lines = page.getByTestId('crisis-line');
      expect(await lines.allTextContents()).toEqual([HELP_LINES.trust.phone, HELP_LINES.emergency.phone]);
      expect(await lines.first().getAttribute('href')).toBe(`tel:${HELP_LINES.trust.tel}`);
      expect(await page.getByTestId('crisis-help').textContent()).toContain('возвращайтесь к картам');
      // No cards: the screen stayed on the question, with no deck and no card drawn.
      expect(new URL(page.url()).pathname).toBe('/question');
      expect(await nextFanCard(page).count()).toBe(0);
      expect(await page.getByTestId('drawn-card').count()).toBe(0);
      await settled(page);
      await env.screenshot(page, 'crisis-question');
      expect(await readingsOf(620001)).toEqual([]);

      // Back to the question, and home: the free spread of the day is still there.
      await page.getByTestId('crisis-change-question').click();
      await page.getByTestId('question-input').waitFor();
      await page.goto(`${env.baseUrl}/dev/launch?user=620001&name=Лена`);
      await expect.poll(() => page.getByTestId('free-spread-badge').textContent()).toContain('Бесплатный расклад доступен');
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'a start link straight to the cards: the server answers with the help lines, and no cards are dealt',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=620002&name=Ира`);
      await page.getByTestId('greeting').waitFor();
      const userData = JSON.stringify({
        initialScreen: 'cards',
        spreadType: 'free_daily',
        userQuestion: 'муж бьёт меня, что будет дальше?',
      });
      await page.goto(`${env.baseUrl}/cards?user_data=${encodeURIComponent(userData)}`);
      await page.getByTestId('crisis-help').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('crisis-line').allTextContents()).toEqual([
        HELP_LINES.emergency.phone,
        HELP_LINES.women.phone,
        HELP_LINES.trust.phone,
      ]);
      expect(await nextFanCard(page).count()).toBe(0);
      expect(await page.getByTestId('drawn-card').count()).toBe(0);
      expect(await readingsOf(620002)).toEqual([]);
      // The browser reports the refused call (422) as a console error; nothing else.
      expect(consoleErrors.filter((l) => !l.includes('status of 422'))).toEqual([]);
    },
    TIMEOUT,
  );
});
