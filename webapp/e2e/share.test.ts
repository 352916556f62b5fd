// Sharing a reading in a real browser: inside the simulated Telegram client «Поделиться» calls shareMessage
// with a message the server prepared (savePreparedInlineMessage on the local Telegram: the picture and a
// button with the sharer's referral start parameter) and «В историю» calls shareToStory with the story
// picture; in a plain browser the picture downloads. Every picture is fetched and decoded to check its size.
import fs from 'node:fs';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { callsOf, fakeTelegramClient } from './fake-telegram';
import { pageApi } from './page-api';

const TIMEOUT = 120_000;

async function pictureSize(url: string) {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/jpeg');
  const img = await loadImage(Buffer.from(await res.arrayBuffer()));
  return [img.width, img.height];
}

describe.runIf(browserAvailable())('share (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  it(
    'inside Telegram: «Поделиться» → shareMessage of a prepared picture with the referral button; «В историю» → shareToStory',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.addInitScript(fakeTelegramClient);
      const user = 670001;
      await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Ника`);
      await page.getByTestId('greeting').waitFor();
      const r = await pageApi(page, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что принесёт мне выходной?' });
      await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Ника&to=/history/${r.data.id}`);
      await page.getByTestId('share-bar').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('share-download').count()).toBe(0);
      await page.getByTestId('share-with-question').check();
      await page.getByTestId('share-bar').scrollIntoViewIfNeeded();
      await env.screenshot(page, 'share-telegram-light');

      await page.getByTestId('share-message').click();
      await expect.poll(async () => (await callsOf(page, 'web_app_send_prepared_message')).length).toBe(1);
      const id = (await callsOf(page, 'web_app_send_prepared_message'))[0].payload!.id as string;
      const prepared = env.app.bot.localTelegram!.preparedMessage(id)!;
      expect(prepared.userId).toBe(user);
      expect(prepared.result).toMatchObject({ type: 'photo', photo_width: 1200, photo_height: 630 });
      expect(prepared.result.photo_url).toContain('format=card');
      expect(prepared.result.photo_url).toContain('question=1');
      const button = prepared.result.reply_markup.inline_keyboard[0][0];
      expect(button.url).toMatch(new RegExp(`^https://t\\.me/\\w+\\?startapp=ref_${user}$`));
      expect(await pictureSize(prepared.result.photo_url)).toEqual([1200, 630]);
      await expect.poll(() => page.getByTestId('share-status').textContent()).toBe('Выберите чат, чтобы отправить расклад');

      await page.getByTestId('share-story').click();
      await expect.poll(async () => (await callsOf(page, 'web_app_share_to_story')).length).toBe(1);
      const story = (await callsOf(page, 'web_app_share_to_story'))[0].payload!;
      expect(story.media_url).toContain('format=story');
      expect((story.widget_link as { url: string }).url).toBe(button.url);
      expect(typeof story.text).toBe('string');
      expect(await pictureSize(story.media_url as string)).toEqual([1080, 1920]);
      expect(consoleErrors).toEqual([]);

      // A friend opens the picture's link on a phone: the browser's own viewer shows it whole, fitted to the
      // screen (the API's CSP still lets that viewer style itself).
      const friend = await env.newPage();
      await friend.page.goto(prepared.result.photo_url);
      const shown = await friend.page.evaluate(() => {
        const img = document.querySelector('img')!;
        return { natural: [img.naturalWidth, img.naturalHeight], width: img.getBoundingClientRect().width };
      });
      expect(shown.natural).toEqual([1200, 630]);
      expect(shown.width).toBeLessThanOrEqual(390);
      expect(friend.consoleErrors).toEqual([]);
      await env.screenshot(friend.page, 'share-picture-opened');
    },
    TIMEOUT,
  );

  it(
    'outside Telegram the picture downloads (dark)',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=670002&name=Ника&plan=vip&theme=dark`);
      await page.getByTestId('greeting').waitFor();
      const r = await pageApi(page, 'POST', '/api/readings', { spreadType: 'past_present_future', question: 'Как изменится моя жизнь?' });
      await page.goto(`${env.baseUrl}/history/${r.data.id}`);
      await page.getByTestId('share-download').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('share-message').count()).toBe(0);
      await page.getByTestId('share-bar').scrollIntoViewIfNeeded();
      await env.screenshot(page, 'share-browser-dark');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('share-download').click()]);
      expect(download.suggestedFilename()).toBe(`taro-rasklad-${r.data.id}.jpg`);
      const file = await download.path();
      const img = await loadImage(fs.readFileSync(file!));
      expect([img.width, img.height]).toEqual([1080, 1920]);
      await expect.poll(() => page.getByTestId('share-status').textContent()).toBe('Картинка сохранена');
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );
});
