// The spread on the table in a real browser at 390×844, in both decks and both themes: every spread lies as
// readers lay it, fits without horizontal scrolling, and once every card is turned «Получить ответ» is on
// the first screen; «Получить ответ» then shows the loading view at the top (no bare spinner first); the
// shuffle, the deal and the turn are animated unless the device asks for reduced motion.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECK } from '../../domain/tarot/deck';
import { getSpread, SPREADS } from '../../domain/tarot/spreads';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { namingPromptCards, startFakeOpenAI, type FakeOpenAI } from '../../test/fake-openai';
import { drawCards, imagesLoaded, launch, openSpread, path, viewportShot, type DeckId, type Theme, nextFanCard } from './ritual-helpers';
import { settled } from './settled';

const TIMEOUT = 300_000;
const VIEWPORT = { width: 390, height: 844 };

const EXPECTED_KIND: Record<string, string> = {
  free_daily: 'row',
  past_present_future: 'row',
  love_relationship: 'triangle-down',
  career_finance: 'diamond',
  health_wellbeing: 'triangle',
  celtic_cross: 'celtic-cross',
  spiritual_guidance: 'cross',
  year_forecast: 'wheel',
};

// Every spread of the catalogue (the year forecast too, once another change adds it; its geometry is tested
// with a fixture in webapp/src/layouts).
const spreads = SPREADS.map((s) => s.id as string);

/** Records whether the app ever showed its bare route spinner (before the loading view). */
const watchBareSpinner = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __bareSpinner: boolean };
    w.__bareSpinner = false;
    new MutationObserver(() => {
      if (document.querySelector('main.center[aria-busy] .spinner-lg')) w.__bareSpinner = true;
    }).observe(document.body, { childList: true, subtree: true });
  });

describe.runIf(browserAvailable())('the spread on the table (browser)', () => {
  let env: BrowserEnv;
  let ai: FakeOpenAI;
  beforeAll(async () => {
    ai = await startFakeOpenAI({ tokenDelayMs: 2, textFor: namingPromptCards });
    env = await startBrowserEnv({ OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: ai.baseUrl, OPENAI_TIMEOUT_MS: '20000' });
  });
  afterAll(async () => {
    await env?.close();
    await ai?.close();
  });

  // Every spread is laid once in each deck, once in each theme, once with every animation (the deck's
  // two-second shuffle before each spread and the deal of each card) and once with reduced motion (the same
  // table without the waits): each combination lays every other spread. The animations themselves are checked
  // in the test after these.
  const combos: [DeckId, Theme, 'full' | 'reduced'][] = [
    ['rws', 'light', 'full'],
    ['rws', 'dark', 'reduced'],
    ['drawn', 'light', 'full'],
    ['drawn', 'dark', 'reduced'],
  ];
  /** The spreads a combination lays: the even ones for rws light and drawn dark, the odd ones for the others. */
  const spreadsOf = (n: number) => spreads.filter((_, i) => i % 2 === (n === 0 || n === 3 ? 0 : 1));
  combos.forEach(([deck, theme, motion], n) => {
    it(
      `${deck}, ${theme}${motion === 'reduced' ? ', reduced motion' : ''}: every other spread fits 390 px, shows «Получить ответ» on the first screen once turned, then the loading view at the top`,
      async () => {
        const { page, consoleErrors } = await env.newPage({ motion: motion !== 'reduced' });
        await launch(env, page, { user: 650001 + n, plan: 'vip', theme, deck });
        for (const id of spreadsOf(n)) {
          const spread = getSpread(id)!;
          await page.goto(`${env.baseUrl}/`);
          await openSpread(page, id, `Что скажут карты о главном? (${id})`);
          expect(await page.getByTestId('mat').getAttribute('data-layout')).toBe(EXPECTED_KIND[id]);
          await drawCards(page, spread.cards);
          await settled(page); // the last card's deal and turn
          await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
          await imagesLoaded(page);

          // No horizontal scrolling, and every card lies inside the screen's width.
          expect(await page.evaluate(() => document.documentElement.scrollWidth), id).toBeLessThanOrEqual(VIEWPORT.width);
          const boxes = await page.$$eval('[data-testid=mat] .slot-card', (els) =>
            els.map((e) => e.getBoundingClientRect()).map((r) => ({ l: r.left, r: r.right })),
          );
          expect(boxes).toHaveLength(spread.cards);
          for (const b of boxes) {
            expect(b.l, id).toBeGreaterThanOrEqual(0);
            expect(b.r, id).toBeLessThanOrEqual(VIEWPORT.width);
          }
          // «Получить ответ» on the first screen, without scrolling.
          const answer = (await page.getByTestId('get-answer').boundingBox())!;
          expect(answer.y + answer.height, `${id}: answer button bottom`).toBeLessThanOrEqual(VIEWPORT.height);
          expect(await page.getByTestId('drawn-card-name').count()).toBe(spread.cards);
          await viewportShot(env, page, `cards-${id}-${deck}-${theme}`);

          if (id === 'celtic_cross' || id === 'free_daily') {
            // «Получить ответ»: the loading view at the top of the screen, no bare spinner before it.
            const release = ai.hold();
            await watchBareSpinner(page);
            await page.getByTestId('get-answer').click();
            await expect.poll(() => path(page)).toBe('/interpretation');
            const loading = page.getByTestId('loading-screen');
            await loading.waitFor();
            // On a busy machine the route's chunk may still be loading, and its fallback (the same view) is
            // replaced by the route's own between two reads: each is read until it can be measured.
            const top = async (testId: string) => (await page.getByTestId(testId).boundingBox())?.y ?? Infinity;
            const bottom = async (testId: string) => {
              const b = await page.getByTestId(testId).boundingBox();
              return b ? b.y + b.height : Infinity;
            };
            await expect.poll(() => top('loading-screen'), { message: 'loading view at the top' }).toBeLessThan(160);
            expect(await page.evaluate(() => window.scrollY)).toBe(0);
            await expect.poll(() => bottom('loading-tip'), { message: 'tips on the first screen' }).toBeLessThanOrEqual(VIEWPORT.height);
            expect(await page.locator('[role=progressbar]').count()).toBe(1);
            expect(await page.evaluate(() => (window as unknown as { __bareSpinner: boolean }).__bareSpinner)).toBe(false);
            await viewportShot(env, page, `loading-${id}-${deck}-${theme}`);
            release();
            await page.getByTestId('interpretation-text').waitFor({ timeout: 30_000 });
            await expect.poll(() => page.getByTestId('new-reading').count(), { timeout: 30_000 }).toBe(1);
            await imagesLoaded(page);
            // The AI was asked about the cards on the table: the reading names each of them.
            const reading = await page.getByTestId('interpretation-text').textContent();
            for (const name of await page.getByTestId('result-card-name').allTextContents()) expect(reading, id).toContain(name);
            await env.screenshot(page, `interpretation-${id}-${deck}-${theme}`);
          }
        }
        expect(consoleErrors).toEqual([]);
      },
      TIMEOUT,
    );
  });

  it(
    'shuffle, deal and turn are animated; with reduced motion they are not, and the deck is ready sooner',
    async () => {
      const timing = async (reduced: boolean) => {
        const { page, consoleErrors } = await env.newPage({ motion: !reduced });
        // How long the deck stays gathered, timed in the page (the test's own round trips would eat into it).
        await page.addInitScript(() => {
          const w = window as unknown as { __gathered: { from?: number; to?: number } };
          w.__gathered = {};
          new MutationObserver(() => {
            const gathered = document.querySelector('[data-testid=fan]')?.classList.contains('is-gathered');
            if (gathered) w.__gathered.from ??= performance.now();
            else if (w.__gathered.from !== undefined) w.__gathered.to ??= performance.now();
          }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
        });
        await launch(env, page, { user: reduced ? 650011 : 650012 });
        await openSpread(page, 'free_daily', 'Каким будет мой день?');
        const deck = nextFanCard(page);
        const shuffling = await page.getByTestId('fan').evaluate((el) => el.classList.contains('is-gathered'));
        const layerAnimation = await page
          .getByTestId('fan-card')
          .first()
          .evaluate((el) => getComputedStyle(el).animationName);
        await expect.poll(() => deck.isEnabled(), { timeout: 10_000, interval: 50 }).toBe(true);
        const { from, to } = await page.evaluate(() => (window as unknown as { __gathered: { from: number; to: number } }).__gathered);
        await deck.click();
        await page.getByTestId('drawn-card').waitFor();
        const dealt = await page
          .locator('.deal-in')
          .first()
          .evaluate((el) => ({
            deal: getComputedStyle(el).animationName,
            turn: getComputedStyle(el.querySelector('.turn-over')!).animationName,
          }));
        expect(consoleErrors).toEqual([]);
        return { shuffling, layerAnimation, waited: to - from, dealt };
      };
      const moving = await timing(false);
      expect(moving.shuffling).toBe(true);
      expect(moving.layerAnimation).toMatch(/fan-shuffle-(left|right)/);
      expect(moving.dealt).toEqual({ deal: 'deal-in', turn: 'turn-over' });
      // The two-second shuffle: a timer never fires early.
      expect(moving.waited).toBeGreaterThanOrEqual(1950);

      const still = await timing(true);
      expect(still.dealt).toEqual({ deal: 'none', turn: 'none' });
      expect(still.waited).toBeLessThan(moving.waited);
    },
    TIMEOUT,
  );

  // The year forecast joins the catalogue in another change: until then the server's answer is a fixture
  // (13 cards: the year, then January … December), which the real cards screen lays out.
  const MONTHS = ['Январь', 'Февраль', 'Март', 'Апрель', 'Май', 'Июнь', 'Июль', 'Август', 'Сентябрь', 'Октябрь', 'Ноябрь', 'Декабрь'];
  const yearFixture = (question: string) => ({
    id: 990001,
    spreadType: 'year_forecast',
    spreadName: 'Прогноз на год',
    question,
    level: 'premium',
    status: 'dealt',
    interpretation: null,
    createdAt: new Date().toISOString(),
    cards: DECK.slice(5, 18).map((c, i) => ({
      position: i,
      positionName: i === 0 ? 'Карта года' : MONTHS[i - 1],
      cardId: c.id,
      name: c.name,
      suit: c.suit,
      image: c.image,
      orientation: i % 3 === 1 ? 'reversed' : 'upright',
      reversed: i % 3 === 1,
      keywords: c.keywords,
      meaning: c.meaning,
    })),
  });

  combos.forEach(([deck, theme, motion], n) => {
    it(
      `year forecast (${deck}, ${theme}${motion === 'reduced' ? ', reduced motion' : ''}): the year card in the centre, twelve months clockwise around it, fitting 390 px`,
      async () => {
        const { page, consoleErrors } = await env.newPage({ motion: motion !== 'reduced' });
        await launch(env, page, { user: 650021 + n, plan: 'vip', theme, deck });
        const question = 'Каким будет мой год?';
        const fixture = yearFixture(question);
        await page.route('**/api/readings', (route) =>
          route.request().method() === 'POST' ? route.fulfill({ status: 201, json: { success: true, data: fixture } }) : route.fallback(),
        );
        await page.route('**/api/readings/990001', (route) => route.fulfill({ json: { success: true, data: fixture } }));
        await openSpread(page, 'free_daily', question);
        await expect.poll(() => page.getByTestId('cards-counter').textContent()).toBe('Выбрано карт: 0 из 13');
        expect(await page.getByTestId('mat').getAttribute('data-layout')).toBe('wheel');
        await drawCards(page, 13);
        await settled(page);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
        await imagesLoaded(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORT.width);
        const centres = await page.$$eval('[data-testid=mat] .slot-card', (els) =>
          els.map((e) => {
            const r = e.getBoundingClientRect();
            return { x: r.left + r.width / 2, y: r.top + r.height / 2, l: r.left, r: r.right, w: r.width };
          }),
        );
        const [year, ...months] = centres;
        for (const c of centres) {
          expect(c.l).toBeGreaterThanOrEqual(0);
          expect(c.r).toBeLessThanOrEqual(VIEWPORT.width);
        }
        expect(year.w).toBeGreaterThan(months[0].w); // the year's card is the larger
        // Clockwise from the top: the angle of each month around the year's card grows by about 30°.
        const angles = months.map((m) => (Math.atan2(m.y - year.y, m.x - year.x) * 180) / Math.PI);
        expect(angles[0]).toBeCloseTo(-90, -1);
        for (let i = 1; i < 12; i++) {
          const step = (angles[i] - angles[i - 1] + 360) % 360;
          expect(step).toBeGreaterThan(15);
          expect(step).toBeLessThan(45);
        }
        const answer = (await page.getByTestId('get-answer').boundingBox())!;
        expect(answer.y + answer.height).toBeLessThanOrEqual(VIEWPORT.height);
        // Badges and the list name the year's card and the months by number.
        expect(await page.locator('[data-testid=mat] .slot-badge').allTextContents()).toEqual([
          'Год',
          ...MONTHS.map((_, m) => String(m + 1)),
        ]);
        expect(await page.getByTestId('spread-legend').textContent()).toContain('12Декабрь');
        // A month opens large with its position.
        await page
          .locator('[data-testid=mat] [data-testid=card-zoom-open]')
          .nth(4)
          .click({ position: { x: 10, y: 8 } });
        expect(await page.getByTestId('zoom-position').textContent()).toBe('Апрель');
        await page.getByTestId('zoom-close').click();
        await viewportShot(env, page, `cards-year_forecast-${deck}-${theme}`);
        expect(consoleErrors).toEqual([]);
      },
      TIMEOUT,
    );
  });
});
