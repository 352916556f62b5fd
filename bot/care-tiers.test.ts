// The care tiers in the chat, through the real bot against the local Telegram and a fake OpenAI on 127.0.0.1.
// Concern: the chat reading is given and opens with the caring line and the help line, as in the app. Crisis
// said only by the provider's screens (classification or moderation) reaches every chat entry point: the chat
// reading, inline «Да или нет», a guest summons and free text get the help lines and no card.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONCERN_LINE, REST_STEPS } from '../domain/reading/care';
import { HELP_LINES } from '../domain/reading/crisis';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import { classificationSays, DEFAULT_SCREEN, moderationFlags, startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';

/** Read by the local model as ordinary: only the screens can call it a crisis. */
const ORDINARY = 'Что принесёт мне эта неделя?';

describe.each(TEST_DB_KINDS)('care tiers in the chat (%s)', (kind) => {
  let h: BotHarness;
  let ai: FakeOpenAI;
  let nextUser = 47_500;
  let group = -1_001_234_700_000;

  beforeAll(async () => {
    ai = await startFakeOpenAI({ tokenDelayMs: 0 });
    h = await createBotHarness(kind, { ai: { apiKey: 'sk-test', baseUrl: ai.baseUrl, moderation: true, screenTimeoutMs: 5000 } });
  });
  afterAll(async () => {
    await h?.close();
    await ai?.close();
  });
  beforeEach(() => ai.screen(DEFAULT_SCREEN));

  const readingsOf = (id: number) => h.db.selectFrom('readings').selectAll().where('user_id', '=', id).execute();

  async function askInChat(userId: number, name: string, question: string) {
    const u = h.user(userId, name);
    h.tg.sendText(u, '/reading');
    const menu = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🔮 Выберите расклад'));
    h.tg.pressButton(u.id, menu.message_id, 'rd:free_daily');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Напишите свой вопрос'));
    h.tg.sendText(u.id, question);
  }

  it('a concern-tier chat reading: given, opening with the caring line and the help line', async () => {
    const id = ++nextUser;
    await askInChat(id, 'Нина', 'Всё бессмысленно, нет сил ни на что. Что меня ждёт в работе?');
    const reading = await h.tg.waitForBotMessage(id, (m) => m.text.includes(CONCERN_LINE));
    expect(reading.text.indexOf(HELP_LINES.trust.phone)).toBeGreaterThan(reading.text.indexOf(CONCERN_LINE));
    expect(reading.html).toContain(`<b>${HELP_LINES.trust.phone}</b>`);
    expect(await readingsOf(id)).toHaveLength(1);
  });

  it('a concern-tier question in inline «Да или нет» and in a guest summons: its card, opening with care and the help line, a rest step', async () => {
    const question =
      'Всё бессмысленно, нет сил ни на что, за что мне всё это, работа, дом, родители, все чего-то ждут, а я просто устала и не понимаю, куда дальше, скажите, будет ли у меня когда-нибудь нормальная работа?';
    const u = h.user(++nextUser, 'Лиза');
    h.tg.setProfile(u);
    const inline = await h.tg.waitForInlineAnswer(h.tg.inlineQuery(u.id, question));
    const r = inline.results[0];
    const html: string = r.caption ?? r.input_message_content.message_text;
    expect(html.indexOf(`<b>${HELP_LINES.trust.phone}</b>`)).toBeLessThan(html.indexOf('🔮'));
    expect(html.startsWith('<i>Похоже, вам сейчас тяжело')).toBe(true);
    expect(REST_STEPS.some((s) => html.includes(s))).toBe(true);

    group -= 1;
    h.tg.openGuestGroup(group, 'Коллеги');
    const id = h.tg.writeInGuestGroup(group, h.user(++nextUser, 'Катя'), `@tarot_test_bot ${question}`);
    const m = await h.tg.waitForGuestAnswer(id!);
    expect(m.text.startsWith('Похоже, вам сейчас тяжело')).toBe(true);
    expect(m.text).toContain(HELP_LINES.trust.phone);
    expect(m.text).toContain('🃏');
  });

  it('the classification says crisis: the chat reading gets help lines, no cards, nothing charged', async () => {
    ai.screen({ classification: classificationSays({ crisis: 'self_harm' }) });
    const id = ++nextUser;
    const calls = ai.requests.length;
    await askInChat(id, 'Аня', ORDINARY);
    const help = await h.tg.waitForBotMessage(id, (m) => m.text.includes(HELP_LINES.trust.phone));
    expect(help.text).toContain('Похоже, вам сейчас очень тяжело');
    expect(await readingsOf(id)).toEqual([]);
    expect(ai.requests.length).toBe(calls);
    expect((await h.services.users.status(id)).status.freeSpreadAvailable).toBe(true);
  });

  it('the moderation flags violence: inline «Да или нет» and free text get the help lines, no card', async () => {
    ai.screen({ moderation: moderationFlags('violence') });
    const u = h.user(++nextUser, 'Оля');
    h.tg.setProfile(u);
    const answer = await h.tg.waitForInlineAnswer(h.tg.inlineQuery(u.id, 'Будет ли он сегодня дома вечером?'));
    expect(answer.results).toHaveLength(1);
    expect(answer.results[0].type).toBe('article');
    expect(answer.results[0].input_message_content.message_text).toContain(HELP_LINES.women.phone);

    h.tg.sendText(u, 'он сегодня опять придёт поздно');
    const help = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes(HELP_LINES.women.phone));
    expect(help.text).not.toContain('Напишите вопрос картам');
  });

  it('the classification says crisis: a guest summons gets care and help lines, never a card', async () => {
    ai.screen({ classification: classificationSays({ crisis: 'self_harm' }) });
    group -= 1;
    h.tg.openGuestGroup(group, 'Подруги');
    const id = h.tg.writeInGuestGroup(group, h.user(++nextUser, 'Дина'), '@tarot_test_bot будет ли завтра солнце?');
    expect(id).not.toBeNull();
    const m = await h.tg.waitForGuestAnswer(id!);
    expect(m.text).toContain(HELP_LINES.trust.phone);
    expect(m.text).not.toContain('🃏');
  });

  it('both screens fail: the local model decides and the chat reading is given', async () => {
    ai.screen({ classification: 'fail', moderation: 'garbage' });
    const id = ++nextUser;
    await askInChat(id, 'Вера', ORDINARY);
    await h.tg.waitForBotMessage(id, (m) => m.text.startsWith('🃏 Расклад дня'));
    expect(await readingsOf(id)).toHaveLength(1);
  });
});
