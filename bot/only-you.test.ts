// «Только вам» through the local Telegram: a personal question asked with /reading in a group the bot is in
// is answered as an ephemeral message (Bot API 10.2) that only the caller sees, with the card the guest card
// would give and a button into the app; where Telegram refuses ephemeral messages, the caller gets today's line
// with a button into the private chat. /reading without a question keeps today's line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCardAnswer } from '../domain/reading/chat-card';
import { localDate } from '../domain/text/time';
import { ONLY_YOU_HEADER } from './features/only-you';
import { PRIVATE_ONLY_TEXT } from './features/private-only';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import { eventually } from '../test/eventually';

const BOT = 'tarot_test_bot';
const plain = (markdown: string) => markdown.replace(/\*\*/g, '');

describe.each(TEST_DB_KINDS)('«только вам» in a group (%s)', (kind) => {
  let h: BotHarness;
  let group = -100_510_000;
  beforeAll(async () => {
    h = await createBotHarness(kind);
  });
  afterAll(() => h?.close());
  const newGroup = () => {
    group -= 1;
    h.tg.openGroup(group, 'Гадаем вместе');
    return group;
  };

  it('a question with /reading: one ephemeral message for the caller alone, the card and a button into the app', async () => {
    const g = newGroup();
    const lena = h.user(51_001, 'Лена');
    const question = 'позовёт ли он меня на свидание?';
    h.tg.sendText(g, `/reading@${BOT} ${question}`, { from: lena });
    const m = await h.tg.waitForBotMessage(g, (x) => x.text.includes('Только вам'));
    expect(m.visibleTo).toEqual({ id: lena.id });
    const a = chatCardAnswer(g, localDate(h.deps.clock(), 'Europe/Moscow'), question);
    if (a.kind !== 'yesno') throw new Error(`expected a yes/no answer, got ${a.kind}`);
    expect(m.text.split('\n')).toEqual([
      '🔒 Только вам — этот ответ видите только вы.',
      '',
      `🔮 Да или нет? «${question}»`,
      '',
      `🃏 ${a.card.title}`,
      `${a.verdict}. ${plain(a.text)}`,
    ]);
    expect(m.html.startsWith(ONLY_YOU_HEADER)).toBe(true);
    expect(m.reply_markup.inline_keyboard.flat()).toEqual([
      { text: '🔮 Полный расклад в приложении', url: `https://t.me/${BOT}?startapp=guest` },
    ]);
    // What Telegram was asked: an ephemeral message to her; what the bot got back names her as the receiver.
    await eventually(() => expect(h.tg.calls.some((c) => c.chatId === g && c.method === 'sendMessage' && c.ok)).toBe(true));
    const sent = h.tg.calls.filter((c) => c.chatId === g && c.method === 'sendMessage');
    expect(sent).toHaveLength(1);
    expect(sent[0].params.ephemeral_message_parameters).toEqual({ receiver_user_id: lena.id });
    // Nothing else went into the group: one message, and it is hers only.
    expect(h.tg.botMessages(g)).toHaveLength(1);
  });

  it('where Telegram refuses ephemeral messages: today’s line with a button into the private chat', async () => {
    const g = newGroup();
    h.tg.setEphemeralMessages(g, false);
    const oleg = h.user(51_002, 'Олег');
    h.tg.sendText(g, `/reading@${BOT} стоит ли менять работу?`, { from: oleg });
    const m = await h.tg.waitForBotMessage(g, () => true);
    expect(m.text).toBe(PRIVATE_ONLY_TEXT);
    expect(m.visibleTo).toBeUndefined();
    expect(m.reply_markup.inline_keyboard.flat()).toEqual([{ text: '✉️ Написать боту', url: `https://t.me/${BOT}` }]);
    const refused = h.tg.calls.filter((c) => c.chatId === g && c.method === 'sendMessage' && !c.ok);
    expect(refused).toHaveLength(1);
    expect(refused[0].params.ephemeral_message_parameters).toEqual({ receiver_user_id: oleg.id });
    expect(h.tg.botMessages(g)).toHaveLength(1);
  });

  it('/reading without a question keeps today’s line', async () => {
    const g = newGroup();
    h.tg.sendText(g, `/reading@${BOT}`, { from: h.user(51_003, 'Ира') });
    const m = await h.tg.waitForBotMessage(g, () => true);
    expect(m.text).toBe(PRIVATE_ONLY_TEXT);
    expect(m.visibleTo).toBeUndefined();
  });
});
