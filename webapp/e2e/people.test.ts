// «Люди» in a real browser: the home menu opens the people screen, a person is saved with the natal form's city
// suggestions, the one-sided compatibility shows (the user has a chart), then a reading is asked about that
// person from the question screen («О ком вопрос?»): dealt with the fan, read, and the text speaks of her in the
// third person by name. Light and dark, with screenshots of the people screen at 390 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { describeFindings, runAxe } from './axe';
import { pageApi } from './page-api';
import { nextFanCard } from './ritual-helpers';
import { settled } from './settled';

const TIMEOUT = 150_000;

async function drawCards(page: Page, count: number) {
  const deck = nextFanCard(page);
  for (let i = 1; i <= count; i++) {
    await expect.poll(() => deck.isEnabled(), { timeout: 15_000 }).toBe(true);
    await deck.click();
    await expect.poll(() => page.getByTestId('drawn-card').count()).toBe(i);
  }
}

describe.runIf(browserAvailable())('people (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  for (const theme of ['light', 'dark'] as const)
    it(
      `saves a person, shows the one-sided compatibility, and a reading about her speaks of her by name (${theme})`,
      async () => {
        const { page, consoleErrors } = await env.newPage();
        const user = theme === 'light' ? 370_001 : 370_002;
        await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Вера&plan=vip&theme=${theme}`);
        await page.getByTestId('people-link').click();
        await page.getByTestId('people-empty').waitFor();
        expect((await pageApi(page, 'POST', '/api/natal/chart', { date: '1990-05-15', time: '12:30', city: 'Москва' })).status).toBe(200);

        await page.getByTestId('person-add').click();
        await page.getByTestId('person-name').fill('Лена');
        await page.getByTestId('person-relation').selectOption('friend_f');
        await page.getByTestId('person-with-birth').check();
        await page.getByTestId('person-date').fill('1992-03-08');
        await page.getByTestId('person-time').fill('07:15');
        await page.getByTestId('natal-city').fill('Казан');
        await page.getByTestId('city-option').first().click();
        await page.getByTestId('person-save').click();
        await expect.poll(() => page.getByTestId('person-item').count(), { timeout: 10_000 }).toBe(1);
        expect(await page.getByTestId('person-item').textContent()).toContain('Лена');
        expect(await page.getByTestId('person-item').textContent()).toContain('подруга · 08.03.1992');

        await page.getByTestId('person-synastry-toggle').click();
        await page.getByTestId('synastry').waitFor();
        expect(await page.getByTestId('one-sided').textContent()).toContain(
          'Односторонняя совместимость: Лена не участвовал(а) в расчёте.',
        );
        expect(await page.getByTestId('synastry-note').textContent()).toContain('Совместимость односторонняя');
        await settled(page);
        const axe = await runAxe(page);
        expect(describeFindings([...axe.contrast, ...axe.serious])).toBe('');
        await env.screenshot(page, `people-${theme}`);

        // A bad name is refused under its field, in Russian.
        await page.getByTestId('person-add').click();
        await page.getByTestId('person-name').fill('123');
        await page.getByTestId('person-save').click();
        await page.getByTestId('person-form').getByText('В имени должна быть хотя бы одна буква').waitFor();
        expect(await page.getByTestId('person-error').count()).toBe(0);
        await env.screenshot(page, `people-form-${theme}`);

        // Ask about her: the question screen offers the saved people.
        await page.goto(`${env.baseUrl}/spread-menu`);
        await page.getByTestId('spread-past_present_future').click();
        await page.getByTestId('question-input').fill('Как она относится ко мне сейчас?');
        await page.getByTestId('about-person').waitFor();
        await page.getByTestId('about-person-option').filter({ hasText: 'Лена' }).click();
        expect(await page.getByTestId('about-person-option').getAttribute('aria-pressed')).toBe('true');
        await page.getByTestId('question-continue').click();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/cards');
        await drawCards(page, 3);
        await page.getByTestId('get-answer').click();
        const text = page.getByTestId('interpretation-text');
        await expect
          .poll(() => text.textContent(), { timeout: 30_000 })
          .toContain('Этот расклад — о человеке, о котором вы спросили: Лена (ваша подруга).');
        expect(await text.textContent()).toContain('Здесь в центре она, а вы смотрите со стороны.');
        const archive = (await pageApi(page, 'GET', '/api/user/readings')).data.readings;
        expect(archive[0].person).toEqual({ name: 'Лена', relation: 'friend_f' });
        // The refused name's 400 is the one expected error.
        expect(consoleErrors.filter((line) => !line.includes('status of 400'))).toEqual([]);
      },
      TIMEOUT,
    );
});
