// The decks in a real browser: the classic Rider–Waite–Smith deck by default (WebP with width, height and
// lazy loading), the drawn deck chosen in settings (stored on the server), the artist credited, reversed
// cards turned in both decks, and any card opening large (cards screen, interpretation, daily card,
// interactive daily card, micro result, history), closed by a tap or by Telegram's Back button.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECK } from '../../domain/tarot/deck';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { fakeTelegramClient } from './fake-telegram';
import { drawCards, imagesLoaded, launch, openSpread, path, viewportShot } from './ritual-helpers';
import { pageApi } from './page-api';
import { settled } from './settled';

const TIMEOUT = 150_000;
const CREDIT = 'классическая колода Райдера — Уэйта — Смит (1909), иллюстрации Памелы Колман Смит, общественное достояние';

/** Each card image on the page: its file, declared size, loading mode, and whether it is turned. */
const cardImages = (page: Page, scope = 'body') =>
  page.$$eval(`${scope} img.card-img:not(.card-back)`, (imgs) =>
    imgs.map((img) => {
      const t = getComputedStyle(img).transform;
      return {
        src: new URL((img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src).pathname,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        reversed: img.getAttribute('data-reversed') === 'true',
        alt: img.getAttribute('alt') ?? '',
        turned: t.startsWith('matrix(-1, ') && t.includes(', -1, '),
        natural: (img as HTMLImageElement).naturalWidth,
      };
    }),
  );

/** Opens the card large by tapping it, checks what the zoom says, then closes it by a tap. */
async function zoomAndClose(page: Page, opener: ReturnType<Page['getByTestId']>, expectPosition: string | null) {
  // Near the card's top edge: the Celtic cross's card 1 shows above and below the card lying across it.
  const at = (await opener.boundingBox())!;
  const label = (await opener.getAttribute('aria-label'))!;
  const name = label.replace(/ \(перевёрнутая\)/, '').replace(/: открыть крупно$/, '');
  const reversed = label.includes('(перевёрнутая)');
  await opener.click({ position: { x: at.width / 2, y: Math.min(8, at.height / 2) } });
  const zoom = page.getByTestId('card-zoom');
  await zoom.waitFor();
  expect(await page.getByTestId('zoom-name').textContent()).toBe(name);
  expect(await page.getByTestId('zoom-orientation').textContent()).toBe(reversed ? 'Перевёрнутое положение' : 'Прямое положение');
  expect((await page.getByTestId('zoom-meaning').textContent())!.length).toBeGreaterThan(20);
  if (expectPosition === null) expect(await page.getByTestId('zoom-position').count()).toBe(0);
  else expect(await page.getByTestId('zoom-position').textContent()).toBe(expectPosition);
  const img = page.getByTestId('zoom-image');
  expect(await img.evaluate((el) => getComputedStyle(el).transform.startsWith('matrix(-1, '))).toBe(reversed);
  expect(await img.evaluate((el) => el.clientWidth)).toBeGreaterThanOrEqual(220); // large: more than twice a mat card
  await page.mouse.click(20, 20); // a tap anywhere closes it
  await expect.poll(() => zoom.count()).toBe(0);
  return { name, reversed };
}

const backButtonVisible = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __tg: { type: string; payload: { is_visible?: boolean } | null }[] }).__tg
        .filter((c) => c.type === 'web_app_setup_back_button')
        .at(-1)?.payload?.is_visible ?? false,
  );
const pressTelegramBack = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { Telegram: { WebView: { receiveEvent: (n: string) => void } } }).Telegram.WebView.receiveEvent(
      'back_button_pressed',
    ),
  );

describe.runIf(browserAvailable())('decks and card zoom (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  it(
    'the classic deck is the default; settings credit the artist and switch to the drawn deck, stored on the server',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await launch(env, page, { user: 640001, name: 'Ника' });
      expect(await page.getByTestId('settings-link').textContent()).toContain('Колода: классическая Райдера — Уэйта — Смит');

      // Today's card in the classic deck: the 350×600 WebP, with its size set and lazy loading.
      await page.goto(`${env.baseUrl}/daily-card`);
      await page.getByTestId('daily-card-back').click();
      await page.getByTestId('daily-card-name').waitFor();
      await imagesLoaded(page);
      const [face] = await cardImages(page, '.daily-face');
      expect(face.src).toMatch(/^\/decks\/rws\/[a-z-]+\.webp$/);
      expect(face).toMatchObject({ width: '180', height: '309', loading: 'lazy', natural: 350 });
      expect(face.turned).toBe(face.reversed);
      const cardId = face.src.replace('/decks/rws/', '').replace('.webp', '');

      await page.goto(`${env.baseUrl}/settings`);
      await page.getByTestId('deck-option-rws').waitFor();
      expect(await page.getByTestId('deck-option-rws').getAttribute('aria-checked')).toBe('true');
      expect(await page.getByTestId('deck-option-rws').textContent()).toContain(CREDIT);
      expect(await page.getByTestId('deck-option-drawn').textContent()).toContain('Авторская колода');
      await imagesLoaded(page);
      await env.screenshot(page, 'settings-deck');

      await page.getByTestId('deck-option-drawn').click();
      await expect.poll(() => page.getByTestId('deck-option-drawn').getAttribute('aria-checked')).toBe('true');
      expect((await pageApi(page, 'GET', '/api/user/status')).data.userStatus.deck).toBe('drawn');

      // The same card of the day now in the drawn deck, in a new session too (the server keeps the choice).
      const again = await env.newPage();
      await launch(env, again.page, { user: 640001, name: 'Ника', to: '/daily-card' });
      await again.page.getByTestId('daily-card-name').waitFor();
      await imagesLoaded(again.page);
      const [drawn] = await cardImages(again.page, '.daily-face');
      // The card's suit from the deck, not from its id: the Wheel of Fortune's id has «-of-» too.
      const suit = DECK.find((c) => c.id === cardId)!.suit;
      expect(drawn.src).toBe(`/cards/${suit}/${cardId}.svg`);
      expect(drawn).toMatchObject({ width: '180', height: '270', loading: 'lazy' });
      expect(drawn.natural).toBeGreaterThan(0);
      expect(drawn.turned).toBe(face.reversed);
      await again.page.goto(`${env.baseUrl}/`);
      await expect.poll(() => again.page.getByTestId('settings-link').textContent()).toContain('Колода: авторская');
      expect([...consoleErrors, ...again.consoleErrors]).toEqual([]);
    },
    TIMEOUT,
  );

  for (const deck of ['rws', 'drawn'] as const) {
    it(
      `${deck}: reversed cards are turned on the table, in the interpretation and in the zoom; any card opens large and a tap closes it`,
      async () => {
        const user = deck === 'rws' ? 640011 : 640012;
        const { page, consoleErrors } = await env.newPage();
        await launch(env, page, { user, plan: 'vip', deck });
        // Ten cards: some are dealt reversed (p = ½ each); deal again in the rare case none or all are.
        let images: Awaited<ReturnType<typeof cardImages>> = [];
        for (let attempt = 0; attempt < 4; attempt++) {
          if (attempt > 0) await page.goto(`${env.baseUrl}/`);
          await openSpread(page, 'celtic_cross', `Что меня ждёт? Попытка ${attempt + 1}`);
          await drawCards(page, 10);
          await settled(page); // the last turn
          await imagesLoaded(page);
          images = await cardImages(page, '[data-testid=mat]');
          const reversed = images.filter((i) => i.reversed).length;
          if (reversed > 0 && reversed < 10) break;
        }
        expect(images).toHaveLength(10);
        for (const img of images) {
          expect(img.src).toMatch(deck === 'rws' ? /^\/decks\/rws\/[a-z-]+-s\.webp$/ : /^\/cards\/[a-z]+\/[a-z-]+\.svg$/); // the small files on the mat
          expect(img.turned, `${img.alt} turned`).toBe(img.reversed);
          expect(img.alt.endsWith('(перевёрнутая)')).toBe(img.reversed);
          expect(img.natural).toBeGreaterThan(0);
        }

        // The cards screen: a reversed card and an upright one open large with their positions.
        const slots = page.locator('[data-testid=mat] [data-testid=card-zoom-open]');
        const rev = images.findIndex((i) => i.reversed);
        const up = images.findIndex((i) => !i.reversed);
        const positions = [
          'Суть ситуации',
          'Препятствие',
          'Основа',
          'Недавнее прошлое',
          'Возможное будущее',
          'Ближайшее будущее',
          'Вы сами',
          'Окружение',
          'Надежды и страхи',
          'Итог',
        ];
        await zoomAndClose(page, slots.nth(rev), positions[rev]);
        await slots.nth(up).click({ position: { x: 10, y: 8 } });
        await page.getByTestId('card-zoom').waitFor();
        await imagesLoaded(page);
        await settled(page); // the veil's fade-in
        await viewportShot(env, page, `zoom-cards-${deck}`);
        await page.getByTestId('zoom-close').click();
        await expect.poll(() => page.getByTestId('card-zoom').count()).toBe(0);
        expect(path(page)).toBe('/cards'); // closing the zoom leaves the screen where it was

        // The interpretation: the same cards, turned the same way, zoomable.
        await page.getByTestId('get-answer').click();
        await expect.poll(() => page.getByTestId('result-card').count(), { timeout: 30_000 }).toBe(10);
        await page.getByTestId('interpretation-text').waitFor({ timeout: 30_000 });
        await imagesLoaded(page);
        const result = await cardImages(page, '[data-testid=result-spread]');
        expect(result.map((r) => [r.alt, r.turned])).toEqual(images.map((i) => [i.alt, i.reversed]));
        const resultCards = page.locator('[data-testid=result-spread] [data-testid=card-zoom-open]');
        await zoomAndClose(page, resultCards.nth(rev), positions[rev]);

        // History: the reading again, cards zoomable.
        await page.goto(`${env.baseUrl}/history`);
        await page.locator('.history-item').first().click();
        await page.getByTestId('result-spread').waitFor();
        await zoomAndClose(page, page.locator('[data-testid=result-spread] [data-testid=card-zoom-open]').nth(up), positions[up]);
        expect(consoleErrors).toEqual([]);
      },
      TIMEOUT,
    );
  }

  it(
    'the daily card, the interactive daily card and the micro result open large too',
    async () => {
      const user = 640021;
      const { page, consoleErrors } = await env.newPage();
      await launch(env, page, { user, to: '/daily-card' });
      await page.getByTestId('daily-card-back').click();
      await page.getByTestId('daily-card-name').waitFor();
      const daily = await zoomAndClose(page, page.locator('.daily-face [data-testid=card-zoom-open]'), 'Карта дня');

      await page.goto(`${env.baseUrl}/interactive-daily-card`);
      await page
        .getByTestId('interactive-card-name')
        .waitFor({ timeout: 15_000 })
        .catch(async () => {
          // Before the interactive screen continues with today's card (another change), it asks to draw.
          await page.getByTestId('draw-card').click();
          await page.getByTestId('interactive-card-name').waitFor();
        });
      const interactive = await zoomAndClose(page, page.locator('.daily-face [data-testid=card-zoom-open]'), 'Карта дня');
      expect(interactive.name).toBe(daily.name);

      await page.getByTestId('micro-buy').click();
      await expect.poll(() => path(page)).toBe('/micro-result');
      await page.getByTestId('micro-success').waitFor();
      const labels = await page.getByTestId('micro-card-label').allTextContents();
      await zoomAndClose(page, page.locator('[data-testid=micro-card] [data-testid=card-zoom-open]').nth(1), labels[1]);
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'inside Telegram the Back button closes the zoomed card first, then goes back from the screen',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.addInitScript(fakeTelegramClient);
      await page.goto(`${env.baseUrl}/dev/launch?user=640031&name=Тая`);
      await page.getByTestId('greeting').waitFor();
      // Drawn on home, opened with «Открыть».
      await page.getByTestId('home-daily-back').click();
      await page.getByTestId('home-daily-open').click();
      await page.getByTestId('daily-card-name').waitFor();
      await expect.poll(() => backButtonVisible(page)).toBe(true);
      expect(await page.getByTestId('back').count()).toBe(0); // Telegram's own button, not the page's

      await page.locator('.daily-face [data-testid=card-zoom-open]').click();
      await page.getByTestId('card-zoom').waitFor();
      await pressTelegramBack(page);
      await expect.poll(() => page.getByTestId('card-zoom').count()).toBe(0);
      expect(path(page)).toBe('/daily-card');
      expect(await backButtonVisible(page)).toBe(true); // still there for the screen

      await pressTelegramBack(page);
      await expect.poll(() => path(page)).toBe('/');
      await expect.poll(() => backButtonVisible(page)).toBe(false);
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );
});
