// «Карта дня в статусе» inside a (simulated) Telegram client (Mini Apps 8.0): after today's card is drawn the
// app offers once to put it in the emoji status for a day; «Поставить» asks for access, then sets the card's
// custom emoji for 86,400 s; a refusal gets one quiet line and no second ask; the offer never comes back, and
// without the operator's emoji map it never appears.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_IDS } from '../../domain/tarot/deck';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { callsOf, fakeTelegramClient } from './fake-telegram';

const MAP = Object.fromEntries(CARD_IDS.map((id, i) => [id, `53683241706712${String(i).padStart(5, '0')}`]));

const telegramSends = (page: Page, name: string, data?: unknown) =>
  page.evaluate(
    ([n, d]) =>
      (window as unknown as { Telegram: { WebView: { receiveEvent: (n: string, d?: unknown) => void } } }).Telegram.WebView.receiveEvent(
        n as string,
        d,
      ),
    [name, data] as const,
  );

describe.runIf(browserAvailable())('emoji status offer (browser, simulated Telegram client)', () => {
  let env: BrowserEnv;
  let plain: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv({ EMOJI_STATUS_CUSTOM_EMOJI: JSON.stringify(MAP) });
    plain = await startBrowserEnv();
  });
  afterAll(async () => {
    await env?.close();
    await plain?.close();
  });

  async function drawDaily(e: BrowserEnv, user: number, theme: 'light' | 'dark' = 'light') {
    const { page, consoleErrors } = await e.newPage();
    if (theme === 'dark') await page.emulateMedia({ colorScheme: 'dark' });
    await page.addInitScript(fakeTelegramClient);
    await page.goto(`${e.baseUrl}/dev/launch?user=${user}&name=Тая&theme=${theme}&to=${encodeURIComponent('/daily-card')}`);
    const drawn = page.waitForResponse((r) => r.url().includes('/api/user/daily-card/use'));
    const offered = page.waitForResponse((r) => r.url().includes('/api/emoji-status'));
    await page.getByTestId('daily-card-back').click();
    await page.getByTestId('daily-card-name').waitFor();
    const cardId: string = (await (await drawn).json()).data.card.cardId;
    const offer = (await (await offered).json()).data;
    return { page, consoleErrors, cardId, offer };
  }
  /** Reloads the screen and returns the server's answer about the offer. */
  async function reloadOffer(page: Page) {
    const offered = page.waitForResponse((r) => r.url().includes('/api/emoji-status'));
    await page.reload();
    await page.getByTestId('daily-card-name').waitFor();
    return (await (await offered).json()).data;
  }

  for (const theme of ['light', 'dark'] as const)
    it(`after the draw: offered, access asked, the card's emoji set for a day; never offered again (${theme})`, async () => {
      const user = theme === 'light' ? 640_101 : 640_102;
      const { page, consoleErrors, cardId, offer } = await drawDaily(env, user, theme);
      expect(offer).toEqual({ customEmojiId: MAP[cardId] });
      await page.getByTestId('emoji-status-offer').waitFor();
      expect(await page.getByTestId('emoji-status-offer').textContent()).toContain('Поставить карту дня в статус на сутки?');
      await env.screenshot(page, `emoji-status-offer-390-${theme}`);

      await page.getByTestId('emoji-status-yes').click();
      await expect.poll(async () => (await callsOf(page, 'web_app_request_emoji_status_access')).length).toBe(1);
      await telegramSends(page, 'emoji_status_access_requested', { status: 'allowed' });
      await expect.poll(async () => (await callsOf(page, 'web_app_set_emoji_status')).length).toBe(1);
      expect((await callsOf(page, 'web_app_set_emoji_status'))[0].payload).toEqual({ custom_emoji_id: MAP[cardId], duration: 86_400 });
      await telegramSends(page, 'emoji_status_set');
      await expect.poll(() => page.getByTestId('emoji-status-result').textContent()).toBe('Готово: карта дня в вашем статусе до завтра.');

      // Back on the screen later: no offer.
      expect(await reloadOffer(page)).toEqual({ customEmojiId: null });
      expect(await page.getByTestId('emoji-status-offer').count()).toBe(0);
      expect(consoleErrors).toEqual([]);
    }, 120_000);

  it('a refusal: one quiet line, no second ask, and no offer after', async () => {
    const { page } = await drawDaily(env, 640_103);
    await page.getByTestId('emoji-status-yes').click();
    await expect.poll(async () => (await callsOf(page, 'web_app_request_emoji_status_access')).length).toBe(1);
    await telegramSends(page, 'emoji_status_access_requested', { status: 'cancelled' });
    await expect.poll(() => page.getByTestId('emoji-status-result').textContent()).toBe('Хорошо, статус не трогаем.');
    expect(await callsOf(page, 'web_app_set_emoji_status')).toEqual([]);
    expect(await callsOf(page, 'web_app_request_emoji_status_access')).toHaveLength(1);
    expect(await reloadOffer(page)).toEqual({ customEmojiId: null });
    expect(await page.getByTestId('emoji-status-offer').count()).toBe(0);
  }, 120_000);

  it('without the operator’s emoji map: no offer after the draw', async () => {
    const { page, offer } = await drawDaily(plain, 640_104);
    expect(offer).toEqual({ customEmojiId: null });
    expect(await page.getByTestId('emoji-status-offer').count()).toBe(0);
  }, 120_000);
});
