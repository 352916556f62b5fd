// The support desk through the real bot and the local Telegram, on every test database: a user's message
// after /paysupport reaches the operators with the user's plan and last payments, an operator's answer reaches
// the user, conversations are numbered and move open → answered → closed, only operators answer, and without
// an operator the user is told where to write instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_ANSWER } from '../domain/commerce/legal';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import type { ChatMessage } from './local-telegram/index';
import { eventually } from '../test/eventually';

const until = eventually;
const buttons = (m: ChatMessage) => (m.reply_markup?.inline_keyboard ?? []).flat() as any[];
const DAY = 86_400_000;
const EMAIL = 'help@tarot.example';
const legal = { email: EMAIL, taxStatus: 'самозанятый' };

/** The conversation's number in «обращение №12». */
const numberIn = (text: string) => Number(/№(\d+)/.exec(text)![1]);

function chatTools(h: BotHarness) {
  /** The next bot message in `chatId` after those already there that matches. */
  const next = (chatId: number, match: (m: ChatMessage) => boolean = () => true) => {
    const seen = Math.max(0, ...h.tg.chatState(chatId).messages.map((m) => m.message_id));
    return () => h.tg.waitForBotMessage(chatId, (m) => m.message_id > seen && match(m));
  };
  const conversations = (userId: number) =>
    h.db.selectFrom('support_conversations').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const messages = (userId: number) =>
    h.db.selectFrom('support_messages').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  return { next, conversations, messages };
}

describe.each(TEST_DB_KINDS)('support desk, operators in private chats (%s)', (kind) => {
  const ADMIN = 7_100;
  let h: BotHarness;
  let t: ReturnType<typeof chatTools>;

  beforeAll(async () => {
    h = await createBotHarness(kind, { adminUserIds: [ADMIN], legal });
    t = chatTools(h);
    // An operator has started the bot, so it may write to them.
    const hello = t.next(ADMIN);
    h.tg.sendText(h.user(ADMIN, 'Оператор'), '/help');
    await hello();
  });
  afterAll(() => h?.close());

  it('a message after /paysupport reaches the operator with the plan and last payments; the reply reaches the user', async () => {
    const U = 7_201;
    const now = new Date();
    await h.db
      .insertInto('users')
      .values({
        id: U,
        first_name: 'Анна',
        username: 'anna_t',
        time_zone: 'Europe/Moscow',
        subscription_type: 'vip',
        subscription_expires: new Date(now.getTime() + 20 * DAY),
        subscription_auto_renew: true,
      })
      .execute();
    const payment = (
      id: string,
      provider: 'stars' | 'yookassa',
      product: string,
      amount: number,
      currency: string,
      status: 'succeeded' | 'refunded',
    ) => ({
      provider,
      provider_payment_id: id,
      order_id: null,
      user_id: U,
      product,
      amount_minor: amount,
      currency,
      status,
      granted: JSON.stringify({ kind: 'none', reason: 'test' }),
      details: null,
      created_at: new Date(now.getTime() - DAY),
    });
    await h.db
      .insertInto('payments')
      .values([
        payment('st-vip-1', 'stars', 'vip', 460, 'XTR', 'succeeded'),
        payment('yk-week-1', 'yookassa', 'week', 14_900, 'RUB', 'refunded'),
      ])
      .execute();
    const user = h.user(U, 'Анна', { username: 'anna_t' });

    let reply = t.next(U, (m) => m.text.includes('обращение №'));
    h.tg.sendText(user, '/paysupport');
    const opened = await reply();
    // The promised time is the terms' (30 days), not «24 часа».
    expect(opened.text).toContain('Поддержка по оплате');
    expect(opened.text).toContain(SUPPORT_ANSWER);
    expect(opened.text).not.toContain('24 час');
    expect(buttons(opened).map((b) => b.text)).toContain('✅ Завершить обращение');
    const n = numberIn(opened.text);
    expect((await t.conversations(U)).map((c) => [c.id, c.status])).toEqual([[n, 'open']]);

    const relayed = t.next(ADMIN, (m) => m.text.includes('Оплатил VIP вчера'));
    reply = t.next(U, (m) => m.text.includes('Передано в поддержку'));
    h.tg.sendText(U, 'Оплатил VIP вчера, а доступа нет');
    const card = await relayed();
    expect(card.text).toContain(`Обращение №${n}`);
    expect(card.text).toContain('Анна (@anna_t)');
    expect(card.text).toContain(`id ${U}`);
    expect(card.text).toMatch(/План: VIP до \d\d\.\d\d\.\d{4} \d\d:\d\d МСК, продлевается автоматически/);
    expect(card.text).toContain('VIP · 460 ⭐ · Telegram Stars · оплачен, доступ не выдан (test)');
    expect(card.text).toContain('Неделя безлимита · 149 ₽ · ЮKassa · возвращён');
    expect((await reply()).text).toContain(`обращение №${n}`);
    expect((await t.messages(U)).map((m) => [m.author, m.text])).toEqual([['user', 'Оплатил VIP вчера, а доступа нет']]);

    // The operator replies to the relayed message: the user gets it, marked as support's.
    const answer = t.next(U, (m) => m.text.includes('Ответ поддержки'));
    const done = t.next(ADMIN, (m) => m.text.includes('Ответ отправлен'));
    h.tg.sendText(ADMIN, 'Доступ восстановлен, проверьте, пожалуйста.', { replyTo: card.message_id });
    const got = await answer();
    expect(got.text).toContain(`обращение №${n}`);
    expect(got.text).toContain('Доступ восстановлен, проверьте, пожалуйста.');
    await done();
    expect((await t.conversations(U))[0].status).toBe('answered');

    // The user writes again: the conversation waits for an operator again.
    const again = t.next(ADMIN, (m) => m.text.includes('Спасибо, заработало'));
    h.tg.sendText(U, 'Спасибо, заработало');
    await again();
    expect((await t.conversations(U))[0].status).toBe('open');

    // «Завершить обращение»: closed by the user; the operator is told.
    const closedNote = t.next(ADMIN, (m) => m.text.includes(`закрыл обращение №${n}`));
    reply = t.next(U, (m) => m.text.includes('закрыто'));
    h.tg.pressButton(U, got.message_id, `sp:close:${n}`);
    await reply();
    await closedNote();
    expect((await t.conversations(U)).map((c) => [c.status, c.closed_by])).toEqual([['closed', 'user']]);

    // Out of support mode, a text is no longer relayed: the user gets the ordinary answer.
    const ordinary = t.next(U);
    h.tg.sendText(U, 'А ещё вопрос');
    expect((await ordinary()).text).not.toContain('Передано в поддержку');
    expect(h.tg.botMessages(ADMIN).some((m) => m.text.includes('А ещё вопрос'))).toBe(false);

    // The next /paysupport opens a new conversation with the next number.
    reply = t.next(U, (m) => m.text.includes('обращение №'));
    h.tg.sendText(U, '/paysupport');
    const second = numberIn((await reply()).text);
    expect(second).toBeGreaterThan(n);
    // The old answer's button does not close the new conversation.
    reply = t.next(U, (m) => m.text.includes('уже закрыто'));
    h.tg.pressButton(U, opened.message_id, `sp:close:${n}`);
    await reply();
    expect((await t.conversations(U)).map((c) => [c.id, c.status])).toEqual([
      [n, 'closed'],
      [second, 'open'],
    ]);
    // All of it is the user's data: deleting the user deletes it.
    await h.db.deleteFrom('payments').where('user_id', '=', U).execute();
    await h.db.deleteFrom('users').where('id', '=', U).execute();
    expect(await t.conversations(U)).toEqual([]);
    expect(await t.messages(U)).toEqual([]);
    expect(await h.db.selectFrom('support_relays').select('chat_id').where('user_id', '=', U).execute()).toEqual([]);
  });

  it('commands still work in support mode; a photo is copied to the operator; /reply N and /close N; a closed one takes no answer', async () => {
    const U = 7_202;
    const user = h.user(U, 'Борис');
    let reply = t.next(U, (m) => m.text.includes('обращение №'));
    h.tg.sendText(user, '/support');
    const n = numberIn((await reply()).text);

    // A command is a command, not a message to support.
    reply = t.next(U, (m) => m.text.startsWith('🃏 Ваша карта дня'));
    h.tg.sendText(U, '/daily');
    await reply();
    expect(await t.messages(U)).toEqual([]);

    // A receipt photo: the card, then the photo itself.
    const copied = t.next(ADMIN, (m) => m.file?.kind === 'photo');
    const cardOf = t.next(ADMIN, (m) => m.text.includes(`Обращение №${n}`));
    h.tg.sendFile(U, 'photo', 'чек об оплате');
    const card = await cardOf();
    expect(card.text).toContain('Фото ниже');
    expect(card.text).toContain('План: Бесплатный');
    expect(card.text).toContain('Платежей нет.');
    expect((await copied()).file?.caption).toBe('чек об оплате');
    await until(async () => expect((await t.messages(U)).map((m) => [m.kind, m.text])).toEqual([['photo', 'чек об оплате']]));
    expect((await t.messages(U))[0].file_id).toMatch(/^local_photo_/);

    let answer = t.next(U, (m) => m.text.includes('Ответ поддержки'));
    h.tg.sendText(ADMIN, `/reply ${n} Вижу чек, возвращаем звёзды.`);
    expect((await answer()).text).toContain('Вижу чек, возвращаем звёзды.');
    expect((await t.messages(U)).map((m) => [m.author, m.operator_id])).toEqual([
      ['user', null],
      ['operator', ADMIN],
    ]);

    const closed = t.next(U, (m) => m.text.includes('закрыто поддержкой'));
    const ack = t.next(ADMIN, (m) => m.text.includes(`Обращение №${n} закрыто`));
    h.tg.sendText(ADMIN, `/close ${n}`);
    await closed();
    await ack();
    expect((await t.conversations(U)).map((c) => [c.status, c.closed_by])).toEqual([['closed', 'operator']]);

    const refused = t.next(ADMIN, (m) => m.text.includes('закрыто'));
    h.tg.sendText(ADMIN, `/reply ${n} ещё одно`);
    expect((await refused()).text).toContain(`Обращение №${n} закрыто`);
    answer = t.next(ADMIN, (m) => m.text.includes('Формат'));
    h.tg.sendText(ADMIN, '/reply');
    await answer();
    expect((await t.messages(U)).filter((m) => m.author === 'operator')).toHaveLength(1);
  });

  it('/start support opens a conversation; a non-operator cannot use /reply or /close', async () => {
    const U = 7_203;
    const STRANGER = 7_204;
    let reply = t.next(U, (m) => m.text.includes('обращение №'));
    // The app's «Поддержка» opens t.me/<bot>?start=support.
    h.tg.sendText(h.user(U, 'Вера'), '/start support');
    const n = numberIn((await reply()).text);

    reply = t.next(STRANGER);
    h.tg.sendText(h.user(STRANGER, 'Гость'), `/reply ${n} Ваши деньги у нас`);
    expect((await reply()).text).not.toContain('Ответ отправлен');
    reply = t.next(STRANGER);
    h.tg.sendText(STRANGER, `/close ${n}`);
    expect((await reply()).text).not.toContain('закрыто');

    // The user got nothing from it; the conversation is as it was.
    expect(h.tg.botMessages(U).some((m) => m.text.includes('Ваши деньги у нас'))).toBe(false);
    expect((await t.conversations(U)).map((c) => c.status)).toEqual(['open']);
    expect(await t.messages(U)).toEqual([]);
  });
});

describe.each(TEST_DB_KINDS)('support desk, operators in a support chat (%s)', (kind) => {
  const GROUP = -1_001_234_567_890;
  let h: BotHarness;
  let t: ReturnType<typeof chatTools>;
  beforeAll(async () => {
    h = await createBotHarness(kind, { supportChatId: GROUP, legal });
    t = chatTools(h);
  });
  afterAll(() => h?.close());

  it('the bot not yet in the chat: the user is told honestly; then the group gets the card and any member answers by replying', async () => {
    const U = 7_301;
    let reply = t.next(U, (m) => m.text.includes('обращение №'));
    h.tg.sendText(h.user(U, 'Дина'), '/paysupport');
    const n = numberIn((await reply()).text);

    // Nobody got it: the user is not told «передано».
    reply = t.next(U);
    h.tg.sendText(U, 'Не пришёл чек');
    const honest = await reply();
    expect(honest.text).toContain('никто не принимает');
    expect(honest.text).toContain(EMAIL);

    h.tg.openGroup(GROUP, 'Поддержка Таро');
    const card = t.next(GROUP, (m) => m.text.includes('Не пришёл чек, повторяю'));
    reply = t.next(U, (m) => m.text.includes('Передано в поддержку'));
    h.tg.sendText(U, 'Не пришёл чек, повторяю');
    const relayed = await card();
    expect(relayed.text).toContain(`Обращение №${n}`);
    await reply();

    const answer = t.next(U, (m) => m.text.includes('Ответ поддержки'));
    h.tg.sendText(GROUP, 'Чек отправили на почту.', { replyTo: relayed.message_id, from: { id: 7_399, first_name: 'Оператор Ира' } });
    expect((await answer()).text).toContain('Чек отправили на почту.');
    await t.next(GROUP, (m) => m.text.includes('Ответ отправлен'))();
    expect((await t.conversations(U))[0].status).toBe('answered');
  });
});

describe.each(TEST_DB_KINDS)('support desk, no operator configured (%s)', (kind) => {
  let h: BotHarness;
  let t: ReturnType<typeof chatTools>;
  beforeAll(async () => {
    h = await createBotHarness(kind, { legal });
    t = chatTools(h);
  });
  afterAll(() => h?.close());

  it('/paysupport gives the e-mail from the provider details and opens nothing; a message then is not taken for support', async () => {
    const U = 7_401;
    let reply = t.next(U);
    h.tg.sendText(h.user(U, 'Ева'), '/paysupport');
    const text = (await reply()).text;
    expect(text).toContain('никто не принимает');
    expect(text).toContain(EMAIL);
    expect(text).toContain(SUPPORT_ANSWER);

    reply = t.next(U);
    h.tg.sendText(U, 'Оплатил VIP вчера, а доступа нет');
    expect((await reply()).text).not.toContain('Передано');
    expect(await t.conversations(U)).toEqual([]);
  });
});
