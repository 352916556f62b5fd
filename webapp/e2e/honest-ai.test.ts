// The interpretation screen's honest states in a real browser against the real server: with no AI key the
// card-based interpretation is the product's (no error box, no Latin text, labelled, the whole spread);
// with a failing AI a calm note and «Спросить ИИ ещё раз», which, once the fake AI recovers, shows the AI's
// text for the same cards while the free spread stays used.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fake-openai';
import { nextFanCard } from './ritual-helpers';

const AI_TEXT = [
  '## Анализ карт',
  '',
  'Карты говорят голосом ИИ: ваш путь открыт.',
  '',
  '## Общий вывод',
  '',
  'Ответ ИИ — действуйте смело.',
].join('\n');

async function drawAndAsk(page: Page, baseUrl: string, user: number, cards: number) {
  await page.goto(`${baseUrl}/dev/launch?user=${user}&name=Вера&to=/question`);
  await page.getByTestId('question-input').fill('Что принесёт мне сегодняшний день?');
  await page.getByTestId('question-continue').click();
  const deck = nextFanCard(page);
  for (let i = 1; i <= cards; i++) {
    await expect.poll(() => deck.isEnabled(), { timeout: 15_000 }).toBe(true);
    await deck.click();
    await expect.poll(() => page.getByTestId('drawn-card').count()).toBe(i);
  }
  const names = await page.getByTestId('drawn-card-name').allTextContents();
  await page.getByTestId('get-answer').click();
  return names;
}

/** What the user reads on the page, less the plans' brand names (the second opinion's locked panel names Basic). */
const visibleText = (page: Page) => page.evaluate(() => document.body.innerText.replace(/\b(VIP|Basic)\b/g, ''));

describe.runIf(browserAvailable())('honest AI states (browser)', () => {
  describe('no AI key', () => {
    let env: BrowserEnv;
    beforeAll(async () => {
      env = await startBrowserEnv({});
    });
    afterAll(async () => {
      await env?.close();
    });

    it('shows the card-based reading of the whole spread with no error box and no Latin text', async () => {
      const { page, consoleErrors } = await env.newPage();
      // The free spread deals three cards; the user turns two and asks: the third turns too and all are read.
      const turned = await drawAndAsk(page, env.baseUrl, 557001, 2);
      expect(turned).toHaveLength(2);
      const text = page.getByTestId('interpretation-text');
      await expect.poll(() => text.textContent(), { timeout: 20_000 }).toContain('Общий вывод');
      await page.getByTestId('disclaimer').waitFor();
      expect(await page.getByTestId('error-block').count()).toBe(0);
      expect(await page.getByTestId('fallback-notice').textContent()).toContain('Толкование составлено по классическим значениям карт');
      expect(await page.getByTestId('ask-ai-again').count()).toBe(0);
      expect(await page.getByTestId('ai-failed-note').count()).toBe(0);
      const names = await page.getByTestId('result-card-name').allTextContents();
      expect(names).toHaveLength(3);
      expect(names.slice(0, 2)).toEqual(turned);
      expect(await page.locator('[data-testid=interpretation-text] strong').allTextContents()).toEqual(expect.arrayContaining(names));
      const page_ = await visibleText(page);
      expect(page_).not.toMatch(/[A-Za-z]/);
      expect(page_).not.toContain('Не удалось получить толкование');
      expect(await page.getByTestId('disclaimer').textContent()).not.toMatch(/ИИ|искусственн/);
      await env.screenshot(page, 'interpretation-no-ai');
      expect(consoleErrors).toEqual([]);
    });
  });

  describe('a failing AI that recovers', () => {
    let env: BrowserEnv;
    let fake: FakeOpenAI;
    beforeAll(async () => {
      fake = await startFakeOpenAI({ mode: 'fail', text: AI_TEXT });
      env = await startBrowserEnv({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-e2e' });
    });
    afterAll(async () => {
      await env?.close();
      await fake?.close();
    });

    it('«Спросить ИИ ещё раз» brings the AI text for the same cards; the free spread stays used', async () => {
      const { page } = await env.newPage();
      const names = await drawAndAsk(page, env.baseUrl, 557002, 3);
      const text = page.getByTestId('interpretation-text');
      await expect.poll(() => text.textContent(), { timeout: 20_000 }).toContain('Общий вывод');
      await page.getByTestId('ask-ai-again').waitFor();
      expect(await page.getByTestId('error-block').count()).toBe(0);
      expect(await page.getByTestId('ai-failed-note').textContent()).toContain('бесплатно, по тем же картам');
      expect(await visibleText(page)).not.toMatch(/[A-Za-z]/);
      await env.screenshot(page, 'interpretation-ai-failed');
      const calls = fake.requests.length;

      fake.set({ mode: 'ok' });
      await page.getByTestId('ask-ai-again').click();
      await expect.poll(() => text.textContent(), { timeout: 20_000 }).toContain('Ответ ИИ — действуйте смело.');
      // Every card-based reading opens by naming its spread («…вот что показывает расклад дня»); the AI text does not.
      expect(await text.textContent()).not.toContain('расклад дня');
      expect(await page.getByTestId('fallback-notice').count()).toBe(0);
      expect(await page.getByTestId('result-card-name').allTextContents()).toEqual(names);
      expect(fake.requests.length).toBe(calls + 1);
      // The AI got the same cards.
      const prompt: string = fake.requests[calls].body.messages[1].content;
      for (const n of names) expect(prompt).toContain(`: ${n} (`);
      await env.screenshot(page, 'interpretation-ai-again');

      // The free spread stays used: home shows the countdown, not a fresh free spread.
      await page.getByTestId('new-reading').click();
      await expect
        .poll(() => page.getByTestId('free-spread-badge').textContent(), { timeout: 10_000 })
        .toContain('Бесплатный расклад использован');
    });
  });
});
