// Reviews in a real browser with the whole app (local mode, the local Telegram): a user rates a finished
// reading with «можно опубликовать» ticked (it starts unticked), the operator gets it in the bot's chat and
// taps «Опубликовать», and the subscription screen shows it; a review without consent is shown nowhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { pageApi } from './page-api';

const TIMEOUT = 120_000;
const OPERATOR = 880_001;

describe.runIf(browserAvailable())('reviews (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv({ ADMIN_USER_IDS: String(OPERATOR) });
  });
  afterAll(() => env?.close());

  /** Opens a finished reading of `user` and rates it in the app. */
  async function rate(page: Page, user: number, name: string, o: { stars: number; text: string; publish: boolean }) {
    await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=${encodeURIComponent(name)}`);
    await page.getByTestId('greeting').waitFor();
    const r = await pageApi(page, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что мне сегодня важно?' });
    expect(r.status).toBe(201);
    await page.goto(`${env.baseUrl}/history/${r.data.id}`);
    await page.getByTestId('review-form').waitFor({ timeout: 30_000 });
    await page.getByTestId(`review-star-${o.stars}`).click();
    expect(await page.getByTestId('review-publish').isChecked()).toBe(false);
    await page.getByTestId('review-text').fill(o.text);
    if (o.publish) await page.getByTestId('review-publish').check();
    await page.getByTestId('review-send').click();
    await page.getByTestId('review-done').waitFor();
    return (await page.getByTestId('review-done').textContent())!;
  }

  it(
    'rated in the app, published by the operator in the chat, shown on the subscription screen',
    async () => {
      const tg = env.app.bot.localTelegram!;
      await env.app.bot.ready;
      tg.sendText({ id: OPERATOR, first_name: 'Оператор', language_code: 'ru' }, '/start');
      await tg.waitForBotMessage(OPERATOR, () => true);

      const { page, consoleErrors } = await env.newPage();
      expect(await rate(page, 880_002, 'Лиза', { stars: 5, text: 'Карты попали в точку', publish: true })).toContain('после проверки');
      await env.screenshot(page, 'review-sent');
      // Without consent: thanked, and nothing goes anywhere.
      expect(await rate(page, 880_003, 'Олег', { stars: 2, text: 'Только для себя', publish: false })).toContain('видите только вы');

      // Not shown before the operator decides.
      await page.goto(`${env.baseUrl}/dev/launch?user=880004&name=Гость&to=/subscription`);
      await page.getByTestId('plan-vip').waitFor();
      expect(await page.getByTestId('reviews').count()).toBe(0);

      const message = await tg.waitForBotMessage(OPERATOR, (m) => m.text.includes('Карты попали в точку'));
      expect(message.text).toContain('★★★★★');
      const publish = ((message.reply_markup?.inline_keyboard ?? []).flat() as { text: string; callback_data?: string }[]).find(
        (b) => b.text === 'Опубликовать',
      );
      tg.pressButton(OPERATOR, message.message_id, publish!.callback_data!);
      await tg.waitForBotMessage(OPERATOR, (m) => m.text.includes('✅ Опубликован'));
      expect(tg.botMessages(OPERATOR).filter((m) => m.text.includes('Только для себя'))).toEqual([]);

      await page.goto(`${env.baseUrl}/subscription`);
      await page.getByTestId('review').first().waitFor();
      const shown = await page.getByTestId('review').allTextContents();
      expect(shown).toHaveLength(1);
      expect(shown[0]).toContain('Карты попали в точку');
      expect(shown[0]).toContain('Лиза');
      await env.screenshot(page, 'subscription-reviews');
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );
});
