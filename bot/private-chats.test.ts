// Private things only in private chats, through the local Telegram: every command of the bot's menu (read
// from the list setMyCommands sends, so a new command is covered) sent in a group the bot is in (the support
// desk needs the bot in groups) gets one line asking to write in private, with a
// button into the bot, and nothing else: no sign-in link, no export, no deletion prompt, no support
// conversation. The same commands still work in the private chat, and operators still answer in the group.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_COMMANDS } from './commands';
import { PRIVATE_ONLY_TEXT } from './features/private-only';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import { eventually } from '../test/eventually';

const GROUP = -100_470_002;
/** The operators' group: the bot is in groups because of it (what goes there is paced, so the test writes elsewhere). */
const OPERATORS = -100_470_012;
const BOT = 'tarot_test_bot';

describe.each(TEST_DB_KINDS)('private commands in a group (%s)', (kind) => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await createBotHarness(kind, { supportChatId: OPERATORS });
    h.tg.openGroup(OPERATORS, 'Поддержка Таро');
    h.tg.openGroup(GROUP, 'Гадаем вместе');
  });
  afterAll(() => h?.close());

  it('each command of the menu, with or without the bot’s name, answers in the group with one line and a button into the bot, and nothing else', async () => {
    const member = h.user(47_201, 'Лена', { username: 'lena' });
    // A user with data: she opened the bot and drew her card of the day.
    h.tg.sendText(member, '/daily');
    await h.tg.waitForBotMessage(member.id, (m) => m.text.includes('Ваша карта дня'));
    const privateBefore = h.tg.botMessages(member.id).length;
    // The call is recorded once answered, a moment after the chat shows the message.
    await eventually(() =>
      expect(h.tg.calls.some((c) => c.chatId === member.id && (c.method === 'sendMessage' || c.method === 'sendPhoto'))).toBe(true),
    );
    const callsBefore = h.tg.calls.length;

    const commands = BOT_COMMANDS.map((c) => c.command);
    expect(commands).toEqual(expect.arrayContaining(['web', 'mydata', 'deletedata', 'support', 'paysupport', 'start']));
    const sent = [...commands.map((c) => `/${c}@${BOT}`), ...commands.map((c) => `/${c}`), `/start@${BOT} support`, `/web@${BOT}`];
    for (const [i, text] of sent.entries()) {
      h.tg.sendText(GROUP, text, { from: member });
      // Updates of one chat are handled in order: the i-th answer means every earlier command is done.
      await h.tg.waitForBotMessage(GROUP, () => h.tg.botMessages(GROUP).length > i, 10_000);
    }

    const answers = h.tg.botMessages(GROUP);
    expect(answers).toHaveLength(sent.length);
    for (const [i, m] of answers.entries()) {
      expect(m.text).toBe(PRIVATE_ONLY_TEXT);
      expect(m.document).toBeUndefined();
      expect(m.photo).toBeUndefined();
      const buttons = m.reply_markup.inline_keyboard.flat();
      expect(buttons).toHaveLength(1);
      const support = /^\/(pay)?support\b|support$/.test(sent[i]);
      expect(buttons[0].url).toBe(`https://t.me/${BOT}${support ? '?start=support' : ''}`);
    }
    // Into the group went only those lines; nothing went to her private chat or anywhere else.
    const later = () => h.tg.calls.slice(callsBefore).filter((c) => !['getUpdates', 'setMyCommands'].includes(c.method));
    await eventually(() => expect(later().length).toBeGreaterThanOrEqual(sent.length));
    const calls = later();
    expect(calls.filter((c) => c.method !== 'sendMessage' || c.chatId !== GROUP).map((c) => [c.method, c.chatId])).toEqual([]);
    expect(calls).toHaveLength(sent.length);
    expect(h.tg.botMessages(member.id)).toHaveLength(privateBefore);
    expect(await h.db.selectFrom('support_conversations').select('id').execute()).toEqual([]);
  });

  it('in the private chat the same commands answer as before: /web gives the sign-in link, /mydata the export', async () => {
    const u = h.user(47_202, 'Оля');
    h.tg.sendText(u, '/web');
    const web = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Вход в браузере'));
    expect(web.reply_markup.inline_keyboard[0][0].url).toMatch(/\/auth\//);
    h.tg.sendText(u, '/mydata');
    await h.tg.waitForBotMessage(u.id, (m) => !!m.document);
  });
});
