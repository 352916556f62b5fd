// Shake to shuffle on the cards screen, inside a (simulated) Telegram client with the accelerometer (Mini
// Apps, Bot API 8.0): the app starts it while the deck can be shuffled, a shake shuffles again with the same
// animation and a haptic, the button «Перемешать ещё раз» does the same, a refusal (accelerometer_failed)
// leaves the button alone working, and the accelerometer stops once a card is drawn.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { callsOf, fakeTelegramClient } from './fake-telegram';
import { nextFanCard } from './ritual-helpers';

const telegramSends = (page: Page, name: string, data?: unknown) =>
  page.evaluate(
    ([n, d]) =>
      (window as unknown as { Telegram: { WebView: { receiveEvent: (n: string, d?: unknown) => void } } }).Telegram.WebView.receiveEvent(
        n as string,
        d,
      ),
    [name, data] as const,
  );
const shuffling = async (page: Page) => (await page.getByTestId('deck-hint').textContent()) === 'Карты перемешиваются…';
const selections = async (page: Page) =>
  (await callsOf(page, 'web_app_trigger_haptic_feedback')).filter((c) => c.payload?.type === 'selection_change').length;
/** A phone shaken: the acceleration jumps back and forth. */
async function shake(page: Page) {
  for (const x of [0, 16, -16, 16]) await telegramSends(page, 'accelerometer_changed', { x, y: 0.2, z: 9.8 });
}

describe.runIf(browserAvailable())('shake to shuffle (browser, simulated Telegram client)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  async function openCards(user: number) {
    const { page, consoleErrors } = await env.newPage();
    await page.addInitScript(fakeTelegramClient);
    await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Тая`);
    await page.getByTestId('personal-spread').click();
    await page.getByTestId('spread-free_daily').click();
    await page.getByTestId('question-input').fill('Что меня ждёт на этой неделе?');
    await telegramSends(page, 'main_button_pressed');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/cards');
    await expect.poll(() => shuffling(page), { timeout: 15_000 }).toBe(false);
    return { page, consoleErrors };
  }

  it('a shake shuffles the deck again with a haptic; the button too; the accelerometer stops after the first card', async () => {
    const { page, consoleErrors } = await openCards(630_201);
    await expect.poll(async () => (await callsOf(page, 'web_app_start_accelerometer')).at(-1)?.payload).toEqual({ refresh_rate: 60 });

    // A gentle tilt is no shake.
    await telegramSends(page, 'accelerometer_changed', { x: 0, y: 0, z: 9.8 });
    await telegramSends(page, 'accelerometer_changed', { x: 1, y: 0.5, z: 9.6 });
    expect(await shuffling(page)).toBe(false);

    const before = await selections(page);
    await shake(page);
    await expect.poll(() => shuffling(page)).toBe(true);
    expect(await page.locator('.fan.is-gathered').count()).toBe(1);
    expect(await selections(page)).toBe(before + 1);
    await expect.poll(() => shuffling(page), { timeout: 15_000 }).toBe(false);

    // The button stays, and does the same.
    await page.getByTestId('reshuffle').click();
    await expect.poll(() => shuffling(page)).toBe(true);
    await expect.poll(() => shuffling(page), { timeout: 15_000 }).toBe(false);

    // The first card drawn: no more shuffling, the accelerometer is stopped and the button gone.
    const card = nextFanCard(page);
    await expect.poll(() => card.isEnabled(), { timeout: 15_000 }).toBe(true);
    await card.click();
    await expect.poll(() => page.getByTestId('drawn-card').count()).toBe(1);
    await expect.poll(async () => (await callsOf(page, 'web_app_stop_accelerometer')).length).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('reshuffle').count()).toBe(0);
    await shake(page);
    expect(await shuffling(page)).toBe(false);
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it('a client that refuses the accelerometer: shaking does nothing, the button still shuffles', async () => {
    const { page, consoleErrors } = await openCards(630_202);
    await expect.poll(async () => (await callsOf(page, 'web_app_start_accelerometer')).length).toBe(1);
    await telegramSends(page, 'accelerometer_failed', { error: 'UNSUPPORTED' });
    await shake(page);
    expect(await shuffling(page)).toBe(false);
    await page.getByTestId('reshuffle').click();
    await expect.poll(() => shuffling(page)).toBe(true);
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it('with reduced motion a shake still shuffles, as the short pause', async () => {
    const { page } = await openCards(630_203);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(async () => (await callsOf(page, 'web_app_start_accelerometer')).length).toBeGreaterThanOrEqual(1);
    await shake(page);
    await expect.poll(() => shuffling(page)).toBe(true);
    await expect.poll(() => shuffling(page), { timeout: 15_000 }).toBe(false);
  }, 120_000);
});
