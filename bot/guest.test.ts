// Guest mode through the local Telegram: people in a group the bot is not a member of write @bot; the bot
// answers each summons once (answerGuestQuery) with the chat's card of the day, the same for every caller, or a
// card for a question read by the reading's yes/no model, in the same words as inline «Да или нет» (a crisis
// gets help lines, never a card); cards come as their JPEG picture; one answer per caller per chat a minute;
// nothing from the chat is kept.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatCardAnswer, chatDayCard } from '../domain/reading/chat-card';
import { localDate } from '../domain/text/time';
import { createBotHarness, TEST_PUBLIC_URL, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';

const BOT = '@tarot_test_bot';
const ADMIN = 92_099;
const YES = ['Да', 'Скорее да'];
const NO = ['Нет', 'Скорее нет'];
const plain = (markdown: string) => markdown.replace(/\*\*/g, '');
/** The card's picture as the chat shows it (the photo result's URL). */
const pictureOf = (html: string) => /<img src="([^"]+)"/.exec(html)?.[1];

describe.each(TEST_DB_KINDS)('guest mode «Карта для чата» (%s)', (kind) => {
  let h: BotHarness;
  let group = -1_001_234_500_000;
  beforeAll(async () => {
    h = await createBotHarness(kind, { adminUserIds: [ADMIN] });
  });
  afterAll(() => h?.close());

  /** A fresh group per test, the bot not in it. */
  function newGroup(title = 'Девичник') {
    group -= 1;
    h.tg.openGuestGroup(group, title);
    return group;
  }
  const today = () => localDate(h.deps.clock(), 'Europe/Moscow');
  const summon = (chatId: number, from: { id: number; first_name: string }, text: string) => {
    const id = h.tg.writeInGuestGroup(chatId, from, text);
    if (!id) throw new Error('the bot was not summoned');
    return id;
  };

  it('with no question: the chat’s card of the day, the same for two callers, with a button into the app; no profile kept', async () => {
    const g = newGroup();
    const anna = h.user(92_001, 'Анна');
    const vera = h.user(92_002, 'Вера');
    // Talk in the group without the bot's name reaches nobody.
    expect(h.tg.writeInGuestGroup(g, anna, 'Девочки, погадаем?')).toBeNull();

    const first = await h.tg.waitForGuestAnswer(summon(g, anna, BOT));
    const second = await h.tg.waitForGuestAnswer(summon(g, vera, `${BOT} карту дня!`));
    const card = chatDayCard(g, today());
    for (const m of [first, second]) {
      expect(m.text).toContain('Карта дня для этого чата');
      expect(m.text).toContain(card.title);
      expect(m.text).toContain(card.meaning);
      expect(pictureOf(m.html)).toBe(
        `${TEST_PUBLIC_URL}/card-images/${card.card.id}${card.orientation === 'reversed' ? '.reversed' : ''}.jpg`,
      );
      expect(m.reply_markup.inline_keyboard[0][0]).toEqual({
        text: '🔮 Открыть карту в Таро',
        url: `https://t.me/tarot_test_bot?startapp=card_${card.card.id}`,
      });
    }
    expect(first.guestCaller?.id).toBe(anna.id);
    expect(second.guestCaller?.id).toBe(vera.id);
    expect(second.text).toBe(first.text);

    // Nothing from the chat is stored: no profile for the callers, no dialogue state for the group, and the
    // rate slots hold a hash, not the ids.
    expect(await h.db.selectFrom('users').select('id').where('id', 'in', [anna.id, vera.id]).execute()).toEqual([]);
    expect(await h.db.selectFrom('bot_conversations').select('key').where('key', 'like', `%${g}%`).execute()).toEqual([]);
    const slots = await h.db.selectFrom('guest_rate_slots').select(['key']).execute();
    expect(slots.length).toBeGreaterThanOrEqual(2);
    for (const s of slots) expect(s.key).toMatch(/^[0-9a-f]{64}$/);
    // What the owner sees: counts per day and kind (/stats).
    const daily = (await h.services.guest.today()).daily;
    expect(daily).toBeGreaterThanOrEqual(2);
    h.tg.sendText(h.user(ADMIN, 'Владелец'), '/stats');
    const stats = await h.tg.waitForBotMessage(ADMIN, (m) => m.text.includes('Карта для чата'));
    expect(stats.text).toContain(`👥 Карта для чата сегодня: карта дня чата — ${daily}`);
  });

  it('a question gets one card as its picture, with the verdict of the reading’s yes/no model in the words of inline «Да или нет»; a feared event is read the other way round', async () => {
    const g = newGroup('Работа');
    const boris = h.user(92_011, 'Борис');
    const question = 'сделает ли он мне предложение?';
    const m = await h.tg.waitForGuestAnswer(summon(g, boris, `${BOT} ${question}`));
    const a = chatCardAnswer(g, today(), question);
    if (a.kind !== 'yesno') throw new Error(`expected a yes/no answer, got ${a.kind}`);
    expect(m.text.split('\n')).toEqual([`🔮 Да или нет? «${question}»`, '', `🃏 ${a.card.title}`, `${a.verdict}. ${plain(a.text)}`]);
    expect([...YES, 'Ни да, ни нет', ...NO]).toContain(a.verdict);
    expect(pictureOf(m.html)).toBe(
      `${TEST_PUBLIC_URL}/card-images/${a.card.card.id}${a.card.orientation === 'reversed' ? '.reversed' : ''}.jpg`,
    );
    expect((await h.app.request(pictureOf(m.html)!.slice(TEST_PUBLIC_URL.length))).headers.get('content-type')).toBe('image/jpeg');
    expect(m.reply_markup.inline_keyboard[0][0]).toEqual({
      text: '🔮 Полный расклад в приложении',
      url: 'https://t.me/tarot_test_bot?startapp=guest',
    });

    // A hoped and a feared event drawing the same favourable card get opposite verdicts (the reading's rule).
    const sunGroup = (q: string) => {
      for (let i = 0; i < 5000; i++) {
        const chatId = newGroup(`Солнце ${i}`);
        const x = chatCardAnswer(chatId, today(), q);
        if (x.kind === 'yesno' && x.card.card.id === 'sun' && x.card.orientation === 'upright') return chatId;
      }
      throw new Error('no Sun in 5000 groups');
    };
    const hoped = 'выйду ли я замуж в этом году?';
    const feared = 'изменяет ли мне муж?';
    const hm = await h.tg.waitForGuestAnswer(summon(sunGroup(hoped), h.user(92_012, 'Галя'), `${BOT} ${hoped}`));
    const fm = await h.tg.waitForGuestAnswer(summon(sunGroup(feared), h.user(92_013, 'Зоя'), `${BOT} ${feared}`));
    for (const x of [hm, fm]) expect(x.text).toContain('🃏 Солнце\n');
    const verdictOf = (text: string) => text.split('\n')[3]!.split('.')[0];
    expect(YES).toContain(verdictOf(hm.text));
    expect(NO).toContain(verdictOf(fm.text));
  });

  it('a crisis gets care and help lines and no card; a health question no yes/no but the doctor', async () => {
    const g = newGroup('Семья');
    const crisis = await h.tg.waitForGuestAnswer(summon(g, h.user(92_021, 'Дина'), `${BOT} не хочу больше жить`));
    expect(crisis.text).toContain('8-800-2000-122');
    expect(crisis.text).toContain('Когда станет полегче, возвращайтесь к картам');
    expect(crisis.text).not.toContain('🃏');
    expect(crisis.reply_markup).toBeUndefined();

    const health = await h.tg.waitForGuestAnswer(summon(g, h.user(92_022, 'Ева'), `${BOT} выздоровеет ли мама после операции?`));
    expect(health.text).toContain('🔮 Вопрос картам: «выздоровеет ли мама после операции?»');
    expect(health.text).toMatch(/врач/);
    expect(health.text).not.toMatch(/Скорее «да»|Скорее «нет»|Ответ — «да»|Ответ — «нет»|^(Да|Нет|Скорее да|Скорее нет)\./m);
    expect(health.text).toContain('🃏');
  });

  it('one answer per caller per chat a minute: the second gets a short explanation, the third nothing; others and other chats are not held', async () => {
    const g = newGroup('Друзья');
    const other = newGroup('Коллеги');
    const lena = h.user(92_031, 'Лена');
    const mark = h.user(92_032, 'Марк');
    await h.tg.waitForGuestAnswer(summon(g, lena, BOT));
    const second = await h.tg.waitForGuestAnswer(summon(g, lena, `${BOT} будет ли сегодня солнце?`));
    expect(second.text).toBe('⏳ Я отвечаю каждому не чаще раза в минуту — позовите меня чуть позже.');
    const third = summon(g, lena, `${BOT} ну пожалуйста`);
    // Updates of one chat are handled in order: once Марк's later summons is answered, Лена's third was handled.
    await h.tg.waitForGuestAnswer(summon(g, mark, BOT));
    expect(h.tg.guestAnswer(third)).toBeNull();
    // Another chat is another slot.
    expect((await h.tg.waitForGuestAnswer(summon(other, lena, BOT))).text).toContain('Карта дня для этого чата');

    // A minute later Лена is answered again.
    h.setNow(new Date(h.deps.clock().getTime() + 61_000));
    expect((await h.tg.waitForGuestAnswer(summon(g, lena, `${BOT} будет ли сегодня солнце?`))).text).toContain('🃏');
  });

  it('a summons delivered again is answered again (its first answer may have failed), and never frees a second one', async () => {
    const s = { queryId: 'q-1', chatId: -1_009_999, callerId: 92_041, question: '' };
    expect((await h.services.guest.summon(s)).kind).toBe('answer');
    expect((await h.services.guest.summon(s)).kind).toBe('answer');
    expect(await h.services.guest.summon({ ...s, queryId: 'q-2' })).toEqual({ kind: 'limited' });
    expect(await h.services.guest.summon({ ...s, queryId: 'q-3' })).toEqual({ kind: 'silent' });
  });

  it('an answer Telegram refuses (an expired query) is logged without the chat’s text, and nothing is sent into the chat', async () => {
    const g = newGroup('Тайный чат');
    const secret = 'выйду ли я замуж за Петра Ивановича?';
    const u = h.tg.sendUpdate({
      guest_message: {
        message_id: 5,
        date: Math.floor(Date.now() / 1000),
        chat: { id: g, type: 'supergroup', title: 'Тайный чат' },
        from: { id: 92_061, is_bot: false, first_name: 'Оля' },
        text: `${BOT} ${secret}`,
        guest_query_id: 'expired-query',
      },
    });
    await vi.waitFor(() => expect(h.logs.find((l) => l.msg === 'guest answer failed' && l.updateId === u.update_id)).toBeTruthy(), {
      timeout: 10_000,
    });
    expect(JSON.stringify(h.logs)).not.toContain('Петра');
    expect(h.tg.botMessages(g)).toEqual([]);
  });

  it('/help explains guest mode', async () => {
    const u = h.user(92_051, 'Ира');
    h.tg.sendText(u, '/help');
    const help = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Что я умею'));
    expect(help.text).toContain('Карта для чата');
    expect(help.text).toContain('В группе, где меня нет, позовите меня: напишите @tarot_test_bot');
    expect(help.text).toContain('Отвечаю каждому не чаще раза в минуту');
  });
});
