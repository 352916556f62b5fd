// «Уточнить» in the chat: after a chat reading the interpretation carries a «🔎 Уточнить» button; a VIP writes
// a follow-up and gets the clarifying card and the AI's answer (fake OpenAI) in the chat; a free user is
// offered a plan. The real bot against the local Telegram, on every test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import type { FakeOpenAI } from '../test/fake-openai';
import { callbackOf, chatReadingWith, inlineButtons, startBotWithAi } from '../test/reading-conversation';
import { FOLLOW_UP_STOPPED } from './conversations/follow-up';

const ANSWER = '## Уточнение\n\n**Уточняющая карта** советует не спешить и поговорить откровенно.';

describe.each(TEST_DB_KINDS)('bot follow-ups (%s)', (kind) => {
  let h: BotHarness;
  let ai: FakeOpenAI;
  let close: (() => Promise<void>) | undefined;
  let nextUser = 14_000;

  beforeAll(async () => {
    ({ h, ai, close } = await startBotWithAi(kind));
  });
  afterAll(() => close?.());

  /** A chat reading to its interpretation message (the one with buttons). */
  // The spread's picture is the plain path's (a client without rich messages).
  const chatReading = (userId: number, spread: string, question: string) =>
    chatReadingWith(h, ai, /Уточнить/, userId, spread, question, { richMessages: false });

  it('a VIP asks a follow-up from the chat and gets the clarifying card and the answer', async () => {
    const id = ++nextUser;
    await h.services.users.ensure(id);
    await h.services.users.activateMockPlan(id, 'vip');
    const interpretation = await chatReading(id, 'past_present_future', 'Как сложится моя учёба?');
    const reading = await h.db.selectFrom('readings').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
    // The picture of the spread came before the interpretation, with the cards as its caption.
    const messages = h.tg.botMessages(id);
    const picture = messages.find((m) => m.photo)!;
    expect(picture.photo).toMatchObject({ width: 1200, height: 630 });
    expect(picture.text).toMatch(/^🃏 Прошлое, настоящее, будущее/);
    expect(messages.indexOf(picture)).toBeLessThan(messages.indexOf(messages.find((m) => m.message_id === interpretation.message_id)!));
    expect(callbackOf(interpretation, /Уточнить/)).toBe(`fu:${reading.id}`);

    ai.set({ text: ANSWER });
    h.tg.pressButton(id, interpretation.message_id, `fu:${reading.id}`);
    const prompt = await h.tg.waitForBotMessage(id, (m) => m.text.startsWith('🔎 Что бы вы хотели уточнить?'));
    expect(prompt.text).toContain('Осталось уточнений: 3 из 3');
    h.tg.sendText(id, 'ну');
    await h.tg.waitForBotMessage(id, (m) => m.text.startsWith('Вопрос должен содержать хотя бы 3 символа'));
    h.tg.sendText(id, 'Какой предмет даётся мне легче?');
    const answer = await h.tg.waitForBotMessage(id, (m) => m.text.includes('не спешить и поговорить откровенно') && !!m.reply_markup);

    const stored = await h.db.selectFrom('reading_follow_ups').selectAll().where('reading_id', '=', reading.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ question: 'Какой предмет даётся мне легче?', status: 'done', answer: ANSWER });
    const card = (await h.services.followUps.list(id, reading.id)).followUps[0].card;
    expect(answer.text).toContain(`Уточняющая карта: ${card.name}`);
    expect(answer.html).toContain('<b>Уточнение</b>');
    expect(callbackOf(answer, /Уточнить ещё \(2\)/)).toBe(`fu:${reading.id}`);
    expect(ai.requests.at(-1)!.body.messages[1].content).toContain('Какой предмет даётся мне легче?');
  });

  it('the answer streams as a draft; a stop keeps the partial text, marked, and the follow-up stays counted', async () => {
    const id = ++nextUser;
    await h.services.users.ensure(id);
    await h.services.users.activateMockPlan(id, 'vip');
    const interpretation = await chatReading(id, 'past_present_future', 'Как пройдёт мой отпуск?');
    const reading = await h.db.selectFrom('readings').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
    h.tg.pressButton(id, interpretation.message_id, `fu:${reading.id}`);
    await h.tg.waitForBotMessage(id, (m) => m.text.startsWith('🔎 Что бы вы хотели уточнить?'));
    ai.set({ mode: 'stall', stallAfterTokens: 6, tokenDelayMs: 5, text: ANSWER });
    h.tg.sendText(id, 'С кем мне лучше поехать?');
    const shown = await h.tg.waitForDraft(id, (d) => d.text.includes('Уточняющая карта') && d.text.includes('Уточнение') && d.canStop);
    expect(h.tg.stopDraft(id)).not.toBeNull();
    const stopped = await h.tg.waitForBotMessage(id, (m) => m.text.includes(FOLLOW_UP_STOPPED));
    // What was written stays (the card, the question, the words so far); the rest never came.
    const card = (await h.services.followUps.list(id, reading.id)).followUps[0].card;
    expect(stopped.text).toContain(`Уточняющая карта: ${card.name}`);
    expect(stopped.text).toContain('«С кем мне лучше поехать?»');
    expect(stopped.text).toContain(shown.text.split('\n').filter(Boolean).at(-1)!.slice(0, 10));
    expect(stopped.text).not.toContain('поговорить откровенно');
    expect(h.tg.chatState(id).draft).toBeNull();
    expect(callbackOf(stopped, /Уточнить ещё \(2\)/)).toBe(`fu:${reading.id}`);
    expect(inlineButtons(stopped).some((b) => b.web_app?.url?.endsWith(`/history/${reading.id}`))).toBe(true);
    ai.set({ mode: 'ok', tokenDelayMs: 1 });
  });

  it('a free user is offered a plan instead; nothing is dealt', async () => {
    const id = ++nextUser;
    const interpretation = await chatReading(id, 'free_daily', 'Что ждёт меня сегодня?');
    const data = callbackOf(interpretation, /Уточнить/)!;
    h.tg.pressButton(id, interpretation.message_id, data);
    const offer = await h.tg.waitForBotMessage(id, (m) => m.text.startsWith('🔒 Уточняющие вопросы открывают:'));
    expect(inlineButtons(offer)[0].web_app.url).toContain('/subscription');
    expect(await h.db.selectFrom('reading_follow_ups').selectAll().where('user_id', '=', id).execute()).toHaveLength(0);
  });
});
