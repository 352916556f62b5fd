// The other reading-side screens in a real browser against the real server on a fresh database (no AI key:
// the fallback interpreter answers): question validation, the daily card, history, unknown paths, a lost
// connection, and the dark theme.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { settled } from './settled';
import { nextFanCard } from './ritual-helpers';

const TIMEOUT = 120_000;
const path = (page: Page) => new URL(page.url()).pathname;

describe.runIf(browserAvailable())('reading-side screens (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  it('the question screen keeps Continue disabled under 3 characters and counts to 500', async () => {
    const { page, consoleErrors } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=620001&name=Лена&to=/question`);
    const input = page.getByTestId('question-input');
    const next = page.getByTestId('question-continue');
    const counter = page.getByTestId('question-counter');
    await input.waitFor();
    // Pinch zoom stays allowed: nothing caps the scale.
    expect(await page.locator('meta[name=viewport]').getAttribute('content')).not.toMatch(/maximum-scale|user-scalable/);
    expect(await counter.textContent()).toBe('0/500');
    expect(await next.isEnabled()).toBe(false);
    await input.fill('ab');
    expect(await counter.textContent()).toBe('2/500');
    expect(await next.isEnabled()).toBe(false);
    await input.fill('   a   ');
    expect(await next.isEnabled()).toBe(false); // trimmed length counts
    // Emoji or signs alone are not a question: the form says so before anything is sent.
    await input.fill('🔮🔮🔮');
    expect(await next.isEnabled()).toBe(false);
    expect(await page.getByTestId('question-hint').textContent()).toBe('Напишите вопрос словами — хотя бы две буквы');
    await input.fill('abc');
    expect(await counter.textContent()).toBe('3/500');
    expect(await next.isEnabled()).toBe(true);
    await input.fill('я'.repeat(600));
    expect(await counter.textContent()).toBe('500/500');
    expect((await input.inputValue()).length).toBe(500);
    expect(await next.isEnabled()).toBe(true);
    // An example question fills the field.
    await page.locator('.chip').first().click();
    expect(await input.inputValue()).toBe('Что принесёт мне сегодняшний день?');
    // The typed question survives a reload.
    await input.fill('Мой вопрос переживёт перезагрузку?');
    await page.reload();
    await expect.poll(() => page.getByTestId('question-input').inputValue()).toBe('Мой вопрос переживёт перезагрузку?');
    expect(consoleErrors).toEqual([]);
  });

  it(
    'the daily card reveals once for a free user; home and the screen show that card all day',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=620002&name=Маша`);
      await page.getByTestId('greeting').waitFor();
      await page.goto(`${env.baseUrl}/daily-card`);
      await page.getByTestId('daily-card-back').click();
      await page.getByTestId('daily-card-name').waitFor();
      const name = (await page.getByTestId('daily-card-name').textContent())!.replace(' (перевёрнутая)', '');
      expect(name.length).toBeGreaterThan(2);
      expect((await page.getByTestId('daily-card-meaning').textContent())!.length).toBeGreaterThan(20);
      // One paid offer: the advice for this card with its price, in roubles in a browser.
      await expect.poll(() => page.getByTestId('daily-advice').textContent()).toMatch(/^Подробный совет — \d+\s₽$/);
      expect(await page.getByTestId('daily-more').count()).toBe(0);
      await settled(page);
      await env.screenshot(page, 'daily-card');

      // Home: today's card face up at the top, with «Открыть».
      await page.getByTestId('back').click();
      await expect.poll(() => path(page)).toBe('/');
      await expect.poll(() => page.getByTestId('home-daily-name').textContent()).toContain(name);
      expect(await page.getByTestId('home-daily-back').count()).toBe(0);
      // The VIP row names VIP's own price; a fresh database has too few readings for the figures strip.
      await expect
        .poll(() => page.getByTestId('vip-access').textContent())
        .toMatch(/Все расклады и безлимитная карта дня · VIP за 499\s₽ в месяц/);
      expect(await page.getByTestId('home-proof').count()).toBe(0);
      expect(await page.locator('.stat').count()).toBe(0);

      // Coming back (even by address): the same card with its meaning and the time to the next one.
      await page.goto(`${env.baseUrl}/daily-card`);
      await expect.poll(() => page.getByTestId('daily-card-name').textContent()).toContain(name);
      expect(await page.getByTestId('daily-countdown').textContent()).toMatch(/^(\d+ ч )?(\d+ мин )?\d+ сек$/);
      expect(await page.getByTestId('daily-card-back').count()).toBe(0);
      expect(await page.locator('body').innerText()).not.toContain('Возвращайтесь завтра');
      await env.screenshot(page, 'daily-card-again');
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'a reading lands in the history and opens from it with its cards and interpretation',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=620003&name=Никита&to=/history`);
      await page.getByTestId('history-empty').waitFor();

      await page.goto(`${env.baseUrl}/question`);
      await page.getByTestId('question-input').fill('Как пройдёт моя поездка?');
      await page.getByTestId('question-continue').click();
      const deck = nextFanCard(page);
      await expect.poll(() => deck.isEnabled(), { timeout: 15_000 }).toBe(true);
      await deck.click();
      await expect.poll(() => page.getByTestId('drawn-card').count()).toBe(1);
      await page.getByTestId('get-answer').click();
      await page.getByTestId('interpretation-text').waitFor({ timeout: 30_000 });
      const cards = await page.getByTestId('result-card-name').allTextContents();
      // «Получить ответ» after one card turns the other two first: the whole spread is read and kept.
      expect(cards).toHaveLength(3);

      await page.goto(`${env.baseUrl}/`);
      await page.getByTestId('history-link').click();
      await page.getByTestId('history-item').first().waitFor();
      expect(await page.getByTestId('history-item').count()).toBe(1);
      expect(await page.getByTestId('history-item').textContent()).toContain('Как пройдёт моя поездка?');
      await env.screenshot(page, 'history');
      await page.getByTestId('history-item').click();
      await expect.poll(() => path(page)).toMatch(/^\/history\/\d+$/);
      await page.getByTestId('interpretation-text').waitFor();
      expect(await page.getByTestId('result-card-name').allTextContents()).toEqual(cards);
      expect(await page.getByTestId('result-question').textContent()).toContain('Как пройдёт моя поездка?');
      await page.getByTestId('back').click();
      await expect.poll(() => path(page)).toBe('/history');
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );

  it('an unknown path lands on home, from the server and inside the app', async () => {
    const { page, consoleErrors } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=620004&name=Ян`);
    await page.getByTestId('greeting').waitFor();
    await page.goto(`${env.baseUrl}/no/such/screen`);
    await expect.poll(() => path(page)).toBe('/');
    await page.getByTestId('greeting').waitFor();
    await page.evaluate(() => {
      history.pushState(null, '', '/also-not-a-screen');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => path(page)).toBe('/');
    await expect.poll(() => page.getByTestId('greeting').textContent()).toBe('Здравствуйте, Ян!');
    expect(consoleErrors).toEqual([]);
  });

  it(
    'a lost connection keeps the typed question and the reading goes on once it is back',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=620005&name=Вика&to=/question`);
      await page.getByTestId('question-input').fill('Что мне нужно знать о переезде?');
      await page.waitForLoadState('networkidle'); // the next screens are prefetched
      await page.context().setOffline(true);
      await page.getByTestId('question-continue').click();
      await page.getByTestId('error-block').waitFor();
      expect(await page.getByTestId('error-block').textContent()).toContain('Не удалось разложить карты');
      expect(await page.getByTestId('error-block').textContent()).toContain('Ваш вопрос сохранён');
      await page.context().setOffline(false);
      await page.getByTestId('retry').click();
      await expect.poll(() => nextFanCard(page).isEnabled(), { timeout: 15_000 }).toBe(true);
      expect(await page.getByTestId('cards-question').textContent()).toContain('Что мне нужно знать о переезде?');
      expect(consoleErrors.filter((l) => !/ERR_INTERNET_DISCONNECTED/.test(l))).toEqual([]);
    },
    TIMEOUT,
  );

  it('dark theme: home and the spread menu follow Telegram colours', async () => {
    const { page, consoleErrors } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=620006&name=Ася&theme=dark`);
    await page.getByTestId('free-spread-badge').waitFor();
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(24, 24, 24)'); // secondary_bg_color of the dark theme
    await env.screenshot(page, 'home-dark');
    await page.getByTestId('personal-spread').click();
    await page.getByTestId('spread-quota').waitFor();
    await env.screenshot(page, 'spread-menu-dark');
    // Paid spreads are marked by the plan that opens them; no plan is called «Премиум».
    const menu = await page.locator('body').innerText();
    expect(menu).not.toMatch(/премиум/i);
    expect(menu).toContain('С Basic');
    await page.goto(`${env.baseUrl}/dev/launch?user=620006&name=Ася&to=/spread-menu`);
    await page.getByTestId('spread-quota').waitFor();
    await env.screenshot(page, 'spread-menu-light');
    // The light theme's buttons, kickers and links are the brand's violet, not Telegram's blue (#2481cc here).
    const accents = await page.evaluate(() => {
      const probe = document.createElement('a');
      probe.href = '#';
      document.body.append(probe);
      const link = getComputedStyle(probe).color;
      probe.className = 'kicker';
      const kicker = getComputedStyle(probe).color;
      probe.className = 'btn btn-primary';
      const button = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return { kicker, link, button };
    });
    for (const c of [accents.button, accents.link, accents.kicker])
      expect(c).toMatch(/^rgb\(81, 60, 142\)|^color\(srgb 0\.31\d* 0\.23\d* 0\.55\d*\)/);
    expect(consoleErrors).toEqual([]);
  });
});
