// The plans list and the legal pages in a real browser: both plans with their features and 'Activate'
// to /subscription, the agreement's 14 sections with every constant of domain/commerce/legal.ts (the privacy section's
// from domain/app/user-data.ts), and the contacts
// page with the provider's details from configuration (an identifier not configured is not invented).
import { SUPPORT_ANSWER } from '../../domain/commerce/legal';
import {
  BROWSER_SESSION_DAYS,
  DELETION_GOES,
  DELETION_STAYS,
  PAYMENT_RECORDS_KEPT_YEARS,
  REMINDERS_OFF_BUTTON,
} from '../../domain/app/user-data';
import { SECTION_NAMES, SECTION_PROMISES } from '../../domain/commerce/catalogue';
import { microContents, planCardFeatures, planSummary } from '../../domain/commerce/claims';
import { SPREAD_COUNT } from '../../domain/commerce/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { settled } from './settled';

describe.runIf(browserAvailable())('plans and legal pages (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    // A name and an e-mail but no INN: the INN must be said to be given on request, never made up.
    env = await startBrowserEnv({ PROVIDER_NAME: 'Иванова Анна Сергеевна', PROVIDER_EMAIL: 'help@taro.example' });
  });
  afterAll(() => env?.close());

  const open = async (to: string, testId: string) => {
    const { page, consoleErrors } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=558001&name=Вера&to=${encodeURIComponent(to)}`);
    await page.getByTestId(testId).waitFor();
    return { page, consoleErrors };
  };

  it('/services lists both plans with their features, how it works, and Activate leads to /subscription', async () => {
    const { page, consoleErrors } = await open('/services', 'services');
    // The prices are the server's: they show once it has answered.
    await expect.poll(() => page.getByTestId('price-basic').textContent()).toContain('299\u00a0₽');
    const basic = await page.getByTestId('plan-basic').textContent();
    // What each plan includes is the catalogue's (domain/commerce/claims.ts), as the plan cards and the terms say it.
    for (const f of ['Basic', '299\u00a0₽', '/ месяц', ...planCardFeatures('basic')]) expect(basic, f).toContain(f);
    const vip = await page.getByTestId('plan-vip').textContent();
    for (const f of ['VIP', '499\u00a0₽', ...planCardFeatures('vip')]) expect(vip, f).toContain(f);
    for (const gone of ['Астрологический анализ', 'Базовые типы', 'любовь, карьера, здоровье'])
      expect(`${basic}${vip}`).not.toContain(gone);
    const how = await page.getByTestId('how-it-works').textContent();
    for (const f of ['Мгновенная активация', 'История в личном кабинете', 'Автопродление']) expect(how).toContain(f);
    await settled(page);
    await env.screenshot(page, 'services');

    await page.getByTestId('activate-vip').click();
    await page.waitForURL(/\/subscription$/);
    await page.goBack();
    await page.getByTestId('activate-basic').click();
    await page.waitForURL(/\/subscription$/);
    expect(consoleErrors).toEqual([]);
  });

  it('/terms is the 14-section public offer with every agreement constant', async () => {
    const { page, consoleErrors } = await open('/terms', 'terms');
    expect(await page.getByTestId('terms-version').textContent()).toBe('Редакция 1.0 · вступает в силу 02.09.2025');
    await expect.poll(() => page.getByTestId('terms-section').count()).toBe(14);
    const text = (await page.getByTestId('terms-text').textContent())!;
    for (const needle of [
      'публичной офертой',
      'Иванова Анна Сергеевна',
      '02.09.2025',
      '100% предоплаты',
      '18+',
      'НДС не облагается',
      'в течение 14 дней с даты оплаты',
      'в течение 30 дней',
      '100 000 руб.',
      'в арбитражном суде',
      'местным (мировым) судом',
      'развлекательный характер',
      'искусственного интеллекта',
      'Telegram Stars',
      'банковской картой',
      'help@taro.example',
      '/paysupport',
      SUPPORT_ANSWER,
      // The privacy section: the configured operator, export and deletion, what stays and for how long.
      'Оператор персональных данных — Исполнитель (Иванова Анна Сергеевна',
      '152-ФЗ',
      '«Скачать мои данные»',
      DELETION_GOES,
      DELETION_STAYS,
      `Срок хранения — ${PAYMENT_RECORDS_KEPT_YEARS} лет после окончания года платежа`,
      `Сессия заканчивается через ${BROWSER_SESSION_DAYS} дней без использования`,
      `«${REMINDERS_OFF_BUTTON}»`,
      planSummary('basic'),
      ...microContents().map((c) => c.charAt(0).toLowerCase() + c.slice(1)),
    ])
      expect(text, needle).toContain(needle);
    expect(text).not.toMatch(/астрологический анализ|базовые типы раскладов/i);
    const titles = await page.locator('[data-testid="terms-section"] h2').allTextContents();
    expect(titles[0]).toBe('1. Общие положения');
    expect(titles[13]).toBe('14. Претензии, споры и контакты');
    await settled(page);
    await env.screenshot(page, 'terms');
    expect(consoleErrors).toEqual([]);
  });

  it('home counts the spreads and names the archive and the journal as the catalogue does', async () => {
    const { page, consoleErrors } = await open('/', 'personal-spread');
    expect(await page.getByTestId('personal-spread').textContent()).toContain(`${SPREAD_COUNT} видов раскладов`);
    expect(await page.getByTestId('history-link').textContent()).toBe(`${SECTION_NAMES.archive}${SECTION_PROMISES.archive}›`);
    // Notes live on a saved reading («Мои расклады»), so «Дневник» does not promise them.
    const journal = (await page.getByTestId('journal-link').textContent())!;
    expect(journal).toBe(`${SECTION_NAMES.journal}${SECTION_PROMISES.journal}›`);
    expect(journal).not.toContain('заметк');
    expect(consoleErrors).toEqual([]);
  });

  it('/contacts shows the configured provider details, the notes, «Поддержка» into the bot, and links to /terms and /services', async () => {
    const { page, consoleErrors } = await open('/contacts', 'contacts');
    await expect.poll(() => page.getByTestId('provider-name').textContent()).toBe('Иванова Анна Сергеевна');
    expect(await page.getByTestId('provider-tax').textContent()).toMatch(/индивидуальный предприниматель.*НПД/);
    expect(await page.getByTestId('provider-email').getAttribute('href')).toBe('mailto:help@taro.example');
    expect(await page.getByTestId('provider-inn').count()).toBe(0);
    expect(await page.getByTestId('identifiers-on-request').textContent()).toContain('сообщаются по запросу');
    expect(await page.getByTestId('data-protection').textContent()).toContain('не продаются третьим лицам');
    // True to what the product does: deletion is a button, not a request to support; general questions go to
    // the support desk, not to /help (which only lists commands).
    expect(await page.getByTestId('data-protection').textContent()).toContain('«Удалить мои данные»');
    expect(await page.getByTestId('data-protection').textContent()).not.toContain('по запросу в поддержку');
    expect(await page.locator('body').innerText()).not.toContain('/help');
    expect(await page.getByTestId('payment-security').textContent()).toContain('Данные банковских карт мы не получаем и не храним');
    // «Поддержка» opens the bot's chat in support mode (in local mode, the local Telegram).
    await expect.poll(() => page.getByTestId('support-chat').getAttribute('href')).toMatch(/\/dev\/telegram\?start=support$/);
    // One support answer time: the contacts page says what the terms and /paysupport say (not «24 часа»).
    expect(await page.getByTestId('support-answer').textContent()).toBe(`Ответ на обращение в поддержку — ${SUPPORT_ANSWER}.`);
    await settled(page);
    await env.screenshot(page, 'contacts');

    await page.getByTestId('contacts-terms-link').click();
    await page.getByTestId('terms').waitFor();
    await page.goBack();
    await page.getByTestId('contacts-services-link').click();
    await page.getByTestId('services').waitFor();
    expect(consoleErrors).toEqual([]);
  });
});
