// The chat reading as one rich message (sendRichMessage, streamed with sendRichMessageDraft): a «thinking»
// block at once, the reading growing with its blocks and a stop button, then one message with the cards'
// collage, a compact table of the positions, each card's reading as an expandable detail, the conclusion as a
// quotation and the buttons. A client that refuses rich messages gets the plain path, remembered per chat;
// a stop keeps what was written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotHarness, TEST_PUBLIC_URL, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import { namingPromptCards, startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';
import { CONTINUE_READING, STOPPED_NOTE } from './conversations/reading';
import type { ChatMessage } from './local-telegram/index';

const inlineButtons = (m: ChatMessage) => (m.reply_markup?.inline_keyboard ?? []).flat() as any[];
const kinds = (blocks: any[]) => blocks.map((b) => b.type);

describe.each(TEST_DB_KINDS)('chat reading as one rich message (%s)', (kind) => {
  // Each database its own users: the chats a client refused rich messages in are remembered for the process.
  const id = (n: number) => (kind === TEST_DB_KINDS[0] ? 90_000 : 91_000) + n;
  let h: BotHarness;
  let ai: FakeOpenAI;
  beforeAll(async () => {
    ai = await startFakeOpenAI({ mode: 'ok', tokenDelayMs: 10 });
    h = await createBotHarness(kind, {
      ai: { apiKey: 'sk-test', baseUrl: ai.baseUrl },
      liveReplyIntervals: { draftMs: 100, editMs: 375 },
    });
  });
  afterAll(async () => {
    await h?.close();
    await ai?.close();
  });

  async function ask(userId: number, name: string, question = 'Что принесёт мне эта неделя?') {
    const u = h.user(userId, name);
    h.tg.sendText(u, '/reading');
    const menu = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🔮 Выберите расклад'));
    h.tg.pressButton(u.id, menu.message_id, 'rd:free_daily');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Напишите свой вопрос'));
    h.tg.sendText(u.id, question);
    return u;
  }
  const richCalls = (chatId: number, method: string) => h.tg.calls.filter((c) => c.method === method && c.chatId === chatId);

  it('streams as rich drafts (thinking first, a stop button) and stays as one rich message with its blocks and buttons', async () => {
    // The AI reads the cards dealt (by name), as a real model does.
    ai.set({ textFor: namingPromptCards });
    const u = await ask(id(1), 'Вера');
    const final = await h.tg.waitForBotMessage(u.id, (m) => !!m.rich && m.text.includes('Общий вывод'), 20_000);
    ai.set({ textFor: null });
    const [reading] = await h.db.selectFrom('readings').selectAll().where('user_id', '=', u.id).execute();
    expect(reading.interpretation).toContain('Общий вывод');
    const cards = (await h.services.readings.get(u.id, reading.id)).cards;

    // The drafts: «thinking» at once, then the reading growing, every one the same draft and stoppable.
    const drafts = richCalls(u.id, 'sendRichMessageDraft');
    expect(drafts.length).toBeGreaterThanOrEqual(2);
    expect(kinds(drafts[0].params.rich_message.blocks)).toContain('thinking');
    expect(new Set(drafts.map((d) => d.params.draft_id)).size).toBe(1);
    expect(drafts.every((d) => d.params.can_stop === true)).toBe(true);
    expect(drafts.some((d) => kinds(d.params.rich_message.blocks).includes('details'))).toBe(true);
    // No plain-text draft, no picture of its own: the rich message carries the cards.
    expect(richCalls(u.id, 'sendMessageDraft')).toEqual([]);
    expect(richCalls(u.id, 'sendPhoto')).toEqual([]);

    // The message that stays: one, with the draft gone.
    expect(h.tg.chatState(u.id).draft).toBeNull();
    expect(h.tg.botMessages(u.id).filter((m) => m.text.includes('Общий вывод'))).toHaveLength(1);
    const blocks = final.rich!;
    expect(kinds(blocks)).not.toContain('thinking');
    const collage = blocks.find((b) => b.type === 'collage');
    expect(collage.blocks.map((p: any) => p.photo.media)).toEqual(
      cards.map((c) => `${TEST_PUBLIC_URL}/card-images/${c.cardId}${c.reversed ? '.reversed' : ''}.jpg`),
    );
    const table = blocks.find((b) => b.type === 'table');
    expect(table.is_compact).toBe(true);
    expect(table.cells).toHaveLength(cards.length + 1);
    expect(table.cells[1][1].text).toContain(cards[0].name);
    // Each card named in the text is a detail of its own; the conclusion is a quotation.
    const details = blocks.filter((b) => b.type === 'details');
    expect(details).toHaveLength(cards.length);
    expect(JSON.stringify(details[0].summary)).toContain(cards[0].name);
    expect(JSON.stringify(details[0].blocks)).toContain('задаёт тон всему раскладу');
    const quote = blocks.find((b) => b.type === 'blockquote');
    expect(JSON.stringify(quote.blocks)).toContain('Карты советуют довериться себе');
    expect(inlineButtons(final).map((b) => b.text)).toEqual(['📖 Открыть в приложении', '🔎 Уточнить', '🪞 Второе мнение', '🔊 Озвучить']);
    // The page shows it as a document: the table, the details, the quotation.
    expect(final.html).toContain('<details>');
    expect(final.html).toContain('<table class="compact">');
    expect(final.html).toContain('<blockquote>');
  });

  it('a stop keeps what was written as a rich message, marked, with «Дописать толкование»', async () => {
    ai.set({ mode: 'stall', stallAfterTokens: 12, tokenDelayMs: 5 });
    const before = ai.requests.length;
    const u = await ask(id(2), 'Ольга');
    await h.tg.waitForDraft(u.id, (d) => !!d.rich && d.text.includes('Шут') && d.canStop, 20_000);
    expect(h.tg.stopDraft(u.id)).not.toBeNull();
    const stopped = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes(STOPPED_NOTE), 20_000);
    expect(stopped.rich).toBeTruthy();
    expect(stopped.text).toContain('Шут');
    expect(stopped.text).not.toContain('Общий вывод');
    await ai.waitForAbort(before);
    expect(inlineButtons(stopped).map((b) => b.text)).toContain(CONTINUE_READING);
    ai.set({ mode: 'ok', tokenDelayMs: 5 });
  });

  it('a client that refuses rich drafts gets the plain path after the picture, and the chat is remembered', async () => {
    const userId = id(3);
    h.tg.setProfile({ id: userId, first_name: 'Нина' });
    h.tg.failNext(userId, { error_code: 400, description: 'Bad Request: TEXTDRAFT_PEER_INVALID' }, 1, 'sendRichMessageDraft');
    const u = await ask(userId, 'Нина');
    const final = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Общий вывод') && !!m.reply_markup, 20_000);
    expect(final.rich).toBeUndefined();
    expect(final.html).toContain('<b>Анализ карт</b>');
    expect(richCalls(u.id, 'sendPhoto')).toHaveLength(1);
    expect(h.tg.draftHistory(u.id).some((d) => !d.rich && d.text.includes('Шут'))).toBe(true);
    expect(richCalls(u.id, 'sendRichMessage')).toEqual([]);

    // The next reading in this chat does not try rich messages again.
    const tries = richCalls(u.id, 'sendRichMessageDraft').length;
    await h.db.deleteFrom('readings').where('user_id', '=', u.id).execute();
    await h.db.deleteFrom('daily_usage').where('user_id', '=', u.id).execute();
    await ask(userId, 'Нина', 'А что принесёт следующая неделя?');
    await h.tg.waitForBotMessage(
      u.id,
      (m) => m.message_id > final.message_id && m.text.includes('Общий вывод') && !!m.reply_markup,
      20_000,
    );
    expect(richCalls(u.id, 'sendRichMessageDraft')).toHaveLength(tries);
  });

  it('a rich message Telegram refuses at the end: the reading arrives as text after the picture', async () => {
    const userId = id(4);
    h.tg.setProfile({ id: userId, first_name: 'Лена' });
    h.tg.failNext(userId, { error_code: 400, description: 'Bad Request: RICH_VALIDATE_CTOR_NOT_ALLOWED' }, 1, 'sendRichMessage');
    const u = await ask(userId, 'Лена');
    const final = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Общий вывод') && !!m.reply_markup, 20_000);
    expect(final.rich).toBeUndefined();
    expect(inlineButtons(final).map((b) => b.text)).toEqual(['📖 Открыть в приложении', '🔎 Уточнить', '🪞 Второе мнение', '🔊 Озвучить']);
    expect(richCalls(u.id, 'sendPhoto')).toHaveLength(1);
    expect(richCalls(u.id, 'sendRichMessage')).toHaveLength(1);
  });
});
