// The chat reading's plain path (a client without rich messages; the rich one is bot/rich-reading.test.ts),
// streamed as a Telegram draft (sendMessageDraft): «Thinking…» at once, the text growing as
// the AI writes it, then one message that stays with its buttons. A stop keeps what was written, marked as
// stopped, the spread stays used and the rest comes at no cost; where the client refuses drafts the reading
// is edited into one message as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import { DEFAULT_FAKE_TEXT, startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';
import { CONTINUE_READING, STOPPED_NOTE } from './conversations/reading';
import type { ChatMessage } from './local-telegram/index';

const inlineButtons = (m: ChatMessage) => (m.reply_markup?.inline_keyboard ?? []).flat() as any[];

describe.each(TEST_DB_KINDS)('chat reading as a draft (%s)', (kind) => {
  let h: BotHarness;
  let ai: FakeOpenAI;
  beforeAll(async () => {
    ai = await startFakeOpenAI({ mode: 'ok', tokenDelayMs: 10 });
    // A quarter of the production intervals (400 ms a draft, 1.5 s an edit) and of the old token delay
    // (40 ms): as many drafts per reading as before, in a quarter of the time.
    h = await createBotHarness(kind, {
      ai: { apiKey: 'sk-test', baseUrl: ai.baseUrl },
      liveReplyIntervals: { draftMs: 100, editMs: 375 },
    });
  });
  afterAll(async () => {
    await h?.close();
    await ai?.close();
  });

  /** The user asks a free daily reading in the chat. */
  async function ask(userId: number, name: string) {
    const u = h.user(userId, name);
    h.tg.sendText(u, '/reading');
    h.tg.setRichMessages(u.id, false);
    const menu = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🔮 Выберите расклад'));
    h.tg.pressButton(u.id, menu.message_id, 'rd:free_daily');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Напишите свой вопрос'));
    h.tg.sendText(u.id, 'Что принесёт мне эта неделя?');
    return u;
  }
  const readingEdits = (chatId: number) =>
    h.tg.calls.filter(
      (c) => c.method === 'editMessageText' && c.chatId === chatId && String(c.params.text).includes('говорит о новом начале'),
    );

  it('arrives as «Thinking…», then a growing draft with a stop button, then one final message with its buttons', async () => {
    const u = await ask(89_001, 'Вера');
    const final = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Общий вывод') && !!m.reply_markup);
    const drafts = h.tg.draftHistory(u.id);
    // «Thinking…» first (an empty draft), then the text as it was written, every draft one reply's.
    expect(drafts[0].text).toBe('');
    expect(new Set(drafts.map((d) => d.draftId)).size).toBe(1);
    const texts = drafts.map((d) => d.text).filter(Boolean);
    expect(texts.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < texts.length; i++) expect(texts[i].length).toBeGreaterThanOrEqual(texts[i - 1].length);
    // Words only: a lone markdown mark («##») is never shown; each draft is the start of the final text.
    for (const t of texts) expect(final.text.startsWith(t.trim().slice(0, 30))).toBe(true);
    const draftCalls = h.tg.calls.filter((c) => c.method === 'sendMessageDraft' && c.chatId === u.id);
    expect(draftCalls.every((c) => c.params.can_stop === true)).toBe(true);
    // One message stays (the draft is gone), nothing edited; its buttons: the app, «Уточнить» and the second opinion (the AI text is told from the cards' message by its phrase).
    expect(h.tg.chatState(u.id).draft).toBeNull();
    expect(h.tg.botMessages(u.id).filter((m) => m.text.includes('говорит о новом начале'))).toHaveLength(1);
    expect(readingEdits(u.id)).toEqual([]);
    expect(final.html).toContain('<b>Анализ карт</b>');
    expect(inlineButtons(final).map((b) => b.text)).toEqual(['📖 Открыть в приложении', '🔎 Уточнить', '🪞 Второе мнение', '🔊 Озвучить']);
    const [reading] = await h.db.selectFrom('readings').selectAll().where('user_id', '=', u.id).execute();
    expect(reading.interpretation).toBe(DEFAULT_FAKE_TEXT);
  });

  it('a stop keeps what was written, marked; the spread stays used; «Дописать толкование» brings the whole text at no cost', async () => {
    ai.set({ mode: 'stall', stallAfterTokens: 12, tokenDelayMs: 5 });
    const before = ai.requests.length;
    const u = await ask(89_002, 'Ольга');
    const shown = await h.tg.waitForDraft(u.id, (d) => d.text.includes('Шут') && d.canStop);
    expect(h.tg.stopDraft(u.id)).not.toBeNull();
    const stopped = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes(STOPPED_NOTE));
    expect(stopped.text).toContain(shown.text.slice(0, 20));
    expect(stopped.text).not.toContain('Общий вывод');
    // The AI call is cancelled with the stream; the spread is used, the reading not finished.
    await ai.waitForAbort(before);
    const [reading] = await h.db.selectFrom('readings').selectAll().where('user_id', '=', u.id).execute();
    expect(reading.interpretation).toBeNull();
    expect((await h.services.users.status(u.id)).status.remainingSpreads).toBe(0);

    ai.set({ mode: 'ok', tokenDelayMs: 5 });
    const more = inlineButtons(stopped).find((b) => b.text === CONTINUE_READING);
    expect(more).toBeTruthy();
    h.tg.pressButton(u.id, stopped.message_id, more.callback_data);
    const whole = await h.tg.waitForBotMessage(u.id, (m) => m.message_id !== stopped.message_id && m.text.includes('Общий вывод'));
    expect(whole.text).not.toContain(STOPPED_NOTE);
    expect(
      (await h.db.selectFrom('readings').select('interpretation').where('id', '=', reading.id).executeTakeFirstOrThrow()).interpretation,
    ).toBe(DEFAULT_FAKE_TEXT);
    expect((await h.services.users.status(u.id)).status.remainingSpreads).toBe(0);
    expect(await h.db.selectFrom('readings').select('id').where('user_id', '=', u.id).execute()).toHaveLength(1);
  });

  it('drafts refused by the client: the reading is edited into one message and arrives whole', async () => {
    ai.set({ mode: 'ok', tokenDelayMs: 10 });
    const userId = 89_003;
    h.tg.setProfile({ id: userId, first_name: 'Нина' });
    h.tg.failNext(userId, { error_code: 400, description: 'Bad Request: TEXTDRAFT_PEER_INVALID' }, 1, 'sendMessageDraft');
    const u = await ask(userId, 'Нина');
    const final = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Общий вывод') && !!m.reply_markup);
    expect(final.edited).toBe(true);
    expect(final.html).toContain('<b>Анализ карт</b>');
    expect(h.tg.draftHistory(u.id)).toEqual([]);
    expect(readingEdits(u.id).length).toBeGreaterThanOrEqual(1);
    expect(h.tg.botMessages(u.id).filter((m) => m.text.includes('говорит о новом начале'))).toHaveLength(1);
    const [reading] = await h.db.selectFrom('readings').selectAll().where('user_id', '=', u.id).execute();
    expect(final.text).toContain('Карты советуют довериться себе');
    expect(reading.interpretation).toBe(DEFAULT_FAKE_TEXT);
  });
});
