// The paid screens in a real browser, in local mode (mock payments): the subscription screen's three views,
// the interactive daily card's micro pack leading to the micro result (cards, tip; the week upsell's arithmetic
// before paying, no upsell after it), and the micro result's polling and error states.
import { planFeatures, WEEK_NO_AUTOPAY } from '../../domain/commerce/claims';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluralRu } from '../../domain/text/plural';
import { chooseMicroVariant, DEFAULT_MICRO_PRICE_VARIANTS } from '../../domain/commerce/pricing';
import { formatRuDate } from '../../domain/text/time';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { startFakeYooKassa, type FakeYooKassa } from '../../test/fake-yookassa';
import { pageApi } from './page-api';

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();
const NOT_FOUND = 'Покупка микро-пакета не найдена. Если вы только что оплатили, подождите минуту и нажмите «Попробовать снова».';

describe.runIf(browserAvailable())('paid screens (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  it('free view: two plan cards (no invented «обычно» price), the trial line with consent, paying VIP shows the paid view; cancel keeps it', async () => {
    const { page, consoleErrors } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=610001&name=Вера&to=/subscription`);
    await page.getByTestId('plan-vip').waitFor();
    expect(await page.getByTestId('plan-basic').count()).toBe(1);
    expect(await page.getByTestId('plan-vip').textContent()).not.toContain('обычно');
    expect(await page.getByTestId('plan-vip').textContent()).toContain('Самый популярный');
    expect(await page.getByTestId('plan-basic').textContent()).not.toContain('Самый популярный');
    // Autopay only when the user ticks it: unticked, a one-off 30 days that says it does not renew.
    expect(await page.getByTestId('pay-vip-consent').isChecked()).toBe(false);
    expect(await text(page, 'pay-vip-price')).toMatch(/^499\s₽ \/ месяц$/);
    expect(await text(page, 'pay-vip-renewal')).toMatch(/^Разовая оплата на 30 дней: не продлевается, доступ до \d{2}\.\d{2}\.\d{4}\.$/);
    // The trial is its own choice; ticking autopay does not swap the offer (offers.test.ts covers both choices).
    await page.getByTestId('pay-vip-choose-trial').click();
    await page.getByTestId('pay-vip-consent').check();
    expect(await text(page, 'pay-vip-price')).toMatch(/^499\s₽ \/ месяц$/);
    // Ticked, before paying: the next charge's amount and date (the end of the trial week).
    const trialEnd = formatRuDate(new Date(Date.now() + 7 * 86_400_000));
    expect(await text(page, 'pay-vip-renewal')).toMatch(
      new RegExp(`^Продлится автоматически ${trialEnd.replace(/\./g, '\\.')}: спишется 499\\s₽, затем каждые 30 дней`),
    );
    expect(await text(page, 'guarantee')).toContain('в течение 14 дней после оплаты');
    // No constant scarcity, and no reviews or figures before any were counted or published.
    expect(await page.getByTestId('promo').count()).toBe(0);
    expect(await page.getByTestId('reviews').count()).toBe(0);
    expect(await page.getByTestId('paywall-proof').count()).toBe(0);
    // Fewer than five purchases today: a small number says nothing, so no line about them.
    expect(await page.getByTestId('social-proof').count()).toBe(0);
    expect(await page.getByTestId('trust').textContent()).toContain('Безопасная оплата');
    await env.screenshot(page, 'subscription-free');

    await page.getByTestId('pay-vip-button').click();
    await expect.poll(() => page.getByTestId('pay-success').count()).toBe(1);
    await page.getByTestId('paid-view').waitFor();
    expect(await text(page, 'plan-heading')).toBe('VIP');
    expect(await text(page, 'privileges')).toBe(planFeatures('vip').join(''));
    expect(await page.getByTestId('upgrade').count()).toBe(0);
    // After paying: renews, for how much and when.
    await expect.poll(() => text(page, 'renewal')).toBe(`Продлится автоматически ${trialEnd}: спишется 499\u00a0₽`);
    await env.screenshot(page, 'subscription-vip');

    // Cancelling tells the truth (no renewal, access to the end date) and confirms afterwards, in place.
    const until = (await text(page, 'plan-expiry'))!.replace(/^до /, '');
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await page.getByTestId('cancel-subscription').click();
    await page.getByTestId('cancel-result').waitFor();
    expect(asked).toBe(
      `Отменить автопродление VIP? Подписка больше не будет продлеваться и списаний не будет. Доступ ко всем привилегиям сохранится до ${until}.`,
    );
    expect(asked).not.toContain('будут потеряны');
    expect(await text(page, 'cancel-result')).toBe(
      `Автопродление отключено. Списаний больше не будет, доступ к VIP сохранится до ${until}.`,
    );
    // The hero says it once: the end date above, «Не продлевается» below it, no second line with the date.
    await expect.poll(() => text(page, 'renew-off')).toBe('Не продлевается');
    expect(await page.getByTestId('renewal').count()).toBe(0);
    expect((await text(page, 'paid-view'))!.split(until).length - 1).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/subscription');
    await env.screenshot(page, 'subscription-cancelled');
    await page.goto(`${env.baseUrl}/subscription`);
    await page.getByTestId('paid-view').waitFor();
    expect(await text(page, 'plan-heading')).toBe('VIP');
    expect(await page.getByTestId('renew-off').count()).toBe(1);
    expect(await page.getByTestId('cancel-subscription').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('week view: the banner, its end date and an extension that moves it by 7 days', async () => {
    const { page } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=610002&plan=week&to=/subscription`);
    await page.getByTestId('week-view').waitFor();
    expect(await text(page, 'week-days-left')).toBe('Осталось дней: 7');
    // What the pass opens, as the terms and the catalogue say it (not «…на 7 дней» under «Осталось дней: 14»).
    expect(await text(page, 'week-privileges')).toBe([...planFeatures('week'), WEEK_NO_AUTOPAY].join(''));
    const before = await text(page, 'week-expiry');
    expect(before).toMatch(/^до \d{2}\.\d{2}\.\d{4}$/);
    expect(await text(page, 'week-extend')).toMatch(/^Продлить на 7 дней — 149\s₽$/);
    await env.screenshot(page, 'subscription-week');
    await page.getByTestId('week-extend').click();
    await expect.poll(() => text(page, 'week-expiry')).not.toBe(before);
    // Extended: what is left counts the second week too.
    expect(await text(page, 'week-days-left')).toBe('Осталось дней: 14');
    const [d, m, y] = (await text(page, 'week-expiry'))!.slice(3).split('.').map(Number);
    const [d0, m0, y0] = before!.slice(3).split('.').map(Number);
    expect(Date.UTC(y, m - 1, d) - Date.UTC(y0, m0 - 1, d0)).toBe(7 * 86_400_000);
  });

  it("week view offers the plans; buying VIP there adds the unused week days to the plan's end", async () => {
    const { page } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=610008&plan=week&to=/subscription`);
    await page.getByTestId('week-plans').waitFor();
    expect(await text(page, 'week-plans')).toContain('Оставшиеся дни недели добавятся к концу тарифа');
    const weekEnd = (await pageApi(page, 'GET', '/api/user/status')).data.userStatus.subscriptionExpires as string;
    // Before paying, the widget names the day access will end: the week's end + 30 days, not today + 30.
    const promised = (await text(page, 'week-pay-vip-renewal'))!.match(
      /^Разовая оплата на 30 дней: не продлевается, доступ до (\d{2}\.\d{2}\.\d{4})\.$/,
    )?.[1];
    expect(promised).toBe(formatRuDate(new Date(new Date(weekEnd).getTime() + 30 * 86_400_000)));
    const before = Date.now();
    await page.getByTestId('week-pay-vip-button').click();
    await page.getByTestId('paid-view').waitFor();
    const after = Date.now();
    const status = (await pageApi(page, 'GET', '/api/user/status')).data.userStatus;
    expect(status).toMatchObject({ subscriptionType: 'vip', autoRenew: false });
    // Now + 30 days + what was left of the week (now cancels out: the week's end + 30 days).
    const end = new Date(status.subscriptionExpires).getTime();
    expect(end).toBe(new Date(weekEnd).getTime() + 30 * 86_400_000);
    expect(end).toBeGreaterThan(before + 30 * 86_400_000);
    expect(end).toBeLessThan(after + 38 * 86_400_000);
    expect(await text(page, 'renew-off')).toBe('Не продлевается');
    // The plan screen shows the day the widget promised.
    expect(await text(page, 'plan-expiry')).toBe(`до ${promised}`);
  });

  it('basic view: Basic Premium with 5 spreads a day and a VIP upgrade widget', async () => {
    const { page } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=610003&plan=basic&to=/subscription`);
    await page.getByTestId('paid-view').waitFor();
    expect(await text(page, 'plan-heading')).toBe('Basic');
    expect(await text(page, 'plan-kicker')).toBe('Ваша подписка');
    expect(await page.getByTestId('paid-view').textContent()).not.toContain('VIP-статус');
    expect(await text(page, 'privileges')).toContain('5 раскладов в день');
    // The status screen lists the catalogue's Basic, not «Все тематические расклады».
    expect(await text(page, 'privileges')).toBe(planFeatures('basic').join(''));
    expect(await text(page, 'plan-expiry')).toMatch(/^до \d{2}\.\d{2}\.\d{4}$/);
    // Given without a payment that renews: the screen says it does not renew and offers no cancelling.
    await expect.poll(() => text(page, 'renew-off')).toBe('Не продлевается');
    expect(await page.getByTestId('renewal').count()).toBe(0);
    expect(await page.getByTestId('cancel-subscription').count()).toBe(0);
    await page.getByTestId('upgrade').waitFor();
    expect(await text(page, 'pay-upgrade-price')).toMatch(/^499\s₽ \/ месяц$/);
    // The trial chosen and autopay ticked: the plan's price stays, the choice says the trial's charge.
    await page.getByTestId('pay-upgrade-choose-trial').click();
    await page.getByTestId('pay-upgrade-consent').check();
    expect(await text(page, 'pay-upgrade-price')).toMatch(/^499\s₽ \/ месяц$/);
    expect(await text(page, 'pay-upgrade-trial-now')).toMatch(/^Сейчас: 10\s₽ за 7 дней VIP\.$/);
    // The Basic days left become VIP days: the screen says so, and the date promised is the one granted.
    expect(await text(page, 'upgrade-carry')).toBe('Оставшиеся дни Basic пересчитаются в дни VIP по цене и добавятся к концу.');
    const promised = (await text(page, 'pay-upgrade-renewal'))!.match(/^Продлится автоматически (\d{2}\.\d{2}\.\d{4}):/)?.[1];
    expect(promised).toBeDefined();
    await env.screenshot(page, 'subscription-basic');
    await page.getByTestId('pay-upgrade-button').click();
    await expect.poll(() => text(page, 'plan-heading')).toBe('VIP');
    expect(await text(page, 'plan-expiry')).toBe(`до ${promised}`);
  });

  it('interactive card → micro pack → micro result: the daily card and two distinct cards, stable on reload, the week upsell arithmetic before paying and none after', async () => {
    const user = 610004;
    const { page, consoleErrors } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=${user}&to=/interactive-daily-card`);
    await page.getByTestId('draw-card').click();
    await page.getByTestId('draw-spinner').waitFor();
    await page.getByTestId('interactive-card-name').waitFor();
    const cardName = (await text(page, 'interactive-card-name'))!.replace(' (перевёрнутая)', '');
    await expect.poll(() => text(page, 'ai-note')).not.toBe('');
    await page.getByTestId('micro-offer').waitFor();
    const micro = DEFAULT_MICRO_PRICE_VARIANTS[chooseMicroVariant(user)];
    expect(await text(page, 'micro-price')).toMatch(new RegExp(`^${micro}\\s₽$`));
    // A countdown only when the promo price is lower than the regular 99 ₽ (variant B).
    expect(await page.getByTestId('micro-timer').count()).toBe(micro < 99 ? 1 : 0);
    expect(await page.getByTestId('guidance-locked').count()).toBe(1);
    // The week offer at its own price, no anchor («вместо 7 × …»); no countdown (its price never changes).
    await page.getByTestId('week-upsell').waitFor();
    expect(await text(page, 'week-upsell-price')).toMatch(/^149\s₽ за 7 дней$/);
    expect(await page.getByTestId('week-upsell').textContent()).not.toMatch(/вместо|×|всего \+/);
    expect(await text(page, 'week-buy')).toMatch(/Включить на 7 дней — 149\s₽/);
    expect(await page.getByTestId('week-upsell').textContent()).not.toMatch(/15 минут|сгорит/);
    expect(await page.getByTestId('week-timer').count()).toBe(0);
    await env.screenshot(page, 'interactive-daily-card');

    const upsellAsked = page.waitForResponse((r) => r.url().includes('/api/upsell/week'));
    await page.getByTestId('micro-buy').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/micro-result');
    await page.getByTestId('micro-success').waitFor();
    const names = await page.getByTestId('micro-card-name').allTextContents();
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(3);
    expect(names[0]).toBe(cardName);
    const labels = await page.getByTestId('micro-card-label').allTextContents();
    expect(labels[0]).toBe('Карта дня');
    // Orientation is marked after a reversed card's name, as on every screen, not spelled out under each card.
    expect(labels.slice(1)).toEqual(['Дополнительная карта', 'Дополнительная карта']);
    expect((await text(page, 'micro-advice'))!.length).toBeGreaterThan(30);

    // Just paid: no upsell (the server says so for an hour; the screen asked and obeys).
    expect((await (await upsellAsked).json()).data.upsell).toBe(false);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));
    expect(await page.getByTestId('week-upsell').count()).toBe(0);
    await env.screenshot(page, 'micro-result');

    // Asking again shows the same cards (dealt once, stored).
    await page.reload();
    await page.getByTestId('micro-success').waitFor();
    expect(await page.getByTestId('micro-card-name').allTextContents()).toEqual(names);

    // The micro pack opens the detailed analysis on the interactive screen.
    // Reopened, the interactive card shows today's card face up (no second draw).
    await page.goto(`${env.baseUrl}/interactive-daily-card`);
    await page.getByTestId('micro-inline').waitFor();
    expect(await page.getByTestId('draw-card').count()).toBe(0);
    expect((await text(page, 'interactive-card-name'))!.replace(' (перевёрнутая)', '')).toBe(cardName);
    await page.getByTestId('guidance-open').click();
    await page.getByTestId('guidance-plans').fill('Важная встреча');
    await page.getByTestId('guidance-submit').click();
    await page.getByTestId('guidance-text').waitFor();

    // Within the hour after the purchase the interactive card offers no week either.
    await expect.poll(() => page.getByTestId('week-upsell').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('the week offer on the interactive card: mock payment activates the week and its screen confirms it', async () => {
    const { page, consoleErrors } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=610009&to=/interactive-daily-card`);
    await page.getByTestId('draw-card').click();
    await page.getByTestId('week-buy').click();
    await page.getByTestId('week-confirmed').waitFor();
    expect(new URL(page.url()).pathname).toBe('/subscription');
    const status = await pageApi(page, 'GET', '/api/user/status');
    expect(status.data.userStatus.subscriptionType).toBe('week');
    const events = await pageApi(page, 'GET', '/api/user/entitlements');
    expect(events.data.hasActiveWeek).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it('a paid micro pack whose return lands on a fresh page (nothing stored) shows its own reading’s cards, found by the server', async () => {
    const user = 610005;
    const buyer = await env.newPage();
    await buyer.page.goto(`${env.baseUrl}/dev/launch?user=${user}&to=/`);
    await buyer.page.getByTestId('greeting').waitFor();
    const paidFor = (
      await pageApi(buyer.page, 'POST', '/api/user/reading', { title: 'Карта дня', cards: ['Маг'], spreadType: 'free_daily' })
    ).data.readingId;
    expect((await pageApi(buyer.page, 'POST', '/api/payments/create-one-time', { product: 'micro', readingId: paidFor })).data.mock).toBe(
      true,
    );
    // A later reading with another card: it is neither the pack's reading nor its daily card.
    await pageApi(buyer.page, 'POST', '/api/user/reading', { title: 'Карта дня', cards: ['Шут'], spreadType: 'free_daily' });

    // The return: another browser context, no localStorage, no reading id in the address.
    const { page, consoleErrors } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=${user}&to=/micro-result`);
    await page.getByTestId('micro-success').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pendingReadingId'))).toBeNull();
    const names = await page.getByTestId('micro-card-name').allTextContents();
    expect(names).toHaveLength(3);
    // The pack's own reading (Маг), not the later one (Шут); the pack's two other cards are random and may
    // be any card but the first.
    expect(names[0]).toBe('Маг');
    const stored = (await pageApi(page, 'POST', '/api/readings/micro/reveal', { readingId: paidFor })).data.cards.map(
      (c: { name: string }) => c.name,
    );
    expect(names).toEqual(stored);
    expect(consoleErrors).toEqual([]);
  });

  it('micro result polls the entitlements, offers a manual refresh, and reveals once the payment is confirmed', async () => {
    const { page } = await env.newPage();
    await page.clock.install();
    await page.goto(`${env.baseUrl}/dev/launch?user=610006&to=/`);
    await page.getByTestId('greeting').waitFor();
    const saved = await pageApi(page, 'POST', '/api/user/reading', { title: 'Карта дня', cards: ['Шут'], spreadType: 'free_daily' });
    const readingId = saved.data.readingId;
    await page.evaluate(
      ([id]) => {
        localStorage.setItem('pendingMicroPayment', '1');
        localStorage.setItem('pendingMicroPaymentAt', String(Date.now()));
        localStorage.setItem('pendingReadingId', String(id));
      },
      [readingId],
    );
    await page.goto(`${env.baseUrl}/micro-result`);
    await page.getByTestId('micro-loading').waitFor();
    // 25 attempts at min(1000 + 100 × attempt, 2000) ms: let the page's clock run through them.
    for (let i = 0; i < 60 && (await page.getByTestId('micro-timeout').count()) === 0; i++) await page.clock.fastForward(2500);
    await page.getByTestId('micro-timeout').waitFor();
    await page.getByTestId('micro-refresh').click();
    await expect
      .poll(() => text(page, 'micro-timeout-message'))
      .toBe('Оплата ещё не подтверждена. Если проблема сохраняется, обратитесь в поддержку.');
    await env.screenshot(page, 'micro-result-timeout');

    // The payment is confirmed (mock), and the manual refresh reveals.
    const paid = await pageApi(page, 'POST', '/api/payments/create-one-time', { product: 'micro', readingId });
    expect(paid.data.mock).toBe(true);
    await page.getByTestId('micro-refresh').click();
    await page.getByTestId('micro-success').waitFor();
    expect(await page.getByTestId('micro-card-name').count()).toBe(3);
    expect((await page.getByTestId('micro-card-name').allTextContents())[0]).toBe('Шут');
    // The pending flags are cleared after a reveal.
    expect(await page.evaluate(() => localStorage.getItem('pendingMicroPayment'))).toBeNull();
  });

  it('the paywall counts today’s purchases once there are five or more, as purchases, not as subscriptions', async () => {
    const { page } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=610020&name=Ира&to=/subscription`);
    await page.getByTestId('plan-vip').waitFor();
    const today = async () => (await pageApi(page, 'GET', '/api/social-proof')).data.todayCount as number;
    const bought = await today();
    // Micro packs bought today by others, up to five purchases in all (the tests above may have made some).
    if (bought < 5)
      await env.app.db
        .insertInto('payments')
        .values(
          Array.from({ length: Math.max(0, 5 - bought) }, (_, i) => ({
            provider: 'mock' as const,
            provider_payment_id: `proof-${i}`,
            order_id: null,
            user_id: 610020,
            product: 'micro',
            amount_minor: 9900,
            currency: 'RUB',
            granted: JSON.stringify({ kind: 'none', reason: 'test' }),
            details: null,
            refunded_at: null,
          })),
        )
        .execute();
    const n = await today();
    expect(n).toBeGreaterThanOrEqual(5);
    await page.reload();
    await expect.poll(() => text(page, 'social-proof')).toBe(`${n} ${pluralRu(n, 'покупка', 'покупки', 'покупок')} сегодня`);
  });

  it('micro result error states: purchase not found, a temporary problem, and nothing bought at all (never an invented card)', async () => {
    const { page } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=610007&to=/`);
    await page.getByTestId('greeting').waitFor();
    const saved = await pageApi(page, 'POST', '/api/user/reading', { title: 'Карта дня', cards: ['Маг'], spreadType: 'free_daily' });
    const readingId = saved.data.readingId;
    await pageApi(page, 'POST', '/api/payments/create-one-time', { product: 'micro', readingId });
    const resultUrl = `${env.baseUrl}/micro-result?product=micro&readingId=${readingId}&user_data=${encodeURIComponent(JSON.stringify({ initialScreen: 'micro-result', readingId }))}`;

    // The server does not find the pack: its own Russian words, with «Попробовать снова».
    await page.route('**/api/readings/micro/recover', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: NOT_FOUND, code: 'micro_not_found' }),
      }),
    );
    await page.goto(resultUrl);
    await expect.poll(() => text(page, 'micro-error-message')).toBe(NOT_FOUND);
    expect(await page.getByTestId('micro-home').textContent()).toBe('На главную');
    await env.screenshot(page, 'micro-result-not-found');

    // Any other failure.
    await page.unroute('**/api/readings/micro/recover');
    await page.route('**/api/readings/micro/recover', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'Сервис временно недоступен' }),
      }),
    );
    await page.getByTestId('micro-retry').click();
    await expect
      .poll(() => text(page, 'micro-error-message'))
      .toBe(
        'Временная проблема с загрузкой результата. Попробуйте обновить через несколько секунд. Ваша покупка сохранена и будет восстановлена.',
      );

    // Try again once the server is back.
    await page.unroute('**/api/readings/micro/recover');
    await page.getByTestId('micro-retry').click();
    await page.getByTestId('micro-success').waitFor();
    expect((await page.getByTestId('micro-card-name').allTextContents())[0]).toBe('Маг');

    // Nothing bought at all, nothing pending (the real server): the guard sends the screen to the interactive
    // daily card, the server records why, and no card or reading is made up.
    const fresh = await env.newPage();
    await fresh.page.goto(`${env.baseUrl}/dev/launch?user=610008&to=/micro-result`);
    await expect.poll(() => new URL(fresh.page.url()).pathname).toBe('/interactive-daily-card');
    await fresh.page.getByTestId('interactive-daily-card').waitFor();
    expect(await fresh.page.getByTestId('micro-card-name').count()).toBe(0);
    expect((await pageApi(fresh.page, 'GET', '/api/user/readings')).data.readings).toEqual([]);
    const events = await env.app.db.selectFrom('analytics_events').select('event').where('user_id', '=', 610008).execute();
    expect(events.map((e) => e.event)).toContain('micro_result_open_no_pending');
  });
});

describe.runIf(browserAvailable())('YooKassa in a browser (browser, fake YooKassa)', () => {
  let env: BrowserEnv;
  let fake: FakeYooKassa;
  beforeAll(async () => {
    fake = await startFakeYooKassa();
    env = await startBrowserEnv({
      PAYMENTS_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: fake.shopId,
      YOOKASSA_SECRET_KEY: fake.secretKey,
      YOOKASSA_API_ROOT: fake.apiRoot,
    });
  });
  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

  it('the widget falls back to redirect when its script cannot load; back from the payment page the server re-checks and the plan shows', async () => {
    const { page } = await env.newPage();
    await page.route('https://yookassa.ru/**', (route) => route.abort());
    await page.route('http://127.0.0.1/checkout/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>YooKassa</h1>' }),
    );
    await page.goto(`${env.baseUrl}/dev/launch?user=620001&to=/subscription`);
    // The trial week chosen and autopay ticked by the user: the card kept for renewal.
    await page.getByTestId('pay-basic-choose-trial').click();
    await page.getByTestId('pay-basic-consent').check();
    await page.getByTestId('pay-basic-button').click();
    await expect.poll(() => page.url()).toMatch(/^http:\/\/127\.0\.0\.1\/checkout\//);
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments').at(-1)!;
    expect(created.idempotenceKey).toBeTruthy();
    expect(created.body).toMatchObject({
      amount: { value: '10.00', currency: 'RUB' },
      save_payment_method: true,
      confirmation: { type: 'redirect' },
      metadata: { userId: '620001', product: 'trial', plan: 'basic' },
    });

    // Nothing is granted while the payment is pending, even when the user comes back.
    const back = created.body.confirmation.return_url as string;
    expect(new URL(back).searchParams.get('orderId')).toBeTruthy();
    const id = [...fake.payments.values()].find((p) => p.metadata.orderId === created.body.metadata.orderId)!.id;
    await page.goto(back);
    await page.getByTestId('plan-basic').waitFor();

    // Paid: coming back again, the screen asks the server to re-read the payment (no webhook needed).
    fake.succeed(id);
    // (A new address: the same one with only its hash would not load the page again.)
    const again = new URL(back);
    again.searchParams.set('v', '2');
    await page.goto(again.toString());
    await page.getByTestId('paid-view').waitFor();
    expect(await text(page, 'plan-heading')).toBe('Basic');
    expect(await text(page, 'plan-kicker')).toBe('Ваша подписка');
    expect(await page.getByTestId('paid-view').textContent()).not.toContain('VIP-статус');
    // The return address carried a signed token: the identity survived the trip through the payment page.
    expect(new URL(page.url()).hash).toBe('');
  });
});
