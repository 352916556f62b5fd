// Inline mode in the local Telegram's page (/dev/telegram): typing `@bot ` in the composer asks the bot (an
// inline_query through the Bot API fake), the bot's results are listed with their titles and card pictures,
// and choosing one sends it into the open chat as the user's message «via @bot»: in the chat with the bot and
// in the group where the bot is not a member. Screenshots at 390 px, light and dark.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';

const TIMEOUT = 120_000;
const VERDICT = /^🔮 Да или нет: (Да|Скорее да|Ни да, ни нет|Скорее нет|Нет)$/;

describe.runIf(browserAvailable())('inline results in /dev/telegram (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
    await env.app.bot.ready;
  }, 180_000);
  afterAll(() => env?.close());

  const results = (page: Page) => page.locator('#inline-results .result');
  /** Types into the composer as a person does (the page asks the bot when typing pauses). */
  async function type(page: Page, text: string) {
    await page.locator('#text').fill('');
    await page.locator('#text').pressSequentially(text);
  }
  /** Whether every picture in `scope` has loaded (a broken image has no natural width). */
  const picturesLoaded = (page: Page, selector: string) =>
    page.$$eval(
      selector,
      (imgs) => imgs.length > 0 && imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
    );

  it(
    '@bot lists the bot’s results with their pictures; choosing one sends it «via @bot», in the chat with the bot and in a group',
    async () => {
      const bot = env.app.bot.localTelegram!.me.username;
      for (const scheme of ['light', 'dark'] as const) {
        const { page, consoleErrors } = await env.newPage();
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`${env.baseUrl}/dev/telegram?user=${scheme === 'light' ? 730_001 : 730_002}&name=Вера`);
        await page.getByRole('button', { name: 'НАЧАТЬ' }).click();
        await page.locator('.msg.bot', { hasText: 'Здравствуйте, Вера!' }).waitFor();

        // Only the name, no space yet: nothing asked.
        await type(page, `@${bot}`);
        expect(await page.locator('#inline-results').isVisible()).toBe(false);
        // An empty query: the card of the day is not drawn yet, so the bot offers to open it.
        await type(page, `@${bot} `);
        await results(page).filter({ hasText: 'Карта дня ещё не вытянута' }).waitFor();
        expect(await results(page).count()).toBe(1);

        // With a question: «Да или нет» first, with its card's picture, then the day's offer.
        const question = 'получу ли я эту работу?';
        await type(page, `@${bot} ${question}`);
        await results(page).filter({ hasText: 'Да или нет' }).waitFor();
        const titles = await results(page).locator('b').allTextContents();
        expect(titles).toHaveLength(2);
        expect(titles[0]).toMatch(VERDICT);
        expect(titles[1]).toBe('🃏 Карта дня ещё не вытянута');
        const thumb = (await results(page).first().locator('img').getAttribute('src')) ?? '';
        expect(thumb).toMatch(/\/card-images\/[a-z0-9-]+(\.reversed)?\.jpg$/);
        await expect.poll(() => picturesLoaded(page, '#inline-results img')).toBe(true);
        await env.screenshot(page, `dev-telegram-inline-results-${scheme}`);

        // Choosing it: the user's message «via @bot» with the card's picture and what it says; the list closes.
        await results(page).first().click();
        const sent = page.locator('.msg.user[data-via="1"]');
        await sent.waitFor();
        expect(await page.locator('#inline-results').isVisible()).toBe(false);
        expect(await page.locator('#text').inputValue()).toBe('');
        const text = (await sent.textContent()) ?? '';
        expect(text.startsWith(`via @${bot}`)).toBe(true);
        expect(text).toContain(`Да или нет? «${question}»`);
        expect(text).toContain(titles[0].replace('🔮 Да или нет: ', ''));
        expect(await sent.locator('img').getAttribute('src')).toBe(thumb);
        await expect.poll(() => picturesLoaded(page, '.msg.user[data-via="1"] img')).toBe(true);
        await page.locator('.inline-kb button', { hasText: 'Полный расклад в Таро' }).waitFor();
        await sent.scrollIntoViewIfNeeded();
        await env.screenshot(page, `dev-telegram-inline-sent-${scheme}`);

        // In the group, where the bot is not a member, a result is sent the same way, under the sender's name.
        await page.locator('#switch').click();
        await page.locator('#botname').filter({ hasText: 'Друзья' }).waitFor();
        await type(page, `@${bot} будет ли у нас весёлый вечер?`);
        await results(page).filter({ hasText: 'Да или нет' }).waitFor();
        await results(page).first().click();
        const inGroup = page.locator('.msg.user:not(.other)[data-via="1"]', { hasText: 'будет ли у нас весёлый вечер?' });
        await inGroup.waitFor();
        expect(((await inGroup.textContent()) ?? '').startsWith(`via @${bot}`)).toBe(true);
        // The other page's (light) result is someone else's message here: their name, then «via @bot».
        if (scheme === 'dark')
          expect(((await page.locator('.msg.other[data-via="1"]').first().textContent()) ?? '').startsWith(`Вераvia @${bot}`)).toBe(true);
        // Nothing was summoned: the bot did not answer as a guest.
        expect(await page.locator('.msg[data-guest="1"]', { hasText: 'весёлый вечер' }).count()).toBe(0);
        await inGroup.scrollIntoViewIfNeeded();
        await env.screenshot(page, `dev-telegram-inline-group-${scheme}`);
        expect(consoleErrors).toEqual([]);
        await page.context().close();
      }
    },
    TIMEOUT,
  );
});
