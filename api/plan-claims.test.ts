// Every user-facing claim about what a plan or pack includes, read where the user reads it (the pricing answer's
// plan cards, the terms built from the legal answer, the Stars and YooKassa invoices, the bot's messages and
// pushes, the paywall refusals), agrees with the catalogue; and each contradiction once found between them stays fixed.
import pino from 'pino';
import { Api } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot } from '../bot/index';
import { MICRO_PACK, PLAN_ACCESS, PRODUCT_INFO, READ_ALOUD_PER_DAY, SPREAD_COUNT, type PlanId } from '../domain/commerce/catalogue';
import {
  followUpsLockedText,
  secondOpinionsLockedText,
  trialSecondOpinionsClaim,
  microContents,
  planCardFeatures,
  readAloudLimitsText,
  planFeatures,
  productDescription,
  upgradeFeatures,
  spreadsOpenedBy,
} from '../domain/commerce/claims';
import { AGREEMENT } from '../domain/commerce/agreement';
import { SUPPORT_ANSWER, agreementSections, type LegalView } from '../domain/commerce/legal';
import { VIP_BENEFITS } from '../domain/commerce/offer-copy';
import { SPREADS, getSpread } from '../domain/tarot/spreads';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { startFakeYooKassa, yookassaPayments, type FakeYooKassa } from '../test/fake-yookassa';
import { createHarness, TEST_BOT_TOKEN, type Harness } from '../test/harness';
import { createTestTelegram, type TestTelegram } from '../test/test-telegram';

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
/** The spreads only VIP opens, by name (Celtic cross, spiritual guidance, the year forecast). */
const VIP_ONLY = SPREADS.filter((s) => s.access === 'vip').map((s) => s.name);
/** Spreads Basic and the week pass already open beyond the free one: VIP must not be sold on them. */
const BASIC_OPENS = spreadsOpenedBy(PLAN_ACCESS.basic)
  .map((t) => getSpread(t)!.name)
  .filter((n) => n !== 'Расклад дня');
const termsText = (v: LegalView) => agreementSections(v).flatMap((s) => s.paragraphs);
const paragraph = (v: LegalView, n: string) => termsText(v).find((p) => p.startsWith(`${n}. `))!;

describe('claims without an AI provider (app and bot)', () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await createBotHarness('pglite');
  });
  afterAll(() => h?.close());

  it("the plan cards of GET /api/config/pricing are the catalogue's, and VIP sells only what VIP alone opens", async () => {
    const r = await h.call(23_001, 'GET', '/api/config/pricing');
    expect(r.status).toBe(200);
    const plans: { id: PlanId; name: string; features: string[] }[] = r.body.data.plans;
    expect(plans.map((p) => [p.id, p.name])).toEqual([
      ['basic', PRODUCT_INFO.basic.name],
      ['vip', PRODUCT_INFO.vip.name],
    ]);
    const [basic, vip] = plans;
    expect(basic.features).toEqual(planFeatures('basic'));
    expect(vip.features).toEqual(planCardFeatures('vip'));
    const vipText = vip.features.join('\n');
    // VIP's list names its own spreads and the whole archive, never Basic's spreads nor the free natal chart.
    for (const name of VIP_ONLY) expect(vipText).toContain(`«${name}»`);
    for (const name of BASIC_OPENS) expect(vipText).not.toContain(name);
    expect(vipText).not.toMatch(/[Аа]стролог|любовь, карьера, здоровье/);
    expect(vipText).toContain(`${PLAN_ACCESS.vip.followUpsPerReading} уточняющих вопроса`);
    expect(vipText).toMatch(/Весь архив «Мои расклады»/);
    // «Второе мнение»: VIP three a day, Basic one (the catalogue's secondOpinionsPerDay).
    expect(vipText).toContain(`«Второе мнение» другого таролога — ${PLAN_ACCESS.vip.secondOpinionsPerDay} раза в день`);
    expect(basic.features).toContain(`«Второе мнение» другого таролога — ${PLAN_ACCESS.basic.secondOpinionsPerDay} раз в день`);
    // Basic is no longer «Базовые типы раскладов»: it names the spreads it opens, counted against all of them.
    const basicText = basic.features.join('\n');
    expect(basicText).not.toMatch(/Базовые типы|Все тематические/);
    expect(basicText).toContain(`${BASIC_OPENS.length + 1} раскладов из ${SPREAD_COUNT}`);
    for (const name of BASIC_OPENS) expect(basicText).toContain(`«${name}»`);
  });

  it('the terms (from GET /api/config/legal) say what the plan cards and the micro pack say, and no AI', async () => {
    const legal: LegalView = (await h.call(23_002, 'GET', '/api/config/legal')).body.data;
    expect(legal.aiEnabled).toBe(false);
    expect(paragraph(legal, '7.2')).toContain(planFeatures('basic').map(lower).join('; '));
    const vip = paragraph(legal, '7.3');
    for (const f of upgradeFeatures('basic', 'vip')) expect(vip).toContain(lower(f));
    expect(vip).not.toMatch(/астролог|кельтский крест, персональные/i);
    for (const name of BASIC_OPENS) expect(vip).not.toContain(name);
    // The micro pack: its extra cards, its 3-card reading and the 24-hour day analysis, in the terms too.
    const packs = paragraph(legal, '7.4');
    for (const c of microContents()) expect(packs).toContain(lower(c));
    expect(packs).toContain(`на ${MICRO_PACK.detailedDayHours} часа`);
    expect(packs).toContain(planFeatures('week').map(lower).join('; '));
    // The trial's own second-opinion limit is in the terms (9.2).
    expect(paragraph(legal, '9.2')).toContain(trialSecondOpinionsClaim());
    expect(trialSecondOpinionsClaim()).toBe('«Второе мнение» в пробный период — 1 раз в день');
    // Without an AI provider the terms do not say an AI writes the readings.
    expect(paragraph(legal, '6.1')).not.toContain('с помощью искусственного интеллекта');
    // Nor state voice limits: there is no voice without one.
    expect(termsText(legal).join('\n')).not.toMatch(/Озвучка|вслух|голосов/);
    // One support answer time: the terms (11.1 and the contact line) and /paysupport below.
    expect(paragraph(legal, '11.1')).toContain(`отвечать на обращения в поддержку ${SUPPORT_ANSWER}`);
    expect(paragraph(legal, '14.3')).toContain(SUPPORT_ANSWER);
    expect(SUPPORT_ANSWER).toBe(`в течение ${AGREEMENT.supportAnswerDays} дней`);
  });

  it("the free user's VIP benefits come from the catalogue", async () => {
    expect([...VIP_BENEFITS]).toEqual(upgradeFeatures('free', 'vip'));
    expect(VIP_BENEFITS.join('\n')).toContain(`Все ${SPREADS.length} раскладов`);
    // The copy bank the app is given does not claim an AI either.
    const r = await h.call(23_003, 'GET', '/api/config/pricing');
    expect(r.body.data.copy.disclaimer).not.toMatch(/ИИ|искусствен/);
  });

  it("the bot's /start and /help do not claim an AI; /paysupport promises no «24 часа» (bot/support.test.ts checks the terms' answer time)", async () => {
    const u = h.user(23_010, 'Нина');
    h.tg.sendText(u, '/start');
    const welcome = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Здравствуйте, Нина'));
    expect(welcome.text).not.toMatch(/ИИ|искусствен/);
    expect(welcome.text).toContain('по классическим значениям карт');
    h.tg.sendText(u, '/help');
    const help = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Что я умею'));
    expect(help.text).not.toMatch(/ИИ|искусствен/);
    h.tg.sendText(u, '/paysupport');
    const support = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Поддержка по оплате'));
    expect(support.text).not.toContain('24 час');
  });

  it('the paywall refusals name the plans that open the thing, as the catalogue says', async () => {
    const user = 23_020;
    await h.call(user, 'GET', '/api/user/status');
    const day = await h.call(user, 'POST', '/api/detailed-daily-guidance', {});
    expect(day.status).toBe(402);
    // The micro pack opens the day analysis for 24 hours, and every plan with detailedDay opens it.
    expect(day.body.error).toContain(`${lower(PRODUCT_INFO.micro.name)} (на 24 часа)`);
    for (const t of ['week', 'basic', 'vip'] as const) expect(day.body.error).toContain(`«${PRODUCT_INFO[t].name}»`);
    expect(followUpsLockedText()).toContain(`«${PRODUCT_INFO.vip.name}» — ${PLAN_ACCESS.vip.followUpsPerReading} уточняющих вопроса`);
    // A free user's second opinion: 402 with the plans that open it and how often, the trial included.
    const second = secondOpinionsLockedText();
    expect(second).toContain(`«${PRODUCT_INFO.vip.name}» — ${PLAN_ACCESS.vip.secondOpinionsPerDay} раза в день`);
    for (const t of ['week', 'basic'] as const) expect(second).toContain(`«${PRODUCT_INFO[t].name}»`);
    expect(second).toContain('пробный период');
  });

  it('the payment push after a micro pack says everything the pack gives', async () => {
    const user = 23_030;
    await h.call(user, 'GET', '/api/user/status');
    const r = await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'micro' });
    expect(r.status).toBe(200);
    const pushes = await h.db.selectFrom('notifications').select(['kind', 'payload']).where('user_id', '=', user).execute();
    const text = (pushes.find((p) => p.kind === 'payment')!.payload as { text: string }).text;
    expect(text).toContain(`«${PRODUCT_INFO.micro.name}: ${lower(microContents()[0])}`);
    for (const c of microContents().slice(1)) expect(text).toContain(lower(c));
  });
});

describe('claims with an AI provider', () => {
  let h: BotHarness;
  beforeAll(async () => {
    // No request reaches it: only whether a provider is configured matters here.
    h = await createBotHarness('pglite', { ai: { apiKey: 'sk-test', baseUrl: 'http://127.0.0.1:9/v1' } });
  });
  afterAll(() => h?.close());

  it('/start, the terms and the copy say the AI writes the readings', async () => {
    const u = h.user(23_110);
    h.tg.sendText(u, '/start');
    const welcome = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Здравствуйте'));
    expect(welcome.text).toContain('Толкования создаёт ИИ');
    const legal: LegalView = (await h.call(u.id, 'GET', '/api/config/legal')).body.data;
    expect(paragraph(legal, '6.1')).toContain('с помощью искусственного интеллекта');
    expect((await h.call(u.id, 'GET', '/api/config/pricing')).body.data.copy.disclaimer).toContain('ИИ');
  });

  it('the terms state the readings read aloud a day per plan, the very limit the speech refuses past', async () => {
    const legal: LegalView = (await h.call(23_111, 'GET', '/api/config/legal')).body.data;
    const voice = paragraph(legal, '7.6');
    expect(voice).toBe(`7.6. ${readAloudLimitsText()}`);
    expect(voice).toContain(`бесплатно — ${READ_ALOUD_PER_DAY.free} раз в сутки`);
    expect(voice).toContain(`«${PRODUCT_INFO.week.name}» и «${PRODUCT_INFO.basic.name}» — ${READ_ALOUD_PER_DAY.basic} раз в сутки`);
    expect(voice).toContain(`«${PRODUCT_INFO.vip.name}» — ${READ_ALOUD_PER_DAY.vip} раз в сутки`);
    expect(paragraph(legal, '6.3')).toContain('голосовой вопрос');
    // The speech service counts against the same constant: a free user's second reading read aloud is refused
    // with the number the terms state (api/voice.test.ts reads it through the fake provider).
    expect(READ_ALOUD_PER_DAY).toEqual({ free: 1, week: 5, basic: 5, vip: 20 });
  });
});

describe('invoices', () => {
  let h: Harness;
  let tg: TestTelegram;
  let yoo: Harness;
  let fake: FakeYooKassa;
  beforeAll(async () => {
    tg = createTestTelegram({ token: TEST_BOT_TOKEN });
    const apiRoot = await tg.listen();
    h = await createHarness('pglite', {
      mockPayments: false,
      payments: { provider: 'stars', starsApi: new Api(TEST_BOT_TOKEN, { apiRoot }) },
    });
    // The bot is built as in production (its createInvoiceLink is the one under test), not run.
    createBot({
      token: TEST_BOT_TOKEN,
      apiRoot,
      botInfo: tg.me as UserFromGetMe,
      services: h.services,
      identity: h.identity,
      logger: pino({ level: 'silent' }),
      webAppUrl: () => null,
    });
    fake = await startFakeYooKassa();
    yoo = await createHarness('pglite', yookassaPayments(fake));
  });
  afterAll(async () => {
    await h?.close();
    await yoo?.close();
    await tg?.close();
    await fake?.close();
  });

  const buy = (app: Harness, user: number, product: 'micro' | 'week' | 'basic' | 'vip') =>
    product === 'micro' || product === 'week'
      ? app.call(user, 'POST', '/api/payments/create-one-time', { product, mode: 'redirect' })
      : app.call(user, 'POST', '/api/payments/create', { type: product, mode: 'redirect' });

  it("a Stars invoice carries the catalogue's name and contents", async () => {
    for (const [i, product] of (['micro', 'week', 'basic', 'vip'] as const).entries()) {
      const r = await buy(h, 23_200 + i, product);
      expect(r.status, product).toBe(200);
      const call = tg.calls.filter((c) => c.method === 'createInvoiceLink').at(-1)!;
      expect(call.params.title).toBe(PRODUCT_INFO[product].name);
      // The catalogue's description, then (for a plan) whether it renews; within Telegram's 255 characters.
      expect(String(call.params.description).startsWith(productDescription(product)), product).toBe(true);
      expect(String(call.params.description).length).toBeLessThanOrEqual(255);
    }
    const vip = tg.calls.filter((c) => c.method === 'createInvoiceLink').at(-1)!.params.description as string;
    // The VIP invoice no longer sells «архив гаданий на 30 дней» (what free users have): the whole archive.
    expect(vip).not.toMatch(/архив гаданий на 30 дней/);
    expect(vip).toContain('весь архив');
    expect(vip).toContain(`второе мнение ${PLAN_ACCESS.vip.secondOpinionsPerDay}/день`);
    expect(productDescription('basic')).toContain(`второе мнение ${PLAN_ACCESS.basic.secondOpinionsPerDay}/день`);
    // The trial opens VIP with one second opinion a day, and its invoice says so.
    expect(productDescription('trial')).toContain('второе мнение 1/день');
    for (const name of VIP_ONLY) expect(vip).toContain(name);
    for (const name of BASIC_OPENS) expect(vip).not.toContain(name);
  });

  it('a YooKassa payment carries the same description', async () => {
    for (const [i, product] of (['micro', 'vip'] as const).entries()) {
      const before = fake.requests.length;
      const r = await buy(yoo, 23_300 + i, product);
      expect(r.status, product).toBe(200);
      const req = fake.requests.slice(before).find((q) => q.method === 'POST' && q.path === '/v3/payments')!;
      // YooKassa keeps 128 characters: a longer description is cut at a word, never mid-word.
      const description = String(req.body.description);
      expect(description.length).toBeLessThanOrEqual(128);
      if (description.endsWith('…'))
        expect(
          `${productDescription(product)} `.startsWith(description.slice(0, -1)) || description.startsWith(productDescription(product)),
        ).toBe(true);
      else expect(description.startsWith(productDescription(product))).toBe(true);
    }
    // The micro invoice names all three things the pack gives.
    expect(productDescription('micro')).toMatch(
      new RegExp(
        `^${MICRO_PACK.extraCards} карты к карте дня и совет, расклад «${getSpread(MICRO_PACK.spread)!.name}» и разбор дня на 24 часа`,
      ),
    );
  });
});
