// The interpretation screen in a real browser against the real server and a slow fake OpenAI: the first words
// are on screen while the provider is still writing, and the whole text arrives and is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { startFakeOpenAI, tokenize, type FakeOpenAI } from '../../test/fake-openai';
import { nextFanCard } from './ritual-helpers';

const TEXT = [
  '## Анализ карт',
  '',
  'Первая карта открывает новый путь. **Шут** зовёт вас в дорогу, а **Маг** даёт силы для начала.',
  '',
  '## Общий вывод',
  '',
  'Неделя обещает перемены к лучшему. Доверьтесь себе — финальное слово.',
].join('\n');

describe.runIf(browserAvailable())('interpretation stream (browser)', () => {
  let env: BrowserEnv;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    // 300 ms per token: about ten seconds from the first word to the last.
    fake = await startFakeOpenAI({ firstTokenDelayMs: 0, tokenDelayMs: 300, text: TEXT });
    env = await startBrowserEnv({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-e2e' });
  });
  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

  it('shows the first words before the provider has finished, then the whole text', async () => {
    const { page, consoleErrors } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=556001&name=Вера&to=/question`);
    await page.getByTestId('question-input').fill('Что принесёт мне эта неделя?');
    await page.getByTestId('question-continue').click();
    // The deck is enabled once the shuffle is over and the server has dealt.
    await nextFanCard(page).click({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('drawn-card').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const before = fake.requests.length;
    await page.getByTestId('get-answer').click();

    const text = page.getByTestId('interpretation-text');
    await expect.poll(() => text.textContent().catch(() => ''), { timeout: 15_000 }).toContain('Анализ карт');
    // The first words are visible and the provider has not sent its last token yet.
    const call = fake.requests[before];
    expect(call).toBeDefined();
    expect(call.finished).toBe(false);
    expect(call.tokensSent).toBeLessThan(tokenize(TEXT).length);
    expect(await text.textContent()).not.toContain('финальное слово');
    await env.screenshot(page, 'interpretation-streaming');

    await expect.poll(() => text.textContent(), { timeout: 30_000 }).toContain('финальное слово');
    expect(call.finished).toBe(true);
    expect(await page.getByTestId('fallback-notice').count()).toBe(0);
    expect(await page.locator('.interpretation h2, .interpretation h3').allTextContents()).toEqual(['Анализ карт', 'Общий вывод']);
    await env.screenshot(page, 'interpretation-done');
    expect(fake.requests.length).toBe(before + 1);
    expect(consoleErrors).toEqual([]);
  });
});
