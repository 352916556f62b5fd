// Shared steps of the deck and spread browser tests: launching as a user, starting a reading and drawing its
// cards.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SCREENSHOT_DIR, screenshotsWanted, type BrowserEnv } from '../../test/browser';
import { pageApi } from './page-api';

export type DeckId = 'rws' | 'drawn';
export type Theme = 'light' | 'dark';

export const path = (page: Page) => new URL(page.url()).pathname;

/** Opens the app as `user` (home first), with the deck chosen on the server, then goes to `to`. */
export async function launch(
  env: BrowserEnv,
  page: Page,
  o: { user: number; name?: string; plan?: string; theme?: Theme; deck?: DeckId; to?: string },
) {
  const q = new URLSearchParams({ user: String(o.user), name: o.name ?? 'Тест' });
  if (o.plan) q.set('plan', o.plan);
  if (o.theme) q.set('theme', o.theme);
  await page.goto(`${env.baseUrl}/dev/launch?${q}`);
  await page.getByTestId('greeting').waitFor();
  if (o.deck) {
    const res = await pageApi(page, 'PUT', '/api/user/settings', { deck: o.deck });
    expect(res.status).toBe(200);
  }
  if (o.to) await page.goto(`${env.baseUrl}${o.to}`);
  else if (o.deck) await page.reload();
}

/** Home → spread menu → question → cards, for `spreadId`. */
export async function openSpread(page: Page, spreadId: string, question: string) {
  await page.getByTestId('personal-spread').click();
  await page.getByTestId(`spread-${spreadId}`).click();
  await page.getByTestId('question-input').fill(question);
  await page.getByTestId('question-continue').click();
  await expect.poll(() => path(page)).toBe('/cards');
}

/** The next card the user can pick from the fan (the first one still in it). */
export const nextFanCard = (page: Page) => page.locator('[data-testid=fan-card]:not(.is-gone)').first();

/** Picks `count` cards from the fan, each time waiting for the card to land. */
export async function drawCards(page: Page, count: number) {
  const deck = nextFanCard(page);
  for (let i = 1; i <= count; i++) {
    await expect.poll(() => deck.isEnabled(), { timeout: 15_000 }).toBe(true);
    await deck.click();
    await expect.poll(() => page.getByTestId('drawn-card').count()).toBe(i);
  }
}

/** Waits until every <img> on the page has loaded (lazy ones are scrolled into view first). */
export async function imagesLoaded(page: Page) {
  await page.evaluate(async () => {
    const imgs = [...document.images];
    const y = window.scrollY;
    for (const img of imgs) if (!img.complete) img.scrollIntoView({ block: 'center' });
    window.scrollTo(0, y);
    await Promise.all(
      imgs.map((img) =>
        img.complete
          ? null
          : new Promise((r) => {
              img.addEventListener('load', r, { once: true });
              img.addEventListener('error', r, { once: true });
            }),
      ),
    );
  });
}

/** A screenshot of what the phone shows (the viewport, not the whole page): for overlays. */
export async function viewportShot(_env: BrowserEnv, page: Page, name: string) {
  if (screenshotsWanted()) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}
