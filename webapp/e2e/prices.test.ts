// Every price a user sees follows the server's pricing with overrides (VIP 599 ₽ / 460 ⭐, a micro promo of
// 129 ₽ …): in a browser every screen that shows a price shows the roubles YooKassa would charge and no Stars;
// inside Telegram (the bridge faked as iOS) every price and payment button is in Stars, with no rouble price.
// None of the default prices appears anywhere.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, formatRuDate } from '../../domain/text/time';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { DEFAULT_RUB_PRICE, DEFAULT_STARS_PRICE, PRICE_OVERRIDES } from '../../test/price-overrides';
import { fakeTelegramClient } from './fake-telegram';
import { drawCards } from './ritual-helpers';
import { pageApi } from './page-api';

const TIMEOUT = 120_000;
const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();
/** «599 ₽», «460 ⭐» whatever space Intl put in. */
const rub = (n: number) => new RegExp(`(?<!\\d)${n}[\\s\\u00a0]₽`);
const stars = (n: number) => new RegExp(`(?<!\\d)${n}[\\s\\u00a0]⭐`);
/** The micro promo's Stars: the Stars price scaled as the roubles are (105 × 129 / 139). */
const MICRO_PROMO_STARS = Math.round((105 * 129) / 139);

/** The whole screen as the user reads it: no default price, and only the currency the user pays in. */
async function screenSays(page: Page, pays: 'rub' | 'stars', name: string) {
  const body = await page.locator('body').innerText();
  expect(body, name).not.toMatch(DEFAULT_RUB_PRICE);
  expect(body, name).not.toMatch(DEFAULT_STARS_PRICE);
  expect(body, `${name}: ${pays === 'rub' ? 'a Stars price in a browser' : 'a rouble price inside Telegram'}`).not.toMatch(
    pays === 'rub' ? /⭐/ : /₽/,
  );
  // No invented «обычно N ₽» (a card-based reading may say «легче обычного»: words, not a price).
  expect(body, name).not.toMatch(/обычно\s*\d/);
  return body;
}

describe.runIf(browserAvailable())('prices with overrides (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv(PRICE_OVERRIDES);
  });
  afterAll(() => env?.close());

  it(
    'in a browser: every screen shows the overridden roubles, names the plan it prices, and shows no Stars',
    async () => {
      const { page } = await env.newPage();
      const user = 640_001;
      await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Лиза`);
      await expect.poll(() => text(page, 'vip-access')).toMatch(/VIP за 599\s₽ в месяц/);
      await screenSays(page, 'rub', 'home');

      // The daily card: one paid offer, the advice with the micro pack's price (no second pitch beside it).
      await page.goto(`${env.baseUrl}/daily-card`);
      await page.getByTestId('daily-card-back').click();
      await expect.poll(() => text(page, 'daily-advice')).toMatch(/^Подробный совет — \d+\s₽$/);
      expect(await page.getByTestId('daily-more').count()).toBe(0);
      await screenSays(page, 'rub', 'daily card');
      await page.goto(`${env.baseUrl}/daily-card`);
      await expect.poll(() => text(page, 'daily-advice')).toMatch(/^Подробный совет — \d+\s₽$/);
      await screenSays(page, 'rub', 'daily card, already drawn');

      // A reading: the interpretation's VIP offer, then the spread limit's pitch.
      const start = (q: string) =>
        `${env.baseUrl}/cards?user_data=${encodeURIComponent(JSON.stringify({ initialScreen: 'cards', spreadType: 'free_daily', userQuestion: q }))}`;
      await page.goto(start('Что принесёт мне этот день?'));
      await drawCards(page, 3);
      await page.getByTestId('get-answer').click();
      await expect.poll(() => text(page, 'vip-offer'), { timeout: 30_000 }).toMatch(/VIP за 599\s₽ в месяц/);
      await screenSays(page, 'rub', 'interpretation');
      await page.goto(start('А что будет вечером?'));
      await page.getByTestId('limit-reached').waitFor();
      await expect.poll(() => text(page, 'limit-reached')).toMatch(/Безлимит с VIP за 599\s₽ в месяц/);
      await screenSays(page, 'rub', 'cards, limit reached');

      // The spread menu: a VIP-only spread quotes VIP's price; the limit notice too.
      await page.goto(`${env.baseUrl}/spread-menu`);
      await page.getByTestId('spread-celtic_cross').click();
      await expect.poll(() => text(page, 'locked-subscribe')).toMatch(/^VIP за 599\s₽ в месяц$/);
      await screenSays(page, 'rub', 'spread menu');

      // Services and the terms.
      await page.goto(`${env.baseUrl}/services`);
      await expect.poll(() => text(page, 'price-basic')).toMatch(rub(349));
      expect(await text(page, 'price-vip')).toMatch(rub(599));
      await screenSays(page, 'rub', 'services');
      await page.goto(`${env.baseUrl}/terms`);
      await expect.poll(() => text(page, 'terms-text')).toMatch(/VIP — 599\s₽ \(в Telegram — 460\s⭐\) в месяц/);
      const terms = (await text(page, 'terms-text'))!;
      expect(terms).not.toMatch(DEFAULT_RUB_PRICE);
      expect(terms).not.toMatch(DEFAULT_STARS_PRICE);
      expect(terms).toMatch(/первые 7 дней — 19\s₽/);

      // The subscription screen: the trial and the plans, in roubles.
      await page.goto(`${env.baseUrl}/subscription`);
      await page.getByTestId('plan-vip').waitFor();
      // The plan's price stays whatever is ticked; the trial is its own choice with the configured prices.
      expect(await text(page, 'pay-vip-price')).toMatch(/^599\s₽ \/ месяц$/);
      await page.getByTestId('pay-vip-consent').check();
      expect(await text(page, 'pay-vip-price')).toMatch(/^599\s₽ \/ месяц$/);
      expect(await text(page, 'pay-vip-trial-now')).toMatch(/^Сейчас: 19\s₽ за 7 дней VIP\.$/);
      expect(await text(page, 'pay-vip-trial-later')).toMatch(/599\s₽ каждые 30 дней/);
      await page.getByTestId('pay-vip-consent').uncheck();
      expect(await text(page, 'pay-basic-price')).toMatch(/^349\s₽ \/ месяц$/);
      await screenSays(page, 'rub', 'subscription');
    },
    TIMEOUT,
  );

  it(
    'in a browser: the micro pack and the week offers, the micro result and the week view in roubles',
    async () => {
      const { page } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=640002&to=/interactive-daily-card`);
      await page.getByTestId('draw-card').click();
      await page.getByTestId('micro-offer').waitFor();
      expect(await text(page, 'micro-price')).toMatch(/^129\s₽$/);
      expect(await page.getByTestId('micro-offer').textContent()).toMatch(rub(139)); // the regular price, struck through
      expect(await text(page, 'micro-buy')).toMatch(/— 129\s₽$/);
      await page.getByTestId('week-upsell').waitFor();
      expect(await text(page, 'week-buy')).toMatch(/^Включить на 7 дней — 179\s₽$/);
      expect(await text(page, 'week-upsell-price')).toMatch(/^179\s₽ за 7 дней$/);
      await screenSays(page, 'rub', 'interactive daily card');

      await page.getByTestId('micro-buy').click();
      await page.getByTestId('micro-success').waitFor();
      // No upsell in the hour after a purchase: the result shows the paid cards in roubles and no week offer.
      expect(await page.getByTestId('week-upsell').count()).toBe(0);
      await screenSays(page, 'rub', 'micro result');

      await page.goto(`${env.baseUrl}/dev/launch?user=640003&plan=week&to=/subscription`);
      await page.getByTestId('week-view').waitFor();
      await expect.poll(() => text(page, 'week-extend')).toMatch(/^Продлить на 7 дней — 179\s₽$/);
      await screenSays(page, 'rub', 'week view');
    },
    TIMEOUT,
  );

  it(
    'inside Telegram (iOS bridge): every price and payment button in Stars, no rouble price anywhere',
    async () => {
      const { page } = await env.newPage();
      await page.addInitScript(fakeTelegramClient);
      await page.goto(`${env.baseUrl}/dev/launch?user=640004&name=Тая`);
      await expect.poll(() => text(page, 'vip-access')).toMatch(/VIP за 460\s⭐ в месяц/);
      await screenSays(page, 'stars', 'home');

      await page.getByTestId('home-daily-back').click();
      await page.getByTestId('home-daily-open').click();
      await expect.poll(() => text(page, 'daily-advice')).toMatch(/^Подробный совет — \d+\s⭐$/);
      expect(await page.getByTestId('daily-more').count()).toBe(0);
      await screenSays(page, 'stars', 'daily card');

      await page.goto(`${env.baseUrl}/spread-menu`);
      await page.getByTestId('spread-celtic_cross').click();
      await expect.poll(() => text(page, 'locked-subscribe')).toMatch(/^VIP за 460\s⭐ в месяц$/);
      await screenSays(page, 'stars', 'spread menu');

      await page.goto(`${env.baseUrl}/services`);
      await expect.poll(() => text(page, 'price-vip')).toMatch(stars(460));
      expect(await text(page, 'price-basic')).toMatch(stars(270));
      await screenSays(page, 'stars', 'services');

      // The plan widget: Stars only, no trial in roubles, no «или».
      await page.goto(`${env.baseUrl}/subscription`);
      await page.getByTestId('plan-vip').waitFor();
      expect(await text(page, 'pay-vip-price')).toMatch(/^460\s⭐ \/ месяц$/);
      expect(await text(page, 'pay-basic-price')).toMatch(/^270\s⭐ \/ месяц$/);
      expect(await page.getByTestId('plan-vip').textContent()).not.toContain('или');
      await screenSays(page, 'stars', 'subscription');

      await page.goto(`${env.baseUrl}/dev/launch?user=640005&to=/interactive-daily-card`);
      await page.getByTestId('draw-card').click();
      await page.getByTestId('micro-offer').waitFor();
      expect(await text(page, 'micro-price')).toMatch(new RegExp(`^${MICRO_PROMO_STARS}\\s⭐$`));
      expect(await text(page, 'micro-buy')).toMatch(new RegExp(`— ${MICRO_PROMO_STARS}\\s⭐$`));
      await page.getByTestId('week-upsell').waitFor();
      expect(await text(page, 'week-buy')).toMatch(/^Включить на 7 дней — 140\s⭐$/);
      expect(await text(page, 'week-upsell-price')).toMatch(/^140\s⭐ за 7 дней$/);
      const buttons = await page.locator('button').allTextContents();
      for (const b of buttons) expect(b).not.toMatch(/₽|руб/);
      await screenSays(page, 'stars', 'interactive daily card');

      await page.getByTestId('micro-buy').click();
      await page.getByTestId('micro-success').waitFor();
      expect(await page.getByTestId('week-upsell').count()).toBe(0);
      await screenSays(page, 'stars', 'micro result');
    },
    TIMEOUT,
  );
  it(
    'inside Telegram with Stars: a week pass holder subscribing is told Telegram charges in 30 days and the week days stay after',
    async () => {
      const stars = await startBrowserEnv({ ...PRICE_OVERRIDES, PAYMENTS_PROVIDER: 'stars' });
      try {
        const { page } = await stars.newPage();
        await page.addInitScript(fakeTelegramClient);
        await page.goto(`${stars.baseUrl}/dev/launch?user=640006&name=Тая`);
        await page.getByTestId('greeting').waitFor();
        // Five days left of a week pass (bought earlier: with Stars, a plan is given only by a payment).
        await stars.app.db
          .updateTable('users')
          .set({ subscription_type: 'week', subscription_expires: new Date(Date.now() + 5 * DAY_MS) })
          .where('id', '=', 640006)
          .execute();
        await page.goto(`${stars.baseUrl}/subscription`);
        await page.getByTestId('week-pay-vip-consent').check();
        const weekEnd = (await pageApi(page, 'GET', '/api/user/status')).data.userStatus.subscriptionExpires as string;
        expect(await text(page, 'week-pay-vip-renewal')).toBe(
          `Продлится автоматически ${formatRuDate(new Date(Date.now() + 30 * DAY_MS))}: спишется 460\u00a0⭐, затем каждые 30 дней. ` +
            `Оставшиеся дни сохранятся: доступ до ${formatRuDate(new Date(new Date(weekEnd).getTime() + 30 * DAY_MS))}, ` +
            'каждое продление добавит 30 дней.',
        );
        await stars.screenshot(page, 'subscription-week-stars');
        // Without autopay it is a one-off month after the week.
        await page.getByTestId('week-pay-vip-consent').uncheck();
        expect(await text(page, 'week-pay-vip-renewal')).toBe(
          `Разовая оплата на 30 дней: не продлевается, доступ до ${formatRuDate(new Date(new Date(weekEnd).getTime() + 30 * DAY_MS))}.`,
        );
      } finally {
        await stars.close();
      }
    },
    TIMEOUT,
  );
});
