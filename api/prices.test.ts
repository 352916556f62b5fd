// Overridden prices (PRICES_RUB, STARS_PRICES, MICRO_PRICE_VARIANTS, parsed as the configuration parses them)
// reach everything the server says about money: the pricing answer the screens show, the Stars invoices the
// bot's Bot API receives, the messages after paying, and the terms. None of the default prices is left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { agreementSections, type LegalView } from '../domain/commerce/legal';
import { DEFAULT_CURRENCY_RATES } from '../domain/commerce/pricing';
import { TEST_DB_KINDS } from '../test/databases';
import { withOrder } from '../test/answers';
import { TEST_BOT_TOKEN, type Harness } from '../test/harness';
import { startStarsBot, type StarsBot } from '../test/stars-bot';
import { DEFAULT_RUB_PRICE, DEFAULT_STARS_PRICE, PRICE_OVERRIDES } from '../test/price-overrides';
import type { TestTelegram } from '../test/test-telegram';

const noOldPrice = (text: string) => {
  expect(text).not.toMatch(DEFAULT_RUB_PRICE);
  expect(text).not.toMatch(DEFAULT_STARS_PRICE);
};

describe.each(TEST_DB_KINDS)('overridden prices on %s', (kind) => {
  let h: Harness;
  let tg: TestTelegram;
  let stars: StarsBot;
  beforeAll(async () => {
    stars = await startStarsBot(kind, { pricing: loadConfig({ BOT_TOKEN: TEST_BOT_TOKEN, ...PRICE_OVERRIDES }).pricing });
    ({ h, tg } = stars);
  });
  afterAll(() => stars?.close());
  const deliver = (done: Promise<unknown>) => stars.deliver(done);

  const lastInvoice = () => tg.calls.filter((c) => c.method === 'createInvoiceLink').at(-1)!.params;

  it('the pricing answer: every product in roubles and Stars from the overrides', async () => {
    const p = (await h.call(50_001, 'GET', '/api/config/pricing')).body.data;
    expect(p.month_vip.tag).toEqual({ rub: 599, stars: 460, local: null });
    expect(p.month_basic.tag).toEqual({ rub: 349, stars: 270, local: null });
    expect(p.week.tag).toEqual({ rub: 179, stars: 140, local: null });
    expect(p.micro.regularTag).toEqual({ rub: 139, stars: 105, local: null });
    expect(p.trial.tag).toEqual({ rub: 19, stars: null, local: null });
    expect(p.plans.map((c: { id: string; price: { rub: number } }) => [c.id, c.price.rub])).toEqual([
      ['basic', 349],
      ['vip', 599],
    ]);
    noOldPrice(JSON.stringify(p));
  });

  it('a user whose app speaks Ukrainian gets the same roubles and Stars, with an estimate in hryvnias beside them', async () => {
    const p = (await h.call({ id: 50_005, first_name: 'Оля', language_code: 'uk' }, 'GET', '/api/config/pricing')).body.data;
    expect(p.month_vip.tag).toMatchObject({
      rub: 599,
      stars: 460,
      local: { currency: 'UAH', amount: Math.round(599 * DEFAULT_CURRENCY_RATES.UAH) },
    });
  });

  it('the Stars invoices ask for the overridden Stars prices and name no default price', async () => {
    const user = 50_002;
    const expected: [string, Record<string, unknown>, number][] = [
      ['/api/payments/create', { type: 'vip' }, 460],
      ['/api/payments/create', { type: 'basic' }, 270],
      ['/api/payments/create-one-time', { product: 'week' }, 140],
    ];
    for (const [path, body, stars] of expected) {
      const r = await h.call(user, 'POST', path, body);
      expect(r.status, path).toBe(200);
      const inv = lastInvoice();
      expect(inv).toMatchObject({ currency: 'XTR', prices: [{ amount: stars }] });
      noOldPrice(`${inv.title}\n${inv.description}\n${JSON.stringify(inv.prices)}`);
    }
    // The micro pack during its promo (the variant's 129 ₽ below the regular 139 ₽): Stars scaled alike.
    const offer = (await h.call(user, 'GET', '/api/offers/micro')).body.data;
    expect(offer).toMatchObject({
      promoActive: true,
      tag: { rub: 129, stars: Math.round((105 * 129) / 139) },
      regularTag: { rub: 139, stars: 105 },
    });
    const r = await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'micro' });
    expect(r.status).toBe(200);
    expect(lastInvoice()).toMatchObject({ currency: 'XTR', prices: [{ amount: Math.round((105 * 129) / 139) }] });
  });

  it('paying in the bot: the amount checked is the overridden one, and the messages after it name no default price', async () => {
    const user = 50_003;
    const r = withOrder(await h.call(user, 'POST', '/api/payments/create', { type: 'vip' }));
    const slug = r.body.data.invoiceLink!.replace('https://t.me/$', '');
    const paying = tg.pay(user, { slug });
    const updates = await deliver(paying);
    expect((await paying).status).toBe('paid');
    expect(updates.find((u) => u.message?.successful_payment)!.message.successful_payment).toMatchObject({
      currency: 'XTR',
      total_amount: 460,
    });
    expect((await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.subscriptionType).toBe('vip');
    const queued = await h.db.selectFrom('notifications').select(['kind', 'payload']).where('user_id', '=', user).execute();
    expect(queued.map((n) => n.kind)).toContain('payment');
    const botSaid = tg.calls.filter((c) => c.method === 'sendMessage' && c.chatId === user).map((c) => String(c.params.text));
    for (const text of [...queued.map((n) => JSON.stringify(n.payload)), ...botSaid]) noOldPrice(text);
  });

  it('the terms state the overridden prices, in roubles and in Stars', async () => {
    const view: LegalView = (await h.call(50_004, 'GET', '/api/config/legal')).body.data;
    const text = agreementSections(view)
      .flatMap((s) => s.paragraphs)
      .join('\n')
      .replace(/\u00a0/g, ' ');
    expect(text).toContain('7.2. Basic — 349 ₽ (в Telegram — 270 ⭐) в месяц');
    expect(text).toContain('7.3. VIP — 599 ₽ (в Telegram — 460 ⭐) в месяц');
    expect(text).toContain('«Неделя безлимита» — 179 ₽ (в Telegram — 140 ⭐)');
    expect(text).toContain('микро-пакет — 139 ₽ (в Telegram — 105 ⭐)');
    expect(text).toContain('первые 7 дней — 19 ₽');
    noOldPrice(text);
  });
});
