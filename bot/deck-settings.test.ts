// /settings in the chat: the deck (classic Rider–Waite–Smith by default, with its credit) is switched with a
// button and is the same setting the web app reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import type { ChatMessage } from './local-telegram/index';
import { eventually } from '../test/eventually';

const until = eventually;
const inlineButtons = (m: ChatMessage) => (m.reply_markup?.inline_keyboard ?? []).flat() as { text: string; callback_data?: string }[];

describe.each(TEST_DB_KINDS)('bot deck setting (%s)', (kind) => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await createBotHarness(kind);
  });
  afterAll(() => h?.close());

  it('/settings names the deck with its artist and switches it with a button', async () => {
    const u = h.user(13_101, 'Ада');
    h.tg.sendText(u, '/settings');
    const msg = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Настройки'));
    expect(msg.text).toContain(
      'Колода: Классическая колода — классическая колода Райдера — Уэйта — Смит (1909), иллюстрации Памелы Колман Смит, общественное достояние',
    );
    expect(inlineButtons(msg).map((b) => b.text)).toEqual(expect.arrayContaining(['✅ Классическая колода', 'Авторская колода']));

    h.tg.pressButton(u.id, msg.message_id, 'set:deck:drawn');
    await until(async () =>
      expect((await h.db.selectFrom('users').select('deck').where('id', '=', u.id).executeTakeFirst())?.deck).toBe('drawn'),
    );
    const edited = await h.tg.waitForBotMessage(
      u.id,
      (m) => m.message_id === msg.message_id && m.text.includes('Колода: Авторская колода'),
    );
    expect(inlineButtons(edited).map((b) => b.text)).toEqual(expect.arrayContaining(['Классическая колода', '✅ Авторская колода']));
    // The web app reads the same setting.
    const status = await h.call(u.id, 'GET', '/api/user/status');
    expect(status.body.data.userStatus.deck).toBe('drawn');

    // A forged callback with an unknown deck changes nothing: once the bot has answered it, the deck is the same.
    h.tg.pressButton(u.id, msg.message_id, 'set:deck:thoth');
    await until(() => expect(h.tg.chatState(u.id).toasts.map((t) => t.text)).toContain('Такой колоды нет'));
    expect((await h.db.selectFrom('users').select('deck').where('id', '=', u.id).executeTakeFirst())?.deck).toBe('drawn');
  });
});
