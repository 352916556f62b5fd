// The Mini App inside a (simulated) Telegram client: the page gets Telegram's native bridge
// (window.TelegramWebviewProxy.postEvent, events delivered through window.Telegram.WebView.receiveEvent, as
// the mobile clients do), so the @tma.js SDK loads and drives the Back button, the Main button, haptics,
// ready() and expand(), and the on-page buttons give way to Telegram's own.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TELEGRAM_THEMES } from '../../api/routes/dev';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { describeFindings, runAxe } from './axe';
import { fakeTelegramClient, type BridgeCall } from './fake-telegram';
import { nextFanCard } from './ritual-helpers';

const calls = (page: Page) => page.evaluate(() => (window as unknown as { __tg: BridgeCall[] }).__tg);
const lastOf = async (page: Page, type: string) => (await calls(page)).filter((c) => c.type === type).at(-1)?.payload ?? null;
const telegramSends = (page: Page, name: string, data?: unknown) =>
  page.evaluate(
    ([n, d]) =>
      (window as unknown as { Telegram: { WebView: { receiveEvent: (n: string, d?: unknown) => void } } }).Telegram.WebView.receiveEvent(
        n as string,
        d,
      ),
    [name, data] as const,
  );
const path = (page: Page) => new URL(page.url()).pathname;

describe.runIf(browserAvailable())('inside Telegram (browser, simulated client)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  it('follows Telegram from light to dark and back while it is open', async () => {
    const { page, consoleErrors } = await env.newPage();
    await page.addInitScript(fakeTelegramClient);
    await page.goto(`${env.baseUrl}/dev/launch?user=630009&name=Лея`);
    await expect.poll(() => page.getByTestId('greeting').textContent()).toBe('Здравствуйте, Лея!');
    const looks = () =>
      page.evaluate(() => ({
        theme: document.documentElement.dataset.theme,
        scheme: getComputedStyle(document.documentElement).colorScheme,
        background: getComputedStyle(document.body).backgroundColor,
      }));
    const light = await looks();
    expect(light.theme).toBe('light');
    // Night mode at dusk: Telegram sends its dark colours, all of them.
    await telegramSends(page, 'theme_changed', { theme_params: TELEGRAM_THEMES.dark });
    await expect.poll(async () => (await looks()).theme).toBe('dark');
    // Telegram's own colours are bound by the SDK a moment apart from the palette's switch.
    await expect.poll(async () => (await looks()).background).not.toBe(light.background);
    expect((await looks()).scheme).toBe('dark');
    await env.screenshot(page, 'telegram-theme-switched-dark');
    // Readable as a launch in dark is: no text below AA contrast.
    const axe = await runAxe(page);
    expect(describeFindings([...axe.contrast, ...axe.serious])).toBe('');
    // And back in the morning.
    await telegramSends(page, 'theme_changed', { theme_params: TELEGRAM_THEMES.light });
    await expect.poll(async () => (await looks()).theme).toBe('light');
    await expect.poll(async () => (await looks()).background).toBe(light.background);
    expect((await looks()).scheme).toBe('light');
    expect(consoleErrors).toEqual([]);
  });

  it('uses Telegram’s Back and Main buttons, haptics, ready() and expand()', async () => {
    const { page, consoleErrors } = await env.newPage();
    await page.addInitScript(fakeTelegramClient);
    await page.goto(`${env.baseUrl}/dev/launch?user=630001&name=Тая`);
    await expect.poll(() => page.getByTestId('greeting').textContent()).toBe('Здравствуйте, Тая!');

    // The SDK mounted: ready() once after the first meaningful render, expand(), theme and viewport bound.
    await expect.poll(async () => (await calls(page)).filter((c) => c.type === 'web_app_ready').length).toBe(1);
    const types = (await calls(page)).map((c) => c.type);
    expect(types).toContain('iframe_ready');
    expect(types).toContain('web_app_expand');
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tg-viewport-height')))
      .toMatch(/^\d+px$/);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-button-color'))).toBe(
      '#2481cc',
    );
    // The launch data left the visible URL once the SDK had read it.
    await expect.poll(() => new URL(page.url()).hash).toBe('');

    // Home has no Back button; the spread menu shows Telegram's instead of an on-page one.
    expect((await lastOf(page, 'web_app_setup_back_button'))?.is_visible ?? false).toBe(false);
    await page.getByTestId('personal-spread').click();
    await expect.poll(async () => (await lastOf(page, 'web_app_setup_back_button'))?.is_visible).toBe(true);
    expect(await page.getByTestId('back').count()).toBe(0);
    await telegramSends(page, 'back_button_pressed');
    await expect.poll(() => path(page)).toBe('/');
    await expect.poll(async () => (await lastOf(page, 'web_app_setup_back_button'))?.is_visible).toBe(false);

    // The question's Continue is the Main button, enabled only for a valid question.
    await page.getByTestId('personal-spread').click();
    await page.getByTestId('spread-free_daily').click();
    await expect.poll(() => path(page)).toBe('/question');
    await expect
      .poll(async () => await lastOf(page, 'web_app_setup_main_button'))
      .toMatchObject({ is_visible: true, is_active: false, text: 'Продолжить' });
    expect(await page.getByTestId('question-continue').count()).toBe(0);
    await page.getByTestId('question-input').fill('Что меня ждёт на этой неделе?');
    await expect.poll(async () => (await lastOf(page, 'web_app_setup_main_button'))?.is_active).toBe(true);
    await telegramSends(page, 'main_button_pressed');
    await expect.poll(() => path(page)).toBe('/cards');

    // Drawing a card: haptics on the draw and on the reveal; then 'Get answer' on the Main button.
    await expect
      .poll(async () => await lastOf(page, 'web_app_setup_main_button'))
      .toMatchObject({ is_visible: true, is_active: false, text: 'Получить ответ' });
    const deck = nextFanCard(page);
    await expect.poll(() => deck.isEnabled(), { timeout: 15_000 }).toBe(true);
    await deck.click();
    await expect.poll(() => page.getByTestId('drawn-card').count()).toBe(1);
    const haptics = (await calls(page)).filter((c) => c.type === 'web_app_trigger_haptic_feedback').map((c) => c.payload?.type);
    expect(haptics).toEqual(expect.arrayContaining(['impact', 'notification']));
    await expect.poll(async () => (await lastOf(page, 'web_app_setup_main_button'))?.is_active).toBe(true);
    await telegramSends(page, 'main_button_pressed');
    await expect.poll(() => path(page)).toBe('/interpretation');
    await page.getByTestId('interpretation-text').waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => await lastOf(page, 'web_app_setup_main_button'))
      .toMatchObject({ is_visible: true, text: 'Новый расклад' });
    await telegramSends(page, 'main_button_pressed');
    await expect.poll(() => path(page)).toBe('/');
    await expect.poll(async () => (await lastOf(page, 'web_app_setup_main_button'))?.is_visible).toBe(false);
    expect((await calls(page)).filter((c) => c.type === 'web_app_ready').length).toBe(1);
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it('a plain browser tab with launch parameters keeps its on-page buttons and never loads the SDK', async () => {
    const { page, consoleErrors } = await env.newPage({ fresh: true });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${env.baseUrl}/dev/launch?user=630002&name=Петя&to=/spread-menu`);
    await page.getByTestId('spread-quota').waitFor();
    expect(await page.getByTestId('back').count()).toBe(1);
    expect(scripts.some((s) => /\/init-[^/]*\.js$/.test(s))).toBe(false);
    expect(consoleErrors).toEqual([]);
  });
});
