// Signing in from a plain browser: the Login Widget (local mode's stand-in signs as Telegram does) and the
// bot's one-time /web link; the cookie session survives a reload, is listed in settings, and «Выйти везде»
// ends it; a used link and a replayed payment return token are refused with the sign-in page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { DEFAULT_PRICES_RUB } from '../../domain/commerce/pricing';
import { startFakeYooKassa, type FakeYooKassa } from '../../test/fake-yookassa';

const TIMEOUT = 60_000;

describe.runIf(browserAvailable())('web sign-in (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  }, 180_000);
  afterAll(() => env?.close());

  /** What the bot's /web sends: the link's token, through the local Telegram. */
  async function botLink(user: { id: number; first_name: string }): Promise<string> {
    const tg = env.app.bot.localTelegram!;
    await env.app.bot.ready;
    tg.sendText({ ...user, language_code: 'ru' }, '/web');
    const answer = await tg.waitForBotMessage(user.id, (m) => m.text.includes('Вход в браузере'));
    const url = (answer.reply_markup!.inline_keyboard as any[][])[0][0].url as string;
    return new URL(url).pathname;
  }

  it(
    'signs in with the widget; the session survives a reload, is listed in settings, and «Выйти везде» ends it',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/`);
      await page.getByTestId('outside-telegram').waitFor();
      await env.screenshot(page, 'web-sign-in-page');
      await page.getByTestId('local-widget-user').fill('690001');
      await page.getByTestId('local-widget-name').fill('Вера');
      await page.getByTestId('local-widget-sign-in').click();
      await expect.poll(() => page.getByTestId('greeting').textContent()).toBe('Здравствуйте, Вера!');
      const cookie = (await page.context().cookies()).find((c) => c.name === 'tarot_session')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

      await page.reload();
      await expect.poll(() => page.getByTestId('greeting').textContent()).toBe('Здравствуйте, Вера!');

      await page.goto(`${env.baseUrl}/settings`);
      await page.getByTestId('browser-session').first().waitFor();
      expect(await page.getByTestId('browser-session').count()).toBe(1);
      expect(await page.getByTestId('browser-session').textContent()).toContain('Chrome · Linux — этот браузер');
      await env.screenshot(page, 'web-sign-in-sessions');
      await page.getByTestId('sessions-sign-out-all').click();
      await page.getByTestId('outside-telegram').waitFor();
      await page.reload();
      await page.getByTestId('outside-telegram').waitFor();
      expect(consoleErrors.filter((e) => !/401/.test(e))).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'signs in with the bot link once; its second use shows the Russian sign-in page',
    async () => {
      const path = await botLink({ id: 690002, first_name: 'Ира' });
      const { page } = await env.newPage();
      await page.goto(`${env.baseUrl}${path}`);
      await expect.poll(() => page.getByTestId('greeting').textContent()).toBe('Здравствуйте, Ира!');
      expect(new URL(page.url()).pathname).toBe('/');

      const other = await env.newPage();
      await other.page.goto(`${env.baseUrl}${path}`);
      await other.page.getByTestId('token-refused').waitFor();
      expect(await other.page.getByTestId('token-refused').textContent()).toContain('уже использована или устарела');
      // A way back in is on the same page.
      await other.page.getByTestId('local-widget-sign-in').waitFor();
    },
    TIMEOUT,
  );
});

describe.runIf(browserAvailable())('card payment in a browser signed in with a cookie (browser, fake YooKassa)', () => {
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
  }, 180_000);
  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

  it(
    'the 10 ₽ trial is paid and grants the plan; the return token works once and a replay is refused',
    async () => {
      const { page } = await env.newPage();
      await page.route('https://yookassa.ru/**', (route) => route.abort());
      await page.route('http://127.0.0.1/checkout/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>YooKassa</h1>' }),
      );
      await page.goto(`${env.baseUrl}/`);
      await page.getByTestId('local-widget-user').fill('690101');
      await page.getByTestId('local-widget-sign-in').click();
      await page.getByTestId('greeting').waitFor();
      await page.goto(`${env.baseUrl}/subscription`);
      // The trial is its own choice, and it comes with autopay, which the user ticks.
      await page.getByTestId('pay-basic-choose-trial').click();
      await page.getByTestId('pay-basic-consent').check();
      await page.getByTestId('pay-basic-button').click();
      await expect.poll(() => page.url()).toMatch(/^http:\/\/127\.0\.0\.1\/checkout\//);
      const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments').at(-1)!;
      expect(created.body).toMatchObject({
        amount: { value: '10.00', currency: 'RUB' },
        save_payment_method: true,
        metadata: { userId: '690101', product: 'trial', plan: 'basic' },
      });
      const back = created.body.confirmation.return_url as string;
      expect(new URLSearchParams(new URL(back).hash.slice(1)).get('return')).toMatch(/^[\w-]{43}$/);
      fake.succeed([...fake.payments.values()].find((p) => p.metadata.orderId === created.body.metadata.orderId)!.id);
      await page.goto(back);
      await page.getByTestId('paid-view').waitFor();
      expect(await page.getByTestId('plan-heading').textContent()).toBe('Basic');
      // The token left the address bar at once.
      expect(new URL(page.url()).hash).toBe('');
      // Autopay was consented to: the screen says when the saved card is charged, how much, and offers to stop it.
      await expect
        .poll(() => page.getByTestId('renewal').textContent())
        .toMatch(new RegExp(`^Продлится автоматически \\d{2}\\.\\d{2}\\.\\d{4}: спишется ${DEFAULT_PRICES_RUB.basic}\\s₽$`));
      expect(await page.getByTestId('cancel-subscription').textContent()).toBe('Отменить автопродление');
      // The trial is spent: the upgrade's offer no longer promises one.
      await expect.poll(() => page.getByTestId('pay-upgrade').textContent()).not.toContain('дней —');
      expect(await page.getByTestId('pay-upgrade').textContent()).toContain(`Согласен на автопродление: ${DEFAULT_PRICES_RUB.vip}`);
      await env.screenshot(page, 'web-sign-in-trial-paid');

      // The same return address again, in a browser without the session: refused, with the sign-in page.
      const other = await env.newPage();
      await other.page.goto(back);
      await other.page.getByTestId('token-refused').waitFor();
    },
    TIMEOUT,
  );

  it(
    'a card payment at the full price without autopay: YooKassa charges the plan once, the plan is granted and does not renew',
    async () => {
      const { page } = await env.newPage();
      await page.route('https://yookassa.ru/**', (route) => route.abort());
      await page.route('http://127.0.0.1/checkout/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>YooKassa</h1>' }),
      );
      await page.goto(`${env.baseUrl}/`);
      await page.getByTestId('local-widget-user').fill('690102');
      await page.getByTestId('local-widget-sign-in').click();
      await page.getByTestId('greeting').waitFor();
      await page.goto(`${env.baseUrl}/subscription`);
      expect(await page.getByTestId('pay-vip-consent').isChecked()).toBe(false);
      await page.getByTestId('pay-vip-button').click();
      await expect.poll(() => page.url()).toMatch(/^http:\/\/127\.0\.0\.1\/checkout\//);
      const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments').at(-1)!;
      expect(created.body).toMatchObject({
        amount: { value: '499.00', currency: 'RUB' },
        metadata: { userId: '690102', product: 'vip', plan: 'vip' },
      });
      expect(created.body.save_payment_method).toBeUndefined();
      fake.succeed([...fake.payments.values()].find((p) => p.metadata.orderId === created.body.metadata.orderId)!.id);
      await page.goto(created.body.confirmation.return_url as string);
      await page.getByTestId('paid-view').waitFor();
      expect(await page.getByTestId('plan-heading').textContent()).toBe('VIP');
      await expect.poll(() => page.getByTestId('renew-off').textContent()).toBe('Не продлевается');
      expect(await page.getByTestId('plan-expiry').textContent()).toMatch(/^до \d{2}\.\d{2}\.\d{4}$/);
    },
    TIMEOUT,
  );
});
