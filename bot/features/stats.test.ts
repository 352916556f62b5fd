// /stats through the real bot and the local Telegram: the numbers an admin sees, on every test database,
// and a non-admin gets the ordinary answer to an unknown command.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotHarness, type BotHarness } from '../../test/bot-harness';
import { TEST_DB_KINDS } from '../../test/databases';
import { money } from './stats';

const ADMIN = 9_001;
const STRANGER = 9_002;
const DAY = 86_400_000;

describe.each(TEST_DB_KINDS)('/stats (%s)', (kind) => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await createBotHarness(kind, { adminUserIds: [ADMIN] });
    const now = new Date();
    const old = new Date(now.getTime() - 3 * DAY);
    // Four users from three days ago: free; basic running; vip ended yesterday; a week pass running.
    await h.db
      .insertInto('users')
      .values([
        { id: 101, first_name: 'Анна', time_zone: 'Europe/Moscow', created_at: old },
        {
          id: 102,
          first_name: 'Борис',
          time_zone: 'Europe/Moscow',
          created_at: old,
          subscription_type: 'basic',
          subscription_expires: new Date(now.getTime() + 10 * DAY),
        },
        {
          id: 103,
          first_name: 'Вера',
          time_zone: 'Europe/Moscow',
          created_at: old,
          subscription_type: 'vip',
          subscription_expires: new Date(now.getTime() - DAY),
        },
        {
          id: 104,
          first_name: 'Глеб',
          time_zone: 'Europe/Moscow',
          created_at: old,
          subscription_type: 'week',
          subscription_expires: new Date(now.getTime() + 2 * DAY),
        },
      ])
      .execute();
    const reading = (userId: number, createdAt: Date) => ({
      user_id: userId,
      spread_type: 'free_daily',
      question: 'Что меня ждёт?',
      cards: JSON.stringify([]),
      level: 'basic' as const,
      status: 'dealt' as const,
      charged_day: null,
      created_at: createdAt,
    });
    await h.db
      .insertInto('readings')
      .values([reading(102, old), reading(102, old)])
      .execute();
    // Today: 101 makes a reading, 103 opens the daily card.
    expect((await h.call(101, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что принесёт этот день?' })).status).toBe(
      201,
    );
    expect((await h.call(103, 'POST', '/api/user/daily-card/use', {})).status).toBe(200);

    const payment = (
      id: string,
      userId: number,
      provider: 'stars' | 'yookassa' | 'mock',
      product: string,
      amount: number,
      currency: string,
      createdAt: Date,
      status: 'succeeded' | 'refunded' = 'succeeded',
    ) => ({
      provider,
      provider_payment_id: id,
      order_id: null,
      user_id: userId,
      product,
      amount_minor: amount,
      currency,
      status,
      granted: JSON.stringify({ kind: 'none', reason: 'test' }),
      details: null,
      created_at: createdAt,
    });
    await h.db
      .insertInto('payments')
      .values([
        payment('yk-week', 104, 'yookassa', 'week', 14_900, 'RUB', old),
        payment('st-basic', 102, 'stars', 'basic', 230, 'XTR', now),
        payment('yk-micro', 101, 'yookassa', 'micro', 9_900, 'RUB', now),
        payment('yk-vip', 103, 'yookassa', 'vip', 49_900, 'RUB', old, 'refunded'),
        payment('mock-week', 101, 'mock', 'week', 14_900, 'RUB', now),
      ])
      .execute();
    const push = (userId: number, key: string, status: 'pending' | 'sent' | 'skipped' | 'failed', createdAt: Date) => ({
      user_id: userId,
      kind: 'daily_reminder',
      dedup_key: key,
      payload: JSON.stringify({ text: 'Карта дня' }),
      status,
      not_before: createdAt,
      created_at: createdAt,
    });
    await h.db
      .insertInto('notifications')
      .values([
        push(101, 'a', 'sent', old),
        push(102, 'a', 'sent', old),
        push(103, 'a', 'sent', now),
        push(104, 'a', 'skipped', now),
        push(101, 'b', 'failed', old),
        push(102, 'b', 'pending', now),
      ])
      .execute();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a non-admin gets the unknown-command answer, nothing about statistics', async () => {
    h.tg.sendText(h.user(STRANGER, 'Чужой'), '/stats');
    const answer = await h.tg.waitForBotMessage(STRANGER, (m) => m.text.startsWith('Напишите вопрос картам'));
    // Exactly what any unknown command gets.
    h.tg.sendText(STRANGER, '/nosuchcommand');
    await h.tg.waitForBotMessage(STRANGER, (m) => m !== answer && m.text === answer.text);
    expect(h.tg.botMessages(STRANGER).some((m) => /Статистик|Выручк|Платящ/.test(m.text))).toBe(false);
  });

  it('an admin sees users, readings, paying users, revenue by product and push delivery', async () => {
    h.tg.sendText(h.user(ADMIN, 'Админ'), '/stats');
    const msg = await h.tg.waitForBotMessage(ADMIN, (m) => m.text.startsWith('📊'));
    // The dashboard is a tap away.
    const button = (msg.reply_markup?.inline_keyboard ?? []).flat()[0] as { text: string; web_app?: { url: string } } | undefined;
    expect(button?.text).toBe('Панель владельца');
    expect(button?.web_app?.url).toMatch(/\/admin$/);
    const lines = msg.text.split('\n');
    const line = (start: string) => lines.find((l) => l.startsWith(start));

    // Six users: four old ones, the stranger and the admin (new today). Active today: the two new ones,
    // 101 (reading), 102 (payment) and 103 (daily card); 104 did nothing today.
    expect(line('👥')).toBe('👥 Пользователи: всего 6, новых сегодня 2');
    expect(line('Активных сегодня')).toBe('Активных сегодня: 5');
    expect(msg.text).toContain('Активные — пришли впервые, сделали расклад, открыли карту дня или оплатили с 00:00 (Europe/Moscow)');
    expect(line('🃏')).toBe('🃏 Расклады: сегодня 1, всего 3');
    // Paying now: basic and the week pass; the ended VIP plan does not count.
    expect(line('💎')).toBe('💎 Платящие сейчас (план действует): 2');
    expect(line('• Basic:')).toBe('• Basic: 1');
    expect(line('• Неделя безлимита: 1')).toBe('• Неделя безлимита: 1');
    expect(msg.text).not.toContain('• VIP');
    // Revenue: succeeded payments per product; the refund and the mock payment are left out.
    expect(line('• Неделя безлимита: 1 платёж')).toBe('• Неделя безлимита: 1 платёж — 149 ₽');
    expect(line('• Basic: 1 платёж')).toBe('• Basic: 1 платёж — 230 ⭐');
    expect(line('• Микро-пакет')).toBe('• Микро-пакет: 1 платёж — 99 ₽');
    expect(line('Всего:')).toBe('Всего: 230 ⭐, 248 ₽');
    expect(line('Сегодня:')).toBe('Сегодня: 230 ⭐, 99 ₽');
    expect(line('Возвращено')).toBe('Возвращено платежей: 1');
    expect(line('Тестовых')).toBe('Тестовых (mock) платежей: 1, в выручку не входят');
    // Pushes by status: all time (created today).
    expect(line('• отправлено')).toBe('• отправлено: 3 (1)');
    expect(line('• в очереди')).toBe('• в очереди: 1 (1)');
    expect(line('• пропущено')).toMatch(/^• пропущено .*: 1 \(1\)$/);
    expect(line('• не доставлено')).toBe('• не доставлено: 1 (0)');
    // The command leaves no trace in the chat's command list.
    expect(h.tg.chatState(ADMIN).commands.map((c: { command: string }) => c.command)).not.toContain('stats');
  });

  it('formats money in minor units: kopecks as roubles, Stars whole', () => {
    expect(money(14_950, 'RUB')).toBe('149,50 ₽');
    expect(money(100_000, 'RUB')).toBe('1\u00a0000 ₽');
    expect(money(385, 'XTR')).toBe('385 ⭐');
  });
});
