// «Перевёрнутые карты» in the chat: /settings switches it with a button (the same setting the app reads), and
// with it off the daily cards drawn with /daily on 40 days all lie upright and no message says «перевёрнутая»
// (with reversals on, each card is reversed one time in two: 40 upright ones by chance are 1 in 2^40).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import type { ChatMessage } from './local-telegram/index';
import { eventually } from '../test/eventually';

const until = eventually;
const inlineButtons = (m: ChatMessage) => (m.reply_markup?.inline_keyboard ?? []).flat() as { text: string; callback_data?: string }[];
const DAY_MS = 86_400_000;
const DAYS = 40;

describe.each(TEST_DB_KINDS)('bot reversed cards setting (%s)', (kind) => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await createBotHarness(kind);
  });
  afterAll(() => h?.close());

  const reversalsOf = async (id: number) => (await h.call(id, 'GET', '/api/user/status')).body.data.userStatus.reversals;

  it('/settings turns reversed cards off and on; the app reads the same setting and the app’s change shows in the chat', async () => {
    const u = h.user(13_201, 'Вера');
    h.tg.sendText(u, '/settings');
    const msg = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Настройки'));
    expect(msg.text).toContain('Перевёрнутые карты: включены');
    expect(inlineButtons(msg).map((b) => b.text)).toContain('🔄 Выключить перевёрнутые карты');

    h.tg.pressButton(u.id, msg.message_id, 'set:rev:0');
    const edited = await h.tg.waitForBotMessage(
      u.id,
      (m) => m.message_id === msg.message_id && m.text.includes('Перевёрнутые карты: выключены'),
    );
    expect(inlineButtons(edited).map((b) => b.text)).toContain('🔄 Включить перевёрнутые карты');
    expect(await reversalsOf(u.id)).toBe(false);

    h.tg.pressButton(u.id, msg.message_id, 'set:rev:1');
    await h.tg.waitForBotMessage(u.id, (m) => m.message_id === msg.message_id && m.text.includes('Перевёрнутые карты: включены'));
    expect(await reversalsOf(u.id)).toBe(true);

    // Switched off in the app: a new /settings says so.
    expect((await h.call(u.id, 'PUT', '/api/user/settings', { reversals: false })).status).toBe(200);
    const before = h.tg.botMessages(u.id).length;
    h.tg.sendText(u, '/settings');
    await until(() => expect(h.tg.botMessages(u.id).length).toBe(before + 1));
    expect(h.tg.botMessages(u.id).at(-1)!.text).toContain('Перевёрнутые карты: выключены, все карты ложатся прямо');
  });

  it('with it off, /daily on 40 days deals 40 upright cards and never says «перевёрнутая»', async () => {
    const u = h.user(13_202, 'Лев');
    h.tg.sendText(u, '/settings');
    const msg = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Настройки'));
    h.tg.pressButton(u.id, msg.message_id, 'set:rev:0');
    await h.tg.waitForBotMessage(u.id, (m) => m.message_id === msg.message_id && m.text.includes('Перевёрнутые карты: выключены'));

    const start = new Date('2026-03-01T09:00:00Z').getTime();
    for (let day = 0; day < DAYS; day++) {
      h.setNow(new Date(start + day * DAY_MS));
      // The chat keeps only its latest messages: a new reply is one with a later id.
      const last = h.tg.botMessages(u.id).at(-1)!.message_id;
      h.tg.sendText(u, '/daily');
      // Woken by the chat's change, not a poll: a reply a day is waited for here.
      await h.tg.waitForBotMessage(u.id, (m) => m.message_id > last);
      const reply = h.tg.botMessages(u.id).at(-1)!.text;
      expect(reply).toContain('Ваша карта дня');
      expect(reply).not.toMatch(/перев[её]рн/i);
    }
    const rows = await h.db.selectFrom('daily_usage').select(['day', 'daily_card_orientation']).where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(DAYS);
    expect(rows.filter((r) => r.daily_card_orientation !== 'upright')).toEqual([]);
  });
});
