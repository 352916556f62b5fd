// Choosing the partner in Telegram (Mini Apps requestChat, Bot API 9.6) in a real browser inside the simulated
// Telegram client: a 9.6 client offers «Выбрать партнёра в Telegram», which opens the bot's prepared request_users
// button; the chosen person (shared with the bot) gets the invitation from the bot. Closing the chooser says so in
// Russian and the invitation goes out as before (shareMessage); an older client shows no such button.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { callsOf, fakeTelegramClient } from './fake-telegram';
import { settled } from './settled';

const TIMEOUT = 120_000;

describe.runIf(browserAvailable())('readings for two: choosing the partner (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  const open = async (user: number, version: string) => {
    const p = await env.newPage();
    await p.page.addInitScript(fakeTelegramClient);
    await p.page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Анна&plan=vip&version=${version}&to=/pairs`);
    await p.page.getByTestId('pair-invite').waitFor();
    return p;
  };

  it(
    'a 9.6 client: requestChat with the prepared button; the chosen person gets the invitation from the bot',
    async () => {
      const tg = env.app.bot.localTelegram!;
      const anna = 680001;
      const { page, consoleErrors } = await open(anna, '9.6');
      await page.getByTestId('pair-choose').click();
      await expect.poll(async () => (await callsOf(page, 'web_app_request_chat')).length).toBe(1);
      const reqId = (await callsOf(page, 'web_app_request_chat'))[0].payload!.req_id as string;
      const prepared = tg.preparedButton(reqId)!;
      expect(prepared.userId).toBe(anna);
      expect(prepared.button.request_users).toMatchObject({ user_is_bot: false, max_quantity: 1 });
      await expect.poll(() => page.getByTestId('pair-choose-status').textContent()).toMatch(/Бот отправит приглашение/);
      // The choice went to the bot: nothing else is shared from the app.
      expect(await callsOf(page, 'web_app_send_prepared_message')).toEqual([]);
      await settled(page);
      await env.screenshot(page, 'pairs-choose-sent');

      // Telegram delivers the choice to the bot (users_shared); Борис has a chat with the bot, so it writes to him.
      const boris = { id: 680002, first_name: 'Борис' };
      tg.sendText(boris, '/start');
      await tg.waitForBotMessage(boris.id, () => true);
      // Anna's Telegram profile comes with the update, as Telegram sends it.
      tg.shareUsers({ id: anna, first_name: 'Анна' }, prepared.button.request_users.request_id, [boris]);
      const invitation = await tg.waitForBotMessage(boris.id, (m) => m.text.includes('Анна приглашает вас'));
      const url = (invitation.reply_markup?.inline_keyboard ?? []).flat()[0] as { url?: string };
      expect(url.url).toMatch(/startapp=pair_[A-Za-z0-9_-]+$/);
      expect(await page.getByTestId('pair-invitation').textContent()).toContain(new URL(url.url!).searchParams.get('startapp'));
      await tg.waitForBotMessage(anna, (m) => m.text.startsWith('Приглашение отправлено: Борис'));

      // Someone who never started the bot: Telegram lets it not write first, so the inviter gets the invitation to forward.
      await page.getByTestId('pair-choose').click();
      await expect.poll(async () => (await callsOf(page, 'web_app_request_chat')).length).toBe(2);
      const second = tg.preparedButton((await callsOf(page, 'web_app_request_chat'))[1].payload!.req_id as string)!;
      tg.shareUsers(anna, second.button.request_users.request_id, [{ id: 680003, first_name: 'Вера' }]);
      await tg.waitForBotMessage(anna, (m) => m.text.startsWith('Вера ещё не начинал(а) разговор с ботом'));
      const toForward = await tg.waitForBotMessage(anna, (m) => m.text.startsWith('Анна приглашает вас'));
      expect(((toForward.reply_markup?.inline_keyboard ?? []).flat()[0] as { url?: string }).url).toMatch(/startapp=pair_/);
      // A choice already used (or unknown to this server) is answered, not ignored.
      tg.shareUsers(anna, second.button.request_users.request_id, [boris]);
      await tg.waitForBotMessage(anna, (m) => m.text.startsWith('Не нашёл приглашение для этого выбора'));
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'the chooser closed: said in Russian, and the prepared invitation is shared as before',
    async () => {
      const { page, consoleErrors } = await open(680011, '9.6');
      await page.evaluate(() => {
        (window as unknown as { __tgRequestChat: string }).__tgRequestChat = 'failed';
      });
      await page.getByTestId('pair-choose').click();
      await expect
        .poll(() => page.getByTestId('pair-choose-status').textContent())
        .toBe('Партнёр не выбран — отправьте приглашение в чат сами.');
      await expect.poll(async () => (await callsOf(page, 'web_app_send_prepared_message')).length).toBe(1);
      const id = (await callsOf(page, 'web_app_send_prepared_message'))[0].payload!.id as string;
      expect(env.app.bot.localTelegram!.preparedMessage(id)!.result.reply_markup.inline_keyboard[0][0].url).toMatch(/startapp=pair_/);
      expect(await page.getByTestId('pair-invitation').textContent()).toMatch(/pair_[A-Za-z0-9_-]+/);
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'an older client (8.0): no chooser button, the invitation as before',
    async () => {
      const { page, consoleErrors } = await open(680021, '8.0');
      await settled(page);
      expect(await page.getByTestId('pair-choose').count()).toBe(0);
      await page.getByTestId('pair-invite').click();
      await expect.poll(async () => (await callsOf(page, 'web_app_send_prepared_message')).length).toBe(1);
      expect(await callsOf(page, 'web_app_request_chat')).toEqual([]);
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );
});
