// A crisis in the chat, through the real bot against the local Telegram: a chat reading's question, a
// follow-up and free text all get the warm message and the help lines; no cards are dealt, nothing is
// charged and nothing reaches the AI (fake OpenAI on 127.0.0.1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_LINES } from '../domain/reading/crisis';
import type { BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import { DEFAULT_FAKE_TEXT, type FakeOpenAI } from '../test/fake-openai';
import { callbackOf, startBotWithAi } from '../test/reading-conversation';

describe.each(TEST_DB_KINDS)('crisis in the chat (%s)', (kind) => {
  let h: BotHarness;
  let ai: FakeOpenAI;
  let close: (() => Promise<void>) | undefined;
  let nextUser = 17_000;

  beforeAll(async () => {
    ({ h, ai, close } = await startBotWithAi(kind));
  });
  afterAll(() => close?.());

  const readingsOf = (id: number) => h.db.selectFrom('readings').selectAll().where('user_id', '=', id).execute();

  it('a chat reading whose question speaks of suicide: help lines, no cards, the free spread kept, no AI call', async () => {
    const u = h.user(++nextUser, 'Аня');
    const calls = ai.requests.length;
    h.tg.sendText(u, '/reading');
    const menu = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🔮 Выберите расклад'));
    h.tg.pressButton(u.id, menu.message_id, 'rd:free_daily');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Напишите свой вопрос'));
    h.tg.sendText(u.id, 'нехочу жить больше, стоит ли всё закончить');
    const help = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes(HELP_LINES.trust.phone));
    expect(help.text).toContain('Похоже, вам сейчас очень тяжело');
    expect(help.text).toContain(HELP_LINES.emergency.phone);
    expect(help.html).toContain(`<b>${HELP_LINES.trust.phone}</b>`);
    expect(help.text).toContain('возвращайтесь к картам');
    expect(await readingsOf(u.id)).toEqual([]);
    expect(h.tg.botMessages(u.id).some((m) => m.photo || m.text.startsWith('🃏'))).toBe(false);
    expect(ai.requests.length).toBe(calls);
    const status = await h.services.users.status(u.id);
    expect(status.status.freeSpreadAvailable).toBe(true);

    // The conversation ended: /reading starts afresh, and an ordinary question gets its cards.
    h.tg.sendText(u.id, '/reading');
    const again = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🔮 Выберите расклад') && m.message_id !== menu.message_id);
    h.tg.pressButton(u.id, again.message_id, 'rd:free_daily');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Напишите свой вопрос') && m.message_id > again.message_id);
    h.tg.sendText(u.id, 'Что принесёт мне эта неделя?');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🃏 Расклад дня'));
    expect(await readingsOf(u.id)).toHaveLength(1);
  });

  it('free text about violence at home gets the help lines instead of the list of commands', async () => {
    const u = h.user(++nextUser, 'Оля');
    h.tg.sendText(u, 'муж бьет меня что делать');
    const help = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes(HELP_LINES.women.phone));
    expect(help.text).toContain(HELP_LINES.emergency.phone);
    expect(help.text).not.toContain('Напишите вопрос картам');
    expect(await readingsOf(u.id)).toEqual([]);
    // Any other text still gets the hint.
    h.tg.sendText(u.id, 'привет');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('Напишите вопрос картам'));
  });

  it('a follow-up that speaks of a crisis: help lines, no card, the allowance kept', async () => {
    const id = ++nextUser;
    await h.services.users.ensure(id);
    await h.services.users.activateMockPlan(id, 'vip');
    ai.set({ text: DEFAULT_FAKE_TEXT });
    const u = h.user(id, 'Вера');
    h.tg.sendText(u, '/reading');
    const menu = await h.tg.waitForBotMessage(id, (m) => m.text.startsWith('🔮 Выберите расклад'));
    h.tg.pressButton(id, menu.message_id, 'rd:past_present_future');
    await h.tg.waitForBotMessage(id, (m) => m.text.includes('Напишите свой вопрос'));
    h.tg.sendText(id, 'Как сложится моя учёба?');
    const interpretation = await h.tg.waitForBotMessage(id, (m) => m.text.includes('Общий вывод') && !!callbackOf(m, /Уточнить/));
    const [reading] = await readingsOf(id);
    const calls = ai.requests.length;
    h.tg.pressButton(id, interpretation.message_id, callbackOf(interpretation, /Уточнить/)!);
    await h.tg.waitForBotMessage(id, (m) => m.text.startsWith('🔎 Что бы вы хотели уточнить?'));
    h.tg.sendText(id, 'иногда думаю о суициде, это пройдёт?');
    await h.tg.waitForBotMessage(id, (m) => m.text.includes(HELP_LINES.trust.phone));
    expect(await h.db.selectFrom('reading_follow_ups').selectAll().where('reading_id', '=', reading.id).execute()).toEqual([]);
    expect((await h.services.followUps.list(id, reading.id)).allowance).toMatchObject({ used: 0, remaining: 3 });
    expect(ai.requests.length).toBe(calls);
  });
});
