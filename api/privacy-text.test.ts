// The privacy section of the terms (13) says what the code does, from the same constants: the operator as
// configured, the export and the deletion, what is kept after deletion, for how long and why, the marker of
// used offers, the browser session and its cookie, and the reminders' one-tap switch-off.
import { describe, expect, it } from 'vitest';
import { REMINDERS_OFF_TEXT } from '../bot/features/user-data';
import { USER_DATA } from '../db/user-data';
import { loadConfig } from '../config';
import { agreementSections, legalView, type LegalView } from '../domain/commerce/legal';
import {
  BROWSER_SESSION_DAYS,
  EXPORT_HOLDS,
  DELETION_GOES,
  DELETION_RETURN,
  DELETION_STAYS,
  PAYMENT_RECORDS_KEPT_YEARS,
  REMINDERS_OFF_BUTTON,
  SIGN_IN_LINK_MINUTES,
} from '../domain/app/user-data';
import { LINK_TOKEN_TTL_MS, SESSION_TTL_MS } from '../services/web-auth';
import { createHarness } from '../test/harness';

const privacy = (v: LegalView = legalView(undefined)) =>
  agreementSections(v)
    .find((s) => s.title === 'Персональные данные и конфиденциальность')!
    .paragraphs.join('\n');

/**
 * How the deletion text names each table deletion empties (db/user-data.ts); null: nothing the user made or
 * would look for (derived, technical, or said elsewhere in the text), with why.
 */
const NAMED_IN_DELETION: Record<string, string | null> = {
  share_picture_readings: 'картинки для публикации',
  share_messages: 'картинки для публикации',
  reading_speech: 'озвученные толкования',
  second_opinions: 'вторые мнения',
  reading_follow_ups: 'уточнения',
  micro_purchases: 'мини-расклады',
  reviews: 'отзывы',
  lesson_progress: 'прогресс уроков',
  reading_notes: 'заметки',
  pair_members: 'участие в парах',
  pair_invitations: 'приглашения в пару',
  referral_rewards: 'приглашённые друзья',
  readings: 'Расклады, вопросы и толкования',
  daily_usage: 'карта дня',
  daily_card_notes: 'карта дня',
  natal_birth_data: 'данные рождения',
  transit_cache: null, // computed from the birth data
  monthly_reports: 'итоги месяца',
  people: 'сохранённые люди',
  custom_spreads: 'свои расклады',
  notifications: 'напоминания',
  micro_offers: null, // which offer was shown when: the offers' own bookkeeping
  recurring_billing: null, // the plan's end and the card's unlinking: the paragraph after it
  analytics_events: 'события в приложении',
  rate_limits: null, // what outlives the deletion under a keyed hash: 13.6
  support_relays: 'сообщения и обращения в поддержку',
  support_messages: 'сообщения и обращения в поддержку',
  support_conversations: 'сообщения и обращения в поддержку',
  web_sessions: 'входы в браузере',
  auth_tokens: 'входы в браузере',
  data_exports: null, // a running export's lease
  bot_conversations: null, // the bot's dialogue state
  user_facts: null, // the owner's dashboard's figures, derived from the rows above
  users: 'настройки',
};

/** How the export text names each table the export holds (every titled table of db/user-data.ts). */
const NAMED_IN_EXPORT: Record<string, string> = {
  reading_speech: 'озвученные расклады',
  second_opinions: 'вторые мнения',
  reading_follow_ups: 'уточнения',
  micro_purchases: 'мини-расклады',
  reviews: 'отзывы',
  lesson_progress: 'уроки',
  reading_notes: 'заметки',
  pair_members: 'пары',
  pair_invitations: 'приглашения в пару',
  referral_rewards: 'приглашённых друзей',
  readings: 'расклады на двоих',
  daily_usage: 'карту дня по дням',
  daily_card_notes: 'её толкования',
  natal_birth_data: 'данные рождения',
  monthly_reports: 'итоги месяца',
  people: 'сохранённых людей',
  custom_spreads: 'свои расклады',
  notifications: 'напоминания и сообщения бота',
  recurring_billing: 'автопродление',
  analytics_events: 'события в приложении',
  support_messages: 'сообщения и обращения в поддержку',
  support_conversations: 'сообщения и обращения в поддержку',
  web_sessions: 'входы в браузере',
  payments: 'платежи',
  payment_orders: 'заказы',
  users: 'профиль и настройки',
};

describe('the privacy section of the terms', () => {
  it('the export text names every kind of row the export holds (a new titled table in the registry needs its words)', () => {
    const exported = [...new Set(USER_DATA.filter((t) => t.title).map((t) => t.table as string))];
    expect(Object.keys(NAMED_IN_EXPORT).sort()).toEqual(exported.sort());
    for (const [table, words] of Object.entries(NAMED_IN_EXPORT)) expect(EXPORT_HOLDS, table).toContain(words);
    expect(privacy()).toContain(`со всеми данными Пользователя (${EXPORT_HOLDS})`);
  });

  it('the deletion text names every kind of row deletion removes (a new table in the registry needs its words)', () => {
    const erased = [...new Set(USER_DATA.filter((t) => t.erase === 'delete').map((t) => t.table as string))];
    expect(Object.keys(NAMED_IN_DELETION).sort()).toEqual(erased.sort());
    for (const [table, words] of Object.entries(NAMED_IN_DELETION)) if (words) expect(DELETION_GOES, table).toContain(words);
  });

  it('names the operator from the configuration, and invents no identifier without it', () => {
    const config = loadConfig({
      PROVIDER_NAME: 'Иванова Анна Сергеевна',
      PROVIDER_EMAIL: 'help@example.com',
      PROVIDER_INN: '771234567890',
    });
    const named = privacy(legalView(config.provider));
    expect(named).toContain(
      '13.1. Оператор персональных данных — Исполнитель (Иванова Анна Сергеевна, индивидуальный предприниматель, применяющий налог на профессиональный доход (НПД), ИНН 771234567890)',
    );
    expect(named).toContain('152-ФЗ «О персональных данных»');
    expect(named).toContain('по электронной почте help@example.com');
    const anonymous = privacy();
    expect(anonymous).not.toMatch(/ИНН \d|@/);
    expect(anonymous).toContain('через поддержку в чате бота');
  });

  it('says what export and deletion do, in the words the confirmation uses, and that nothing waits for a request to support', async () => {
    const t = privacy();
    for (const needle of [
      '«Скачать мои данные»',
      '/mydata',
      'JSON',
      'HTML',
      '«Удалить мои данные»',
      '/deletedata',
      DELETION_GOES,
      DELETION_STAYS,
      DELETION_RETURN,
      'отзыв согласия',
    ])
      expect(t, needle).toContain(needle);
    expect(t).not.toContain('по запросу в поддержку');
    // The terms send general questions to the support desk, not to /help (which only lists commands).
    const terms = agreementSections(legalView(undefined))
      .flatMap((s) => s.paragraphs)
      .join('\n');
    expect(terms).toContain('/support');
    expect(terms).not.toContain('/help');
    // The confirmation the app and the bot show is built from the same lines the terms state.
    const h = await createHarness('pglite');
    try {
      await h.call(27_001, 'GET', '/api/user/status');
      const preview = await h.call(27_001, 'GET', '/api/user/deletion');
      expect(preview.body.data.lines).toEqual([DELETION_GOES, DELETION_STAYS, DELETION_RETURN]);
    } finally {
      await h.close();
    }
  });

  it('says how long payment records are kept after deletion and under which laws, and what the marker holds', () => {
    const t = privacy();
    expect(PAYMENT_RECORDS_KEPT_YEARS).toBe(5);
    expect(t).toContain(`Срок хранения — ${PAYMENT_RECORDS_KEPT_YEARS} лет после окончания года платежа`);
    expect(t).toContain('402-ФЗ «О бухгалтерском учёте»');
    expect(t).toContain('54-ФЗ');
    expect(t).toContain('без вашего имени, без вопросов');
    expect(t).toContain('хеш его идентификатора Telegram (сам идентификатор, имя и другие данные не хранятся)');
    // Only the trial is remembered: no first-purchase discount exists, so none is promised.
    expect(t).toContain('только чтобы помнить, что пробный период уже использован');
    expect(t).not.toContain('скидк');
  });

  it('states the browser session, the sign-in link and the reminders’ switch-off as the code sets them', () => {
    const t = privacy();
    expect(SESSION_TTL_MS).toBe(BROWSER_SESSION_DAYS * 24 * 3600_000);
    expect(LINK_TOKEN_TTL_MS).toBe(SIGN_IN_LINK_MINUTES * 60_000);
    expect(t).toContain(`Сессия заканчивается через ${BROWSER_SESSION_DAYS} дней без использования`);
    expect(t).toContain(`ссылка действует ${SIGN_IN_LINK_MINUTES} минут и только один раз`);
    expect(t).toContain('cookie');
    expect(t).toContain('«Выйти везде»');
    expect(REMINDERS_OFF_TEXT).toContain(REMINDERS_OFF_BUTTON);
    expect(t).toContain(`одной кнопкой «${REMINDERS_OFF_BUTTON}» под любым напоминанием`);
  });
});
