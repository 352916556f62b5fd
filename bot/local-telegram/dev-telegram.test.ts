// /dev/telegram in Chromium, on the whole local-mode process: the chat with the bot, and the Mini App opened
// from a `web_app` button beside it, signed in with initData the way Telegram signs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { settled } from '../../webapp/e2e/settled';
import { namingPromptCards, startFakeOpenAI, type FakeOpenAI } from '../../test/fake-openai';

describe.runIf(browserAvailable())('/dev/telegram', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
    await env.app.bot.ready;
  }, 180_000);
  afterAll(async () => {
    await env?.close();
  });

  it('/start, tap the web_app button: the Mini App opens beside the chat, signed in', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1000, height: 860 }, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await page.goto(`${env.baseUrl}/dev/telegram?user=424242&name=Вера`);
      await page.getByRole('button', { name: 'НАЧАТЬ' }).click();
      await page.locator('.msg.bot', { hasText: 'Здравствуйте, Вера!' }).waitFor();
      // The menu button became the Mini App, and the reply keyboard holds the launch button.
      await page.locator('#menu.web-app', { hasText: 'Таро' }).waitFor();
      await page.locator('#reply-kb button', { hasText: '🔮 Таро' }).waitFor();

      const status = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/status');
      await page.locator('.inline-kb button', { hasText: 'Открыть Таро' }).click();
      const res = await status;
      expect(res.status()).toBe(200);
      const body = await res.json();
      expect(body.data.user).toMatchObject({ id: 424242, firstName: 'Вера' });
      expect(await page.locator('#app').isVisible()).toBe(true);
      const frame = page.frame({ url: /tarot|127\.0\.0\.1/ });
      expect((frame?.url() ?? '').startsWith(env.baseUrl)).toBe(true);
      await settled(frame!);
      await env.screenshot(page, 'dev-telegram-mini-app');

      // The reply-keyboard button: Telegram gives that launch no initData; the URL's launch token is exchanged
      // for a token kept in memory, which signs the calls in.
      await page.locator('#app-close').click();
      const viaToken = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/user/status');
      await page.locator('#reply-kb button', { hasText: '🔮 Таро' }).click();
      const request = await viaToken;
      expect(request.headers().authorization).toMatch(/^Bearer st1\.424242\./);
      expect((await request.response())?.status()).toBe(200);

      // Buttons with callback_data work too: /settings, switch the reminder off.
      await page.locator('#app-close').click();
      await page.locator('#text').fill('/settings');
      await page.locator('#send').click();
      await page.locator('.inline-kb button', { hasText: 'Выключить напоминание' }).click();
      await page.locator('.msg.bot', { hasText: 'Напоминание о карте дня: выключено' }).waitFor();
      await page.locator('#toast', { hasText: 'Напоминание выключено' }).waitFor();
      await env.screenshot(page, 'dev-telegram-settings');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});

describe.runIf(browserAvailable())('/dev/telegram: a chat reading streamed as a draft', () => {
  let env: BrowserEnv;
  let ai: FakeOpenAI;
  beforeAll(async () => {
    // The answer reads the cards the prompt deals: a screenshot never shows a reading of cards not on the table.
    ai = await startFakeOpenAI({ mode: 'ok', tokenDelayMs: 60, textFor: namingPromptCards });
    env = await startBrowserEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: ai.baseUrl });
    await env.app.bot.ready;
  }, 180_000);
  afterAll(async () => {
    await env?.close();
    await ai?.close();
  });

  it('the draft grows under a stop button, then the final message stays with its buttons', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await env.browser.newContext({
        viewport: { width: 390, height: 844 },
        locale: 'ru-RU',
        timezoneId: 'Europe/Moscow',
        colorScheme: scheme,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      try {
        await page.goto(`${env.baseUrl}/dev/telegram?user=${scheme === 'light' ? 525_001 : 525_002}&name=Вера`);
        await page.getByRole('button', { name: 'НАЧАТЬ' }).click();
        await page.locator('.msg.bot', { hasText: 'Здравствуйте, Вера!' }).waitFor();
        await page.locator('#text').fill('/reading');
        await page.locator('#send').click();
        await page.locator('.inline-kb button', { hasText: 'Расклад дня' }).click();
        await page.locator('.msg.bot', { hasText: 'Напишите свой вопрос' }).waitFor();
        await page.locator('#text').fill('Что принесёт мне эта неделя?');
        await page.locator('#send').click();

        // The draft: its first words, then more of them, with the stop button under it.
        const draft = page.locator('.msg.draft');
        await draft.filter({ hasText: 'в позиции' }).waitFor();
        const first = (await draft.textContent()) ?? '';
        await page.locator('.draft-stop', { hasText: 'Остановить' }).waitFor();
        await env.screenshot(page, `dev-telegram-draft-${scheme}`);
        await page.waitForFunction(
          (n) => (document.querySelector('.msg.draft')?.textContent?.length ?? 0) > n || !document.querySelector('.msg.draft'),
          first.length,
        );
        // The final message stays; the draft and its stop button are gone.
        const final = page.locator('.msg.bot:not(.draft)', { hasText: 'Общий вывод' });
        await final.waitFor();
        expect(await draft.count()).toBe(0);
        expect(await page.locator('.draft-stop').count()).toBe(0);
        expect((await final.textContent()) ?? '').toContain(first.slice(0, 20));
        await page.locator('.inline-kb button', { hasText: 'Открыть в приложении' }).last().waitFor();
        await env.screenshot(page, `dev-telegram-draft-final-${scheme}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 120_000);
});
