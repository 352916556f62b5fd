// The offer screens at 390 px, light and dark: the trial and the plan without it as two choices that each say
// what is charged now and later (ticking autopay swaps nothing); the week pass confirmed after paying, with the
// plans and what becomes of its unused days; the tariffs page listing every product; no anchor prices.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRuDate } from '../../domain/text/time';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { settled } from './settled';

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();
const ANCHOR = /вместо|×|всего \+/;

describe.runIf(browserAvailable())('offer screens (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  }, 180_000);
  afterAll(() => env?.close());

  for (const theme of ['light', 'dark'] as const) {
    const base = theme === 'light' ? 670_000 : 670_100;

    it(`${theme}: the trial and the plan are two choices; ticking autopay swaps nothing; the trial needs consent`, async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=${base + 1}&theme=${theme}&to=/subscription`);
      await page.getByTestId('pay-vip-choice').waitFor();
      const trialEnd = formatRuDate(new Date(Date.now() + 7 * 86_400_000));
      const monthEnd = formatRuDate(new Date(Date.now() + 30 * 86_400_000));
      // Each choice states its charge now and what follows.
      expect(await text(page, 'pay-vip-trial-now')).toMatch(/^Сейчас: 10\s₽ за 7 дней VIP\.$/);
      expect(await text(page, 'pay-vip-trial-later')).toBe(
        `Затем с ${trialEnd}: 499\u00a0₽ каждые 30 дней с сохранённой карты, пока вы не отмените автопродление.`,
      );
      expect(await text(page, 'pay-vip-plan-now')).toMatch(/^Сейчас: 499\s₽ за 30 дней\.$/);
      expect(await text(page, 'pay-vip-plan-later')).toContain(`без него доступ до ${monthEnd}`);
      // The plan without the trial is chosen until the user picks the trial; ticking autopay keeps it so.
      expect(await page.getByTestId('pay-vip-choose-plan').locator('input').isChecked()).toBe(true);
      await page.getByTestId('pay-vip-consent').check();
      expect(await page.getByTestId('pay-vip-choose-plan').locator('input').isChecked()).toBe(true);
      expect(await text(page, 'pay-vip-price')).toMatch(/^499\s₽ \/ месяц$/);
      expect(await text(page, 'pay-vip-button')).toMatch(/^Оформить VIP — 499\s₽$/);
      expect(await text(page, 'pay-vip-renewal')).toBe(`Продлится автоматически ${monthEnd}: спишется 499\u00a0₽, затем каждые 30 дней.`);
      await page.getByTestId('pay-vip-consent').uncheck();
      // The trial chosen: unticked it cannot be paid, and says why; ticked, the renewal's date and amount.
      await page.getByTestId('pay-vip-choose-trial').click();
      expect(await page.getByTestId('pay-vip-button').isDisabled()).toBe(true);
      expect(await text(page, 'pay-vip-renewal')).toMatch(/^Пробная неделя оформляется только с автопродлением/);
      expect(await text(page, 'pay-vip-consent-label')).toContain(`после пробной недели: ${trialEnd} и затем каждые 30 дней — 499\u00a0₽`);
      await page.getByTestId('pay-vip-consent').check();
      expect(await text(page, 'pay-vip-button')).toMatch(/^Начать пробную неделю — 10\s₽$/);
      expect(await text(page, 'pay-vip-renewal')).toBe(`Продлится автоматически ${trialEnd}: спишется 499\u00a0₽, затем каждые 30 дней.`);
      expect(await text(page, 'subscription')).not.toMatch(ANCHOR);
      await page.getByTestId('pay-vip').scrollIntoViewIfNeeded();
      await settled(page);
      await env.screenshot(page, `offers-trial-choice-${theme}`);

      // Paying the trial charges the trial: the plan screen then states the renewal on the trial's end.
      await page.getByTestId('pay-vip-button').click();
      await page.getByTestId('paid-view').waitFor();
      await expect.poll(() => text(page, 'renewal'), { timeout: 10_000 }).toBe(`Продлится автоматически ${trialEnd}: спишется 499\u00a0₽`);
      expect(consoleErrors).toEqual([]);
    });

    it(`${theme}: the week pass bought on the daily card is confirmed and offers the plans with its days carried`, async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=${base + 2}&theme=${theme}&to=/interactive-daily-card`);
      await page.getByTestId('draw-card').click();
      await page.getByTestId('week-upsell').waitFor();
      expect(await text(page, 'week-upsell-price')).toMatch(/^149\s₽ за 7 дней$/);
      expect(await text(page, 'week-upsell')).not.toMatch(ANCHOR);
      await page.getByTestId('week-upsell').scrollIntoViewIfNeeded();
      await settled(page);
      await env.screenshot(page, `offers-week-offer-${theme}`);

      await page.getByTestId('week-buy').click();
      await page.getByTestId('week-confirmed').waitFor();
      const until = formatRuDate(new Date(Date.now() + 7 * 86_400_000));
      expect(await text(page, 'week-confirmed')).toContain(`Неделя безлимита оплачена`);
      expect(await text(page, 'week-confirmed')).toContain(`Доступ открыт до ${until}`);
      expect(await text(page, 'week-confirmed')).toContain('по окончании ничего не спишется');
      // The way up, even in the hour after the purchase, with the unused days counted.
      expect(await text(page, 'week-plans-carry')).toBe(
        'Оставшиеся дни недели добавятся к концу тарифа: 7 дней сверх его срока, ничего не сгорит.',
      );
      expect(await page.getByTestId('week-plan-basic').count()).toBe(1);
      expect(await page.getByTestId('week-plan-vip').count()).toBe(1);
      await settled(page);
      await env.screenshot(page, `offers-week-confirmed-${theme}`);
      await page.getByTestId('week-start').click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/spread-menu');
      expect(consoleErrors).toEqual([]);
    });

    it(`${theme}: the tariffs page lists every product the catalogue sells, with its price`, async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=${base + 3}&theme=${theme}&to=/services`);
      await page.getByTestId('one-off-products').waitFor();
      for (const id of ['plan-basic', 'plan-vip', 'product-trial', 'product-week', 'product-micro'])
        expect(await page.getByTestId(id).count()).toBe(1);
      await expect.poll(() => text(page, 'price-week'), { timeout: 10_000 }).toMatch(/^149\s₽ за 7 дней$/);
      expect(await text(page, 'price-trial')).toMatch(/^10\s₽ за 7 дней$/);
      expect(await text(page, 'price-micro')).toMatch(/^99\s₽ за карту дня$/);
      expect(await text(page, 'services')).not.toMatch(ANCHOR);
      await page.getByTestId('one-off-products').scrollIntoViewIfNeeded();
      await settled(page);
      await env.screenshot(page, `offers-services-${theme}`);
      expect(consoleErrors).toEqual([]);
    });
  }
});
