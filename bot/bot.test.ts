// The real bot against the local Telegram on 127.0.0.1 (long polling, as in production), on every test
// database: launch, referral, the chat reading, web_app_data, blocking, settings, the daily card.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBotHarness, TEST_PUBLIC_URL, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import { DEFAULT_FAKE_TEXT, startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';
import type { ChatMessage } from './local-telegram/index';
import { eventually } from '../test/eventually';

/** Waits for an effect of an update the bot handles in the background. */
const until = eventually;
const inlineButtons = (m: ChatMessage) => (m.reply_markup?.inline_keyboard ?? []).flat() as any[];
const callbackOf = (m: ChatMessage, text: RegExp) => inlineButtons(m).find((b) => text.test(b.text))?.callback_data as string;

describe.each(TEST_DB_KINDS)('bot (%s)', (kind) => {
  let h: BotHarness;
  let ai: FakeOpenAI;
  let nextUser = 1000;
  const newUser = (name = 'Тест') => h.user(++nextUser, name);

  beforeAll(async () => {
    ai = await startFakeOpenAI();
    h = await createBotHarness(kind, { ai: { apiKey: 'sk-test', baseUrl: ai.baseUrl } });
  });
  afterAll(async () => {
    await h?.close();
    await ai?.close();
  });
  afterEach(() => ai.set({ mode: 'ok' }));

  const user = (id: number) => h.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

  it('/start answers with a web_app button to PUBLIC_URL, sets the menu button and a keyboard launch button with a token the API accepts', async () => {
    const u = newUser('Вера');
    h.tg.sendText(u, '/start');
    const welcome = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Здравствуйте, Вера'));
    expect(inlineButtons(welcome)).toEqual([{ text: '🔮 Открыть Таро', web_app: { url: `${TEST_PUBLIC_URL}/` } }]);

    const menuCall = h.tg.calls.find((c) => c.method === 'setChatMenuButton' && c.chatId === u.id);
    expect(menuCall?.params.menu_button).toEqual({ type: 'web_app', text: 'Таро', web_app: { url: `${TEST_PUBLIC_URL}/` } });
    expect(h.tg.chatState(u.id).menuButton.type).toBe('web_app');

    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('под полем ввода'));
    const keyboard = h.tg.chatState(u.id).keyboard;
    const button = keyboard.keyboard[0][0];
    expect(button.web_app.url.startsWith(`${TEST_PUBLIC_URL}/?launch=lt1.${u.id}.`)).toBe(true);
    // The launch (which Telegram gives no initData) signs in with the server's token.
    const token = new URL(button.web_app.url).searchParams.get('launch')!;
    const res = await h.app.request('/api/user/status', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect((await res.json()).data.user.id).toBe(u.id);
  });

  it('stores the start parameter as the referral and keeps the first one', async () => {
    const u = newUser();
    h.tg.sendText(u, '/start ref_blog-42');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Здравствуйте'));
    expect((await user(u.id))?.start_param).toBe('ref_blog-42');

    h.tg.sendText(u, '/start other_ref');
    await until(() => expect(h.tg.botMessages(u.id).filter((m) => m.text.includes('Здравствуйте'))).toHaveLength(2));
    expect((await user(u.id))?.start_param).toBe('ref_blog-42');
  });

  it('a full /reading: spread, question re-asked on bad input, cards dealt by the server, the interpretation in the chat; state survives a restart', async () => {
    const u = newUser('Ольга');
    h.tg.sendText(u, '/reading');
    const menu = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🔮 Выберите расклад'));
    // A free user sees the paid spreads locked.
    expect(inlineButtons(menu).find((b) => b.callback_data === 'rd:celtic_cross').text).toContain('🔒');
    h.tg.pressButton(u.id, menu.message_id, 'rd:free_daily');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Напишите свой вопрос'));

    // The conversation's state is in the database, so a restarted (or another) instance continues it.
    const stored = await h.db.selectFrom('bot_conversations').selectAll().where('key', '=', String(u.id)).executeTakeFirst();
    expect(stored).toBeTruthy();
    await h.restartBot();

    h.tg.sendText(u.id, 'да');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('не меньше 3 символов'));
    h.tg.sendText(u.id, 'Что принесёт мне эта неделя?');

    const cardsMsg = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🃏 Расклад дня'));
    const interpretation = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Общий вывод') && !!m.reply_markup);

    const readings = await h.db.selectFrom('readings').selectAll().where('user_id', '=', u.id).execute();
    expect(readings).toHaveLength(1);
    const r = readings[0];
    expect(r.spread_type).toBe('free_daily');
    expect(r.question).toBe('Что принесёт мне эта неделя?');
    expect(r.status).toBe('done');
    expect(r.interpretation).toBe(DEFAULT_FAKE_TEXT);
    // The chat names the cards the server dealt, and shows the AI's text with its headings (one rich message).
    const view = await h.services.readings.get(u.id, r.id);
    for (const c of view.cards) expect(cardsMsg.text).toContain(c.name);
    expect(interpretation.html).toContain('<h4>Анализ карт</h4>');
    expect(inlineButtons(interpretation)[0].web_app.url).toBe(`${TEST_PUBLIC_URL}/history/${r.id}`);
    await until(async () =>
      expect(await h.db.selectFrom('bot_conversations').selectAll().where('key', '=', String(u.id)).executeTakeFirst()).toBeUndefined(),
    );

    // The free spread is used: a second reading the same day is refused before anything is charged.
    h.tg.sendText(u.id, '/reading');
    const refusal = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('уже использован'));
    expect(refusal.text).toMatch(/Новые расклады через/);
    expect(await h.db.selectFrom('readings').select('id').where('user_id', '=', u.id).execute()).toHaveLength(1);
  });

  it('/cancel leaves the reading; a locked spread is explained; another command ends the conversation', async () => {
    const u = newUser();
    h.tg.sendText(u, '/reading');
    const menu = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🔮 Выберите расклад'));
    h.tg.pressButton(u.id, menu.message_id, 'rd:celtic_cross');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('доступен с VIP-подпиской'));
    h.tg.pressButton(u.id, menu.message_id, 'rd:free_daily');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Напишите свой вопрос'));
    h.tg.sendText(u.id, '/cancel');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('Расклад отменён'));
    // Not in the conversation any more: a text is not taken as a question, it is offered as one.
    h.tg.sendText(u.id, 'Что меня ждёт в любви?');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('Похоже, это вопрос к картам'));
    expect(await h.db.selectFrom('readings').select('id').where('user_id', '=', u.id).execute()).toHaveLength(0);

    // (The first menu now reads «Расклад: …».)
    h.tg.sendText(u.id, '/reading');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🔮 Выберите расклад'));
    h.tg.sendText(u.id, '/help');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Что я умею'));
    h.tg.sendText(u.id, 'ок');
    await until(() => expect(h.tg.botMessages(u.id).filter((m) => m.text.startsWith('Напишите вопрос картам'))).toHaveLength(1));
  });

  it('free text outside a ticket: offered as a chat reading of that very question (dealt once), or the support desk', async () => {
    const u = newUser();
    h.tg.sendText(u, 'Получу ли я эту работу?');
    const offer = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('Похоже, это вопрос к картам'));
    expect(offer.text).not.toContain('Я понимаю команды');
    expect(inlineButtons(offer).map((b) => b.text)).toEqual(['🔮 Расклад на этот вопрос', '💬 Это вопрос в поддержку']);
    h.tg.pressButton(u.id, offer.message_id, 'rd:ask-text');
    const menu = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🔮 Выберите расклад'));
    h.tg.pressButton(u.id, menu.message_id, 'rd:free_daily');
    // No second ask for the question: the reading is of the text already written. As long as a bot message is
    // waited for (40 s): the press goes through the bot's update queue, which a busy machine slows like a reply.
    await until(
      async () => {
        const rows = await h.db.selectFrom('readings').select(['question', 'request_key']).where('user_id', '=', u.id).execute();
        expect(rows).toEqual([{ question: 'Получу ли я эту работу?', request_key: expect.stringMatching(/^tg:\d+:\d+$/) }]);
      },
      { timeout: 40_000 },
    );
    expect(h.tg.botMessages(u.id).some((m) => m.text.includes('Напишите свой вопрос'))).toBe(false);

    // The other button: the support desk (none configured here: its address instead of a ticket).
    h.tg.sendText(u.id, 'Как отменить подписку?');
    const second = await h.tg.waitForBotMessage(u.id, (m) => m !== offer && m.text.startsWith('Похоже, это вопрос к картам'));
    const before = h.tg.botMessages(u.id).length;
    h.tg.pressButton(u.id, second.message_id, 'sp:open');
    await until(() => expect(h.tg.botMessages(u.id).length).toBeGreaterThan(before));
    expect(h.tg.botMessages(u.id).at(-1)!.text).toMatch(/поддерж/i);
  });

  it("one chat's updates are handled in the order they came, even when the redelivery check answers the first one last", async () => {
    const u = newUser();
    const wasHandled = h.services.botState.wasHandled;
    let first = true;
    // The first update's look-up in the database is slow; the second's is not.
    h.services.botState.wasHandled = async (id) => {
      if (first) {
        first = false;
        await new Promise((r) => setTimeout(r, 400));
      }
      return wasHandled(id);
    };
    try {
      h.tg.sendText(u, '/reading');
      h.tg.sendText(u.id, '/help');
      const help = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Что я умею'));
      const menu = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🔮 Выберите расклад'));
      // /help came second: it is answered after the menu /reading opened, and it ended that dialogue.
      expect(menu.message_id).toBeLessThan(help.message_id);
    } finally {
      h.services.botState.wasHandled = wasHandled;
    }
    h.tg.sendText(u.id, 'ок');
    await until(() => expect(h.tg.botMessages(u.id).filter((m) => m.text.startsWith('Напишите вопрос картам'))).toHaveLength(1));
  });

  it('web_app_data: malformed data gets a short reply; a reading is summarised for its owner only', async () => {
    const owner = newUser('Ира');
    const other = newUser('Пётр');
    h.tg.sendText(owner, '/start');
    h.tg.sendText(other, '/start');
    await h.tg.waitForBotMessage(owner.id, (m) => m.text.includes('под полем ввода'));
    await h.tg.waitForBotMessage(other.id, (m) => m.text.includes('под полем ввода'));

    for (const bad of [
      'not json',
      '{"type":"reading"}',
      '{"type":"reading","readingId":-1}',
      '[1,2]',
      JSON.stringify({ type: 'x'.repeat(5000) }),
    ]) {
      const before = h.tg.botMessages(owner.id).length;
      h.tg.sendWebAppData(owner.id, bad);
      await until(() => expect(h.tg.botMessages(owner.id).length).toBe(before + 1));
      expect(h.tg.botMessages(owner.id).at(-1)!.text).toMatch(/^Не удалось прочитать данные из приложения/);
    }

    const reading = await h.services.readings.create(owner.id, { spreadType: 'free_daily', question: 'Как пройдёт мой день?' });
    h.tg.sendWebAppData(other.id, JSON.stringify({ type: 'reading', readingId: reading.id }));
    await h.tg.waitForBotMessage(other.id, (m) => m.text === 'Расклад не найден');

    h.tg.sendWebAppData(owner.id, JSON.stringify({ type: 'reading', readingId: String(reading.id) }));
    const summary = await h.tg.waitForBotMessage(owner.id, (m) => m.text.includes('Как пройдёт мой день?'));
    for (const c of reading.cards) expect(summary.text).toContain(c.name);
    expect(inlineButtons(summary)[0].web_app.url).toBe(`${TEST_PUBLIC_URL}/history/${reading.id}`);
  });

  it('a user who blocks the bot is marked unreachable, and reachable again after unblocking', async () => {
    const u = newUser();
    h.tg.sendText(u, '/start');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Здравствуйте'));
    expect((await user(u.id))?.bot_reachable).toBe(true);
    h.tg.setBlocked(u.id, true);
    await until(async () => expect((await user(u.id))?.bot_reachable).toBe(false));
    h.tg.setBlocked(u.id, false);
    await until(async () => expect((await user(u.id))?.bot_reachable).toBe(true));
  });

  it('/settings switches the reminder and the time zone with buttons', async () => {
    const u = newUser();
    h.tg.sendText(u, '/settings');
    const msg = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Настройки'));
    expect(msg.text).toContain('Напоминание о карте дня: включено, в 10:00');
    h.tg.pressButton(u.id, msg.message_id, callbackOf(msg, /Выключить напоминание/));
    await until(async () => expect((await user(u.id))?.notify_daily).toBe(false));
    await h.tg.waitForBotMessage(u.id, (m) => m.message_id === msg.message_id && m.text.includes('выключено'));

    h.tg.pressButton(u.id, msg.message_id, 'set:tz');
    const zones = await h.tg.waitForBotMessage(u.id, (m) => m.message_id === msg.message_id && m.text.includes('Выберите часовой пояс'));
    h.tg.pressButton(u.id, zones.message_id, callbackOf(zones, /^Новосибирск$/));
    await until(async () => expect((await user(u.id))?.time_zone).toBe('Asia/Novosibirsk'));
    await h.tg.waitForBotMessage(u.id, (m) => m.message_id === msg.message_id && m.text.includes('Часовой пояс: Новосибирск'));
  });

  it('an unexpected failure is logged with its update and answered politely', async () => {
    const u = newUser();
    const draw = h.services.dailyCard.draw;
    h.services.dailyCard.draw = async () => {
      throw new Error('database on fire');
    };
    try {
      h.tg.sendText(u, '/daily');
      await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('😔 Что-то пошло не так'));
    } finally {
      h.services.dailyCard.draw = draw;
    }
    const entry = h.logs.find((l) => l.msg === 'bot update failed' && l.update?.message?.from?.id === u.id);
    expect(entry?.err?.message).toBe('database on fire');
    expect(entry?.update.message.text).toBe('/daily');
  });

  it("/daily deals today's card once for a free user, with its picture, its meaning for today and the day's question; /help and /paysupport answer", async () => {
    const u = newUser();
    h.tg.sendText(u, '/daily');
    const first = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🃏 Ваша карта дня'));
    // The card's picture, as the inline card has: a JPEG of the card, the text as its caption.
    expect(first.photo!.bytes).toBeGreaterThan(10_000);
    expect(first.photo!.width).toBeGreaterThan(100);
    const today = (await h.services.dailyCard.availability(u.id)).today!;
    expect(first.text).toContain(today.today.paragraph);
    expect(first.text).toContain(today.today.question);
    h.tg.sendText(u.id, '/daily');
    const second = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('уже открыта'));
    expect(second.text.split('\n')[2]).toBe(first.text.split('\n')[2]);
    expect(inlineButtons(first)[0].web_app.url).toBe(`${TEST_PUBLIC_URL}/daily-card`);

    h.tg.sendText(u.id, '/paysupport');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Поддержка по оплате'));
  });
});
