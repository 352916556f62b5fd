// Guest mode in the local Telegram's page (/dev/telegram): in the group «Друзья», where the bot is not a
// member, two people summon it by its name; each gets the chat's card of the day (the same card), a question
// gets one card (its picture) with the verdict of the one yes/no model and a button into the app, and a second summons within the minute a
// short explanation. Screenshots at 390 px, light and dark.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';

const TIMEOUT = 120_000;

describe.runIf(browserAvailable())('guest mode in /dev/telegram (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  async function openGroup(user: number, name: string): Promise<Page> {
    const { page, consoleErrors } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/telegram?user=${user}&name=${encodeURIComponent(name)}`);
    await page.locator('#botsub').filter({ hasText: '@' }).waitFor();
    await page.locator('#switch').click();
    await page.locator('#botname').filter({ hasText: 'Друзья' }).waitFor();
    expect(consoleErrors).toEqual([]);
    return page;
  }
  async function write(page: Page, text: string) {
    await page.locator('#text').fill(text);
    await page.locator('#send').click();
  }
  const guestAnswers = (page: Page) => page.locator('.msg[data-guest="1"]');

  it(
    'two people summon the bot in a group it is not in: the same card of the day, a yes/no card for a question, the rate limit',
    async () => {
      const bot = `@${env.app.bot.localTelegram!.me.username}`;
      const anna = await openGroup(710_001, 'Анна');
      const vera = await openGroup(710_002, 'Вера');
      expect(await anna.locator('#botsub').textContent()).toBe(`группа · бота в ней нет — позовите ${bot}`);

      // Talk without the bot's name stays between people.
      await write(anna, 'Девочки, погадаем?');
      await vera.locator('.msg.other').filter({ hasText: 'Девочки, погадаем?' }).waitFor();

      await write(anna, bot);
      await expect.poll(() => guestAnswers(anna).count(), { timeout: 20_000 }).toBe(1);
      await write(vera, `${bot} карту дня`);
      await expect.poll(() => guestAnswers(vera).count(), { timeout: 20_000 }).toBe(2);
      const [first, second] = await guestAnswers(vera).allTextContents();
      expect(first).toContain('Карта дня для этого чата');
      expect(first).toContain('позвал(а): Анна');
      expect(second).toContain('позвал(а): Вера');
      // The same card for both callers: the text after the «via» line is the same.
      const body = (t: string) => t.slice(t.indexOf('Карта дня для этого чата')).replace(/\d\d:\d\d$/, '');
      expect(body(second)).toBe(body(first));

      await guestAnswers(vera).nth(1).scrollIntoViewIfNeeded();
      await env.screenshot(vera, 'dev-telegram-guest-daily-light');

      // A question from someone else in the group: one card, two lines, a button into the app.
      const boris = await openGroup(710_003, 'Борис');
      await write(boris, `${bot} получу ли я повышение в этом году?`);
      await expect.poll(() => guestAnswers(boris).count(), { timeout: 20_000 }).toBe(3);
      const question = guestAnswers(boris).nth(2);
      // In the words of inline «Да или нет»: the question, the card (its picture) and the verdict.
      expect(await question.textContent()).toContain('Да или нет? «получу ли я повышение в этом году?»');
      expect(await question.textContent()).toMatch(/\n(Да|Скорее да|Ни да, ни нет|Скорее нет|Нет)\. /);
      expect(await question.locator('img').getAttribute('src')).toMatch(/\/card-images\/[a-z0-9-]+(\.reversed)?\.jpg$/);
      await boris.getByRole('button', { name: '🔮 Полный расклад в приложении' }).waitFor();

      // Анна again within the minute: a short explanation, no card.
      await write(anna, `${bot} будет ли сегодня весело?`);
      await expect.poll(() => guestAnswers(anna).count(), { timeout: 20_000 }).toBe(4);
      expect(await guestAnswers(anna).nth(3).textContent()).toContain('Я отвечаю каждому не чаще раза в минуту');

      await boris.locator('.msg[data-guest="1"]').nth(2).scrollIntoViewIfNeeded();
      await env.screenshot(boris, 'dev-telegram-guest-light');
      await boris.emulateMedia({ colorScheme: 'dark' });
      await env.screenshot(boris, 'dev-telegram-guest-dark');
    },
    TIMEOUT,
  );
});
