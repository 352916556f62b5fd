// «Прогноз на год» in a real browser for a VIP user: in the spread menu, thirteen places on the table, and the
// reading of the whole year (three cards turned by hand, the rest by «Получить ответ») with the theme and the months (no AI key: the card-based text).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONTHS_RU } from '../../domain/tarot/spreads';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { nextFanCard } from './ritual-helpers';

describe.runIf(browserAvailable())('year forecast (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv({});
  });
  afterAll(async () => {
    await env?.close();
  });

  it('a VIP user reads the theme of the year and the months from this one', async () => {
    const { page, consoleErrors } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=558001&name=Ирина&plan=vip&to=/spread-menu`);
    await page.getByTestId('spread-year_forecast').click();
    await page.getByTestId('question-input').fill('Что принесёт мне этот год?');
    await page.getByTestId('question-continue').click();
    await expect.poll(() => page.getByTestId('cards-counter').textContent(), { timeout: 15_000 }).toBe('Выбрано карт: 0 из 13');
    const deck = nextFanCard(page);
    for (let i = 1; i <= 3; i++) {
      await expect.poll(() => deck.isEnabled(), { timeout: 15_000 }).toBe(true);
      await deck.click();
      await expect.poll(() => page.getByTestId('drawn-card').count()).toBe(i);
    }
    await env.screenshot(page, 'cards-year-forecast');
    await page.getByTestId('get-answer').click();
    const text = page.getByTestId('interpretation-text');
    await expect.poll(() => text.textContent(), { timeout: 20_000 }).toContain('Общий вывод');
    // Moscow's current month first.
    const month = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', month: 'numeric' }).format(new Date()));
    const months = [0, 1].map((i) => MONTHS_RU[(month - 1 + i) % 12]);
    const positions = await page.locator('[data-testid=result-card] .result-card-pos').allTextContents();
    // Three turned by hand, the other ten by «Получить ответ»: the whole year is read.
    expect(positions).toHaveLength(13);
    expect(positions.slice(0, 3)).toEqual(['1. Тема года', `2. ${months[0]}`, `3. ${months[1]}`]);
    const headings = await page.locator('[data-testid=interpretation-text] h3').allTextContents();
    expect(headings.slice(0, 3)).toEqual(['Тема года', ...months]);
    expect(headings.at(-1)).toBe('Общий вывод');
    expect(await page.getByTestId('error-block').count()).toBe(0);
    await env.screenshot(page, 'interpretation-year-forecast');
    expect(consoleErrors).toEqual([]);
  });
});
