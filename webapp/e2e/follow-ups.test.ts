// «Уточнить» in a real browser against the real server and a fake OpenAI: under the interpretation right
// after a reading, in the history, the card-based answer with a free retry when the AI fails, and the locked
// state with the offer for a free user. Screenshots in light and dark.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fake-openai';
import { pageApi } from './page-api';
import { nextFanCard } from './ritual-helpers';

const TIMEOUT = 120_000;
const READING = '## Анализ карт\n\nКарты говорят о переменах.\n\n## Общий вывод\n\nДоверьтесь себе.';
const ANSWER = '## Уточнение\n\nУточняющая карта советует начать с малого: один честный разговор на этой неделе.';

describe.runIf(browserAvailable())('follow-ups (browser)', () => {
  let env: BrowserEnv;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ firstTokenDelayMs: 0, tokenDelayMs: 5, text: READING });
    env = await startBrowserEnv({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-e2e' });
  });
  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

  async function ask(page: Page, question: string) {
    await page.getByTestId('follow-up-input').fill(question);
    await page.getByTestId('follow-up-ask').click();
  }

  it(
    'under the interpretation: a VIP asks, a clarifying card is drawn and the answer streams in',
    async () => {
      fake.set({ mode: 'ok', text: READING });
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=660001&name=Лиза&plan=vip&to=/question`);
      await page.getByTestId('question-input').fill('Стоит ли мне переезжать?');
      await page.getByTestId('question-continue').click();
      const deck = nextFanCard(page);
      for (let i = 1; i <= 3; i++) {
        await expect.poll(() => deck.isEnabled(), { timeout: 15_000 }).toBe(true);
        await deck.click();
        await expect.poll(() => page.getByTestId('drawn-card').count()).toBe(i);
      }
      await page.getByTestId('get-answer').click();
      await expect.poll(() => page.getByTestId('interpretation-text').textContent(), { timeout: 20_000 }).toContain('Доверьтесь себе');
      await expect.poll(() => page.getByTestId('follow-up-remaining').textContent()).toBe('Осталось уточнений: 3 из 3');
      const tableCards = await page.getByTestId('result-card-name').allTextContents();

      fake.set({ text: ANSWER, tokenDelayMs: 20 });
      await ask(page, 'С чего начать переезд?');
      await page.getByTestId('follow-up-card').waitFor();
      const card = (await page.getByTestId('follow-up-card').textContent())!;
      expect(tableCards).not.toContain(card);
      await expect.poll(() => page.getByTestId('follow-up-answer').textContent(), { timeout: 15_000 }).toContain('один честный разговор');
      expect(await page.getByTestId('follow-up-question').textContent()).toBe('«С чего начать переезд?»');
      await expect.poll(() => page.getByTestId('follow-up-remaining').textContent()).toBe('Осталось уточнений: 2 из 3');
      expect(await page.getByTestId('follow-up-fallback').count()).toBe(0);
      await expect.poll(() => page.getByTestId('follow-up-input').inputValue()).toBe('');
      await page.getByTestId('follow-up').scrollIntoViewIfNeeded();
      await env.screenshot(page, 'follow-up-light');
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'in the history: an AI failure shows the card-based answer and the free retry replaces it (dark)',
    async () => {
      fake.set({ mode: 'ok', text: READING, tokenDelayMs: 2 });
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=660002&name=Лиза&plan=basic&theme=dark`);
      await page.getByTestId('greeting').waitFor();
      const r = await pageApi(page, 'POST', '/api/readings', { spreadType: 'love_relationship', question: 'Будем ли мы вместе?' });
      await page.goto(`${env.baseUrl}/history/${r.data.id}`);
      await expect.poll(() => page.getByTestId('interpretation-text').textContent(), { timeout: 20_000 }).toContain('Доверьтесь себе');
      await expect.poll(() => page.getByTestId('follow-up-remaining').textContent()).toBe('Осталось уточнений: 1 из 1');

      fake.set({ mode: 'fail' });
      await ask(page, 'Что ему мешает сделать шаг?');
      await page.getByTestId('follow-up-fallback').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('follow-up-answer').textContent()).toContain('Что ему мешает сделать шаг?');
      expect(await page.getByTestId('follow-up-spent').textContent()).toBe(
        'Уточнения к этому раскладу закончились (1 из 1). Новый вопрос — новый расклад.',
      );
      await env.screenshot(page, 'follow-up-fallback-dark');

      fake.set({ mode: 'ok', text: ANSWER });
      await page.getByTestId('follow-up-retry').click();
      await expect.poll(() => page.getByTestId('follow-up-answer').textContent(), { timeout: 15_000 }).toContain('один честный разговор');
      await expect.poll(() => page.getByTestId('follow-up-retry').count()).toBe(0);
      expect(await page.getByTestId('follow-up-fallback').count()).toBe(0);

      // After a reload the history shows the stored follow-up.
      await page.reload();
      await expect.poll(() => page.getByTestId('follow-up-answer').textContent(), { timeout: 15_000 }).toContain('один честный разговор');
      await env.screenshot(page, 'follow-up-dark');
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'a free user sees «Уточнить» locked with the offer',
    async () => {
      fake.set({ mode: 'ok', text: READING, tokenDelayMs: 2 });
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=660003&name=Лиза`);
      await page.getByTestId('greeting').waitFor();
      const r = await pageApi(page, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Каким будет мой день?' });
      await page.goto(`${env.baseUrl}/history/${r.data.id}`);
      await page.getByTestId('follow-up-locked').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('follow-up-input').count()).toBe(0);
      await page.getByTestId('follow-up-locked').scrollIntoViewIfNeeded();
      await env.screenshot(page, 'follow-up-locked-light');
      await page.getByTestId('follow-up-offer').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/subscription');
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );
});
