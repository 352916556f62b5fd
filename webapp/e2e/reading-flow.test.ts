// The reading flow in a real browser against the real server on a fresh database, with a fake OpenAI on
// 127.0.0.1: home → spread menu → question → cards → interpretation; the daily limit; paid-only spreads;
// the fallback when the AI fails.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { namingPromptCards, startFakeOpenAI, type FakeOpenAI } from '../../test/fake-openai';
import { settled } from './settled';
import { nextFanCard } from './ritual-helpers';

const TIMEOUT = 120_000;

/** Console errors the browser prints for answers a test provokes on purpose (a refused spread). */
const expectedHttpError = (statuses: number[]) => (line: string) => !statuses.some((s) => line.includes(`status of ${s}`));

async function drawCards(page: Page, count: number): Promise<string[]> {
  const deck = nextFanCard(page);
  for (let i = 1; i <= count; i++) {
    await expect.poll(() => deck.isEnabled(), { timeout: 15_000 }).toBe(true);
    await deck.click();
    await expect.poll(() => page.getByTestId('drawn-card').count()).toBe(i);
  }
  return page.getByTestId('drawn-card-name').allTextContents();
}

describe.runIf(browserAvailable())('reading flow (browser)', () => {
  let env: BrowserEnv;
  let ai: FakeOpenAI;

  beforeAll(async () => {
    ai = await startFakeOpenAI({ tokenDelayMs: 5, textFor: namingPromptCards });
    env = await startBrowserEnv({ OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: ai.baseUrl, OPENAI_TIMEOUT_MS: '20000' });
  });
  afterAll(async () => {
    await env?.close();
    await ai?.close();
  });

  it(
    'a free user goes home → spread menu → question → cards → interpretation, then a second free spread is refused with a countdown',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=610001&name=Вера`);
      await expect.poll(() => page.getByTestId('greeting').textContent()).toBe('Здравствуйте, Вера!');
      await expect.poll(() => page.getByTestId('free-spread-badge').textContent()).toContain('Бесплатный расклад доступен');
      await env.screenshot(page, 'home');

      await page.getByTestId('personal-spread').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/spread-menu');
      await page.getByTestId('spread-free_daily').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/question');
      expect(await page.getByTestId('question-title').textContent()).toBe('Ваш вопрос на сегодня');
      await page.getByTestId('question-input').fill('Что принесёт мне сегодняшний день?');
      await page.getByTestId('question-continue').click();

      await expect.poll(() => new URL(page.url()).pathname).toBe('/cards');
      expect(await page.getByTestId('cards-question').textContent()).toContain('Что принесёт мне сегодняшний день?');
      expect(await page.getByTestId('get-answer').isEnabled()).toBe(false);
      const names = await drawCards(page, 3);
      expect(names).toHaveLength(3);
      expect(await page.getByTestId('cards-counter').textContent()).toBe('Выбрано карт: 3 из 3');
      // No fourth card: the fan is gone, the deck lies aside.
      expect(await page.getByTestId('fan-card').count()).toBe(0);
      await settled(page); // the last card's flip, for the picture
      await env.screenshot(page, 'cards');

      // Hold the AI before its first token: the loading screen shows meanwhile.
      const release = ai.hold();
      await page.getByTestId('get-answer').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/interpretation');
      await page.getByTestId('loading-screen').waitFor();
      expect(await page.getByTestId('loading-tip').textContent()).toMatch(/Совет таролога.{10,}/);
      await env.screenshot(page, 'loading');
      release();

      await expect
        .poll(() => page.getByTestId('interpretation-text').textContent(), { timeout: 20_000 })
        .toContain('Карты советуют довериться себе');
      expect(await page.getByTestId('loading-screen').count()).toBe(0);
      expect(await page.getByTestId('result-card-name').allTextContents()).toEqual(names);
      expect(await page.getByTestId('result-question').textContent()).toContain('Что принесёт мне сегодняшний день?');
      // Sections and bold came through as elements.
      expect(await page.locator('[data-testid=interpretation-text] h3').first().textContent()).toBe('Анализ карт');
      // The AI was asked about the three cards on the table, in their order.
      expect(await page.locator('[data-testid=interpretation-text] strong').allTextContents()).toEqual(names);
      expect(await page.getByTestId('fallback-notice').count()).toBe(0);
      await page.getByTestId('vip-offer').waitFor();
      // «All spreads» is VIP: the offer names VIP's price, not Basic's.
      await expect.poll(() => page.getByTestId('vip-offer').textContent()).toMatch(/VIP за 499\s₽ в месяц/);
      expect(await page.getByTestId('thanks').textContent()).toContain('Вера');
      await env.screenshot(page, 'interpretation');

      // The archive keeps it.
      await page.getByTestId('new-reading').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await expect
        .poll(() => page.getByTestId('free-spread-badge').textContent())
        .toMatch(/Бесплатный расклад использован · новый через \d+ ч \d+ мин \d+ сек|новый через \d+ мин \d+ сек/);

      // The second free spread today: the menu shows the countdown and refuses it.
      await page.getByTestId('personal-spread').click();
      await expect.poll(() => page.getByTestId('spread-quota').textContent()).toMatch(/^Новые расклады через (\d+ ч )?(\d+ мин )?\d+ сек$/);
      await page.getByTestId('spread-free_daily').click();
      await expect.poll(() => page.getByTestId('limit-notice').textContent()).toContain('Бесплатный расклад на сегодня уже использован');
      expect(new URL(page.url()).pathname).toBe('/spread-menu');

      // The server refuses it too (429) when a start link goes straight to the cards: the countdown shows.
      const userData = JSON.stringify({ initialScreen: 'cards', spreadType: 'free_daily', userQuestion: 'Ещё один вопрос на сегодня?' });
      await page.goto(`${env.baseUrl}/cards?user_data=${encodeURIComponent(userData)}`);
      await page.getByTestId('limit-reached').waitFor();
      expect(await page.getByTestId('limit-countdown').textContent()).toMatch(/^(\d+ ч )?(\d+ мин )?\d+ сек$/);
      expect(await page.getByTestId('limit-reached').textContent()).toContain('Бесплатный расклад на сегодня уже использован');

      expect(consoleErrors.filter(expectedHttpError([429]))).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'a paid-only spread sends a free user to the subscription screen',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=610002&name=Олег&to=/spread-menu`);
      await page.getByTestId('spread-quota').waitFor();
      // Tapping a locked spread first says why; the subscription screen on request.
      await page.getByTestId('spread-love_relationship').click();
      await page.getByTestId('locked-spread').waitFor();
      expect(await page.getByTestId('locked-why').textContent()).toContain('Этот расклад открывают «Неделя безлимита», «Basic» и «VIP»');
      await page.getByTestId('locked-subscribe').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/subscription');
      // A VIP-only spread too, even when reached by a start link (the server answers 402).
      await page.goto(`${env.baseUrl}/dev/launch?user=610002&name=Олег&to=/spread-menu`);
      await page.getByTestId('spread-celtic_cross').click();
      await page.getByTestId('locked-subscribe').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/subscription');
      const userData = JSON.stringify({ initialScreen: 'cards', spreadType: 'celtic_cross', userQuestion: 'Что меня ждёт в этом году?' });
      await page.goto(`${env.baseUrl}/cards?user_data=${encodeURIComponent(userData)}`);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/subscription');
      expect(consoleErrors.filter(expectedHttpError([402]))).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    '«Разложить все» turns every card of a five-card spread in order; a three-card spread has no such button',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=610004&name=Ольга&plan=vip&to=/question`);
      await page.getByTestId('question-input').fill('Что поможет мне двигаться дальше?');
      await page.getByTestId('question-continue').click();
      await expect.poll(() => page.getByTestId('cards-counter').textContent(), { timeout: 15_000 }).toBe('Выбрано карт: 0 из 3');
      expect(await page.getByTestId('turn-all').count()).toBe(0);

      await page.goto(`${env.baseUrl}/spread-menu`);
      await page.getByTestId('spread-spiritual_guidance').click();
      await page.getByTestId('question-input').fill('Какой урок мне сейчас важно усвоить?');
      await page.getByTestId('question-continue').click();
      await expect.poll(() => page.getByTestId('cards-counter').textContent(), { timeout: 15_000 }).toBe('Выбрано карт: 0 из 5');
      await expect.poll(() => page.getByTestId('turn-all').isEnabled(), { timeout: 15_000 }).toBe(true);
      await page.getByTestId('turn-all').click();
      await expect.poll(() => page.getByTestId('drawn-card').count(), { timeout: 10_000 }).toBe(5);
      expect(await page.getByTestId('cards-counter').textContent()).toBe('Выбрано карт: 5 из 5');
      // Nothing is left to lay out: the button goes, the answer stays.
      expect(await page.getByTestId('turn-all').count()).toBe(0);
      const names = await page.getByTestId('drawn-card-name').allTextContents();
      await page.getByTestId('get-answer').click();
      await page.getByTestId('interpretation-text').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('result-card-name').allTextContents()).toEqual(names);
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'a VIP user draws two cards of the ten-card Celtic cross and asks: all ten turn; when the AI fails the card-based reading of the whole spread shows with a calm note',
    async () => {
      ai.set({ mode: 'fail' });
      try {
        // With motion: the eight cards left turn one by one before the answer opens (at once, with reduced motion).
        const { page, consoleErrors } = await env.newPage({ motion: true });
        await page.goto(`${env.baseUrl}/dev/launch?user=610003&name=Ирина&plan=vip&theme=dark`);
        await expect.poll(() => page.getByTestId('plan-badge').textContent()).toMatch(/^VIP до \d{2}\.\d{2}\.\d{4}$/);
        // Home's lower half is its own chunk: waited for, not counted at once.
        await page.getByTestId('manage-subscription').waitFor();
        expect(await page.getByTestId('vip-access').count()).toBe(0);
        await page.getByTestId('personal-spread').click();
        await page.getByTestId('spread-celtic_cross').click();
        await page.getByTestId('question-input').fill('Чем закончится ситуация на работе?');
        await page.getByTestId('question-continue').click();
        await expect.poll(() => page.getByTestId('cards-counter').textContent()).toBe('Выбрано карт: 0 из 10');
        await drawCards(page, 2);
        await env.screenshot(page, 'cards-celtic-dark');
        await page.getByTestId('get-answer').click();
        // The remaining eight turn in order on the table before the answer opens.
        await expect.poll(() => page.getByTestId('cards-counter').textContent(), { timeout: 10_000 }).toBe('Выбрано карт: 10 из 10');
        await page.getByTestId('fallback-notice').waitFor({ timeout: 30_000 });
        expect(await page.getByTestId('fallback-notice').textContent()).toContain('по классическим значениям карт');
        expect((await page.getByTestId('interpretation-text').textContent())?.length).toBeGreaterThan(100);
        // A calm note and «Спросить ИИ ещё раз», no error box.
        await page.getByTestId('ask-ai-again').waitFor();
        expect(await page.getByTestId('error-block').count()).toBe(0);
        // The whole spread is interpreted and listed, not only the two cards turned by hand.
        expect(await page.getByTestId('result-card').count()).toBe(10);
        expect(await page.getByTestId('vip-offer').count()).toBe(0);
        await env.screenshot(page, 'interpretation-fallback-dark');
        expect(consoleErrors).toEqual([]);
      } finally {
        ai.set({ mode: 'ok' });
      }
    },
    TIMEOUT,
  );
});
