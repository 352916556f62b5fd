// The legal pages' data: PROVIDER_* configuration → GET /api/config/legal, and the agreement's text
// carrying every constant of the agreement (domain/commerce/legal.ts). Identifiers are never invented.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { AGREEMENT, MONEY_BACK } from '../domain/commerce/agreement';
import { agreementSections, legalView } from '../domain/commerce/legal';
import { GUARANTEE, MARKETING } from '../domain/commerce/marketing';
import { createHarness } from '../test/harness';

describe('provider configuration', () => {
  it('reads PROVIDER_* and defaults the tax status only', () => {
    // With a bot token (not local mode) nothing is invented: the tax status only.
    const none = loadConfig({ BOT_TOKEN: '7000000001:AAHtestTokenForTheTarotAppTests_0123456' });
    expect(none.provider).toEqual({
      providerName: undefined,
      email: undefined,
      taxStatus: expect.stringMatching(/^индивидуальный предприниматель.*налог на профессиональный доход.*НПД/),
      inn: undefined,
      contactsUrl: undefined,
    });
    // Local mode shows example details, marked as such, and never an INN.
    const local = loadConfig({});
    expect(local.provider).toMatchObject({
      providerName: expect.stringContaining('пример для локального режима'),
      email: 'support@example.com',
      inn: undefined,
    });
    const set = loadConfig({
      PROVIDER_NAME: 'Иванова Анна Сергеевна',
      PROVIDER_EMAIL: 'help@example.com',
      PROVIDER_TAX_STATUS: 'самозанятая (плательщик НПД)',
      PROVIDER_INN: '771234567890',
      PROVIDER_CONTACTS_URL: 'https://example.com/contacts',
    });
    expect(set.provider).toEqual({
      providerName: 'Иванова Анна Сергеевна',
      email: 'help@example.com',
      taxStatus: 'самозанятая (плательщик НПД)',
      inn: '771234567890',
      contactsUrl: 'https://example.com/contacts',
    });
  });

  it('stops start-up on a malformed e-mail or INN, naming the variable', () => {
    expect(() => loadConfig({ PROVIDER_EMAIL: 'not-an-email' })).toThrow(/^Invalid environment variable PROVIDER_EMAIL/);
    expect(() => loadConfig({ PROVIDER_INN: '12345' })).toThrow(/^Invalid environment variable PROVIDER_INN: must be 10 or 12 digits/);
  });
});

describe('GET /api/config/legal', () => {
  it('serves the configured provider details and the agreement constants', async () => {
    const config = loadConfig({
      PROVIDER_NAME: 'Иванова Анна Сергеевна',
      PROVIDER_EMAIL: 'help@example.com',
      PROVIDER_INN: '771234567890',
    });
    const h = await createHarness('pglite', { legal: config.provider });
    try {
      const r = await h.call(21_001, 'GET', '/api/config/legal');
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({
        providerName: 'Иванова Анна Сергеевна',
        email: 'help@example.com',
        taxStatus: expect.stringMatching(/индивидуальный предприниматель/),
        inn: '771234567890',
        contactsUrl: null,
        agreement: {
          effectiveDate: '02.09.2025',
          version: '1.0',
          prepaymentPercent: 100,
          minAge: 18,
          refundClaimDays: 14,
          claimResponseDays: 30,
          disputeThresholdRub: 100000,
        },
      });
      expect((await h.call(null, 'GET', '/api/config/legal')).status).toBe(401);
    } finally {
      await h.close();
    }
  });

  it('invents nothing when nothing is configured', async () => {
    const h = await createHarness('pglite');
    try {
      const r = await h.call(21_002, 'GET', '/api/config/legal');
      expect(r.body.data).toMatchObject({
        providerName: null,
        email: null,
        inn: null,
        contactsUrl: null,
        taxStatus: expect.stringMatching(/индивидуальный предприниматель/),
      });
    } finally {
      await h.close();
    }
  });
});

describe('the public-offer agreement', () => {
  const text = (v = legalView(undefined)) =>
    agreementSections(v)
      .flatMap((s) => [s.title, ...s.paragraphs])
      .join('\n');

  it('has 14 sections numbered in order', () => {
    const sections = agreementSections(legalView(undefined));
    expect(sections).toHaveLength(14);
    sections.forEach((s, i) => {
      expect(s.title.length).toBeGreaterThan(3);
      for (const p of s.paragraphs) expect(p.startsWith(`${i + 1}.`), p).toBe(true);
    });
  });

  it('carries every marketing and legal constant and the disclaimers', () => {
    const t = text();
    expect(AGREEMENT).toMatchObject({ effectiveDate: '02.09.2025', version: '1.0' });
    for (const needle of [
      'дата вступления в силу — 02.09.2025',
      'Редакция 1.0',
      '100% предоплаты',
      '18+',
      'НДС не облагается',
      'в течение 14 дней с даты оплаты',
      'в течение 30 дней с даты её получения',
      'до 100 000 руб. — местным (мировым) судом',
      'свыше 100 000 руб. — в арбитражном суде',
      'развлекательный характер',
      'искусственного интеллекта',
      'Telegram Stars',
      'банковской картой',
      'не получает и не хранит',
      '/paysupport',
    ])
      expect(t, needle).toContain(needle);
  });

  it('the money-back promise of home and the paywall is the terms’ rule: one period, no 24 hours anywhere', () => {
    const t = text();
    expect(GUARANTEE).toBe(MONEY_BACK);
    expect(MARKETING.guarantee).toBe(MONEY_BACK.text);
    expect(MONEY_BACK.text).toContain(`в течение ${AGREEMENT.refundClaimDays} дней после оплаты`);
    expect(t).toContain(`«${MONEY_BACK.title}»`);
    expect(t).toContain(`в течение ${AGREEMENT.refundClaimDays} дней с даты оплаты`);
    // The refund section and the guarantee (the micro pack's 24-hour day analysis, in 7.4, is not a refund promise).
    const refund = agreementSections(legalView(undefined))
      .find((sec) => sec.title === 'Возврат денежных средств')!
      .paragraphs.join('\n');
    for (const copy of [refund, GUARANTEE.text, GUARANTEE.title, MARKETING.guarantee]) expect(copy).not.toMatch(/24 час/);
  });

  it('names the provider as a sole trader on the professional-income tax', () => {
    expect(text()).toContain('Исполнителя — индивидуальный предприниматель, применяющий налог на профессиональный доход (НПД)');
    const named = text(legalView(loadConfig({ PROVIDER_NAME: 'Иванова Анна Сергеевна' }).provider));
    expect(named).toContain('Иванова Анна Сергеевна, индивидуальный предприниматель, применяющий налог на профессиональный доход (НПД)');
  });

  it('names the provider only as configured, and otherwise says the identifiers are given on request', () => {
    const anonymous = text();
    expect(anonymous).toContain('сообщаются Пользователю по запросу');
    expect(anonymous).not.toMatch(/ИНН \d/);
    const named = text(
      legalView({ providerName: 'Иванова Анна Сергеевна', email: 'help@example.com', taxStatus: 'самозанятая', inn: '771234567890' }),
    );
    expect(named).toContain('Иванова Анна Сергеевна, самозанятая, ИНН 771234567890');
    expect(named).toContain('help@example.com');
    expect(named).not.toContain('сообщаются Пользователю по запросу');
  });
});
