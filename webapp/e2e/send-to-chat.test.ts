// «Отправить в чат» in a real browser: the Mini App opened from the bot's keyboard button (no initData, the
// server's launch token in its URL) inside the simulated Telegram client sends the reading with sendData —
// the data plus timestamp, userId and userAgent — shows the sync state, and the bot (local Telegram) answers
// the web_app_data in the chat. Opened any other way, the button is not offered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { callsOf, fakeTelegramClient } from './fake-telegram';
import { pageApi } from './page-api';

const TIMEOUT = 120_000;

describe.runIf(browserAvailable())('send to chat (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  it(
    'from the keyboard button: sendData with the reading, synced, and the bot answers in the chat',
    async () => {
      const tg = env.app.bot.localTelegram!;
      await env.app.bot.ready;
      const user = { id: 680001, first_name: 'Ира', language_code: 'ru' };
      tg.sendText(user, '/start');
      await tg.waitForBotMessage(user.id, (m) => m.text.includes('под полем ввода'));
      const keyboardUrl = tg.chatState(user.id).keyboard.keyboard[0][0].web_app.url as string;
      expect(keyboardUrl).toContain('launch=lt1.');
      const opened = await fetch(`${env.baseUrl}/dev/telegram/open`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ user: user.id, name: user.first_name, url: keyboardUrl, via: 'keyboard' }),
      });
      const launchUrl = (await opened.json()).data.url as string;
      expect(launchUrl).not.toContain('tgWebAppData');

      const { page, consoleErrors } = await env.newPage();
      await page.addInitScript(fakeTelegramClient);
      await page.goto(launchUrl.replace(/^https?:\/\/[^/]+/, env.baseUrl));
      await page.getByTestId('greeting').waitFor();
      const launchToken = new URL(keyboardUrl).searchParams.get('launch')!;
      const r = await pageApi(page, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что мне сегодня важно?' }, launchToken);
      expect(r.status).toBe(201);
      // The keyboard's button opens the app with its launch token each time (it is exchanged at every load).
      await page.goto(`${env.baseUrl}/history/${r.data.id}?launch=${launchToken}`);
      await page.getByTestId('send-to-chat').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('send-to-chat').getAttribute('data-sync')).toBe('idle');
      await page.getByTestId('send-to-chat-button').click();
      await expect.poll(() => page.getByTestId('send-to-chat').getAttribute('data-sync')).toBe('synced');
      expect(await page.getByTestId('send-to-chat-status').textContent()).toBe('Отправлено в чат — бот ответит там');
      await page.getByTestId('share-bar').scrollIntoViewIfNeeded();
      await env.screenshot(page, 'send-to-chat-light');

      const sent = await callsOf(page, 'web_app_data_send');
      expect(sent).toHaveLength(1);
      const data = JSON.parse(sent[0].payload!.data as string);
      expect(data).toMatchObject({ type: 'reading', readingId: r.data.id, userId: user.id });
      expect(Date.parse(data.timestamp)).toBeGreaterThan(Date.now() - 60_000);
      expect(data.userAgent).toContain('Chrome');

      // Telegram hands the data to the bot, which answers with the reading in the chat.
      tg.sendWebAppData(user.id, sent[0].payload!.data as string);
      const answer = await tg.waitForBotMessage(user.id, (m) => m.text.includes('Что мне сегодня важно?'));
      for (const c of r.data.cards) expect(answer.text).toContain(c.name);
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'a client that refuses sendData shows the error state',
    async () => {
      const tg = env.app.bot.localTelegram!;
      const user = { id: 680003, first_name: 'Ира', language_code: 'ru' };
      tg.sendText(user, '/start');
      await tg.waitForBotMessage(user.id, (m) => m.text.includes('под полем ввода'));
      const keyboardUrl = tg.chatState(user.id).keyboard.keyboard[0][0].web_app.url as string;
      const opened = await fetch(`${env.baseUrl}/dev/telegram/open`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ user: user.id, name: user.first_name, url: keyboardUrl, via: 'keyboard' }),
      });
      const { page } = await env.newPage();
      await page.addInitScript(fakeTelegramClient);
      // This client throws on sendData (as an old or broken one may).
      await page.addInitScript(() => {
        const proxy = (window as unknown as { TelegramWebviewProxy: { postEvent: (t: string, d?: string) => void } }).TelegramWebviewProxy;
        const post = proxy.postEvent.bind(proxy);
        proxy.postEvent = (t, d) => {
          if (t === 'web_app_data_send') throw new Error('sendData is not supported');
          post(t, d);
        };
      });
      await page.goto(((await opened.json()).data.url as string).replace(/^https?:\/\/[^/]+/, env.baseUrl));
      await page.getByTestId('greeting').waitFor();
      const launchToken = new URL(keyboardUrl).searchParams.get('launch')!;
      const r = await pageApi(
        page,
        'POST',
        '/api/readings',
        { spreadType: 'free_daily', question: 'Получится ли отправить?' },
        launchToken,
      );
      await page.goto(`${env.baseUrl}/history/${r.data.id}?launch=${launchToken}`);
      await page.getByTestId('send-to-chat-button').click();
      await expect.poll(() => page.getByTestId('send-to-chat').getAttribute('data-sync')).toBe('error');
      expect(await page.getByTestId('send-to-chat-status').textContent()).toMatch(/^Не удалось отправить в чат/);
      // The error state lets the user try again.
      expect(await page.getByTestId('send-to-chat-button').isEnabled()).toBe(true);
    },
    TIMEOUT,
  );

  it(
    'opened with initData (menu or inline button) there is no «Отправить в чат»',
    async () => {
      const { page } = await env.newPage();
      await page.addInitScript(fakeTelegramClient);
      await page.goto(`${env.baseUrl}/dev/launch?user=680002&name=Ира`);
      await page.getByTestId('greeting').waitFor();
      const r = await pageApi(page, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Как пройдёт вечер?' });
      await page.goto(`${env.baseUrl}/history/${r.data.id}`);
      await page.getByTestId('share-bar').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('send-to-chat').count()).toBe(0);
    },
    TIMEOUT,
  );
});
