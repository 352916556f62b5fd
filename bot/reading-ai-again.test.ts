// The chat reading when the AI fails: the card-based text at once with a calm Russian note (never English),
// the spread stays used, and «Спросить ИИ ещё раз» sends the same cards to the AI again once it is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import { DEFAULT_FAKE_TEXT, startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';
import type { ChatMessage } from './local-telegram/index';
import { eventually } from '../test/eventually';

const until = eventually;
const inlineButtons = (m: ChatMessage) => (m.reply_markup?.inline_keyboard ?? []).flat() as any[];

describe.each(TEST_DB_KINDS)('chat reading when the AI fails (%s)', (kind) => {
  let h: BotHarness;
  let ai: FakeOpenAI;
  beforeAll(async () => {
    ai = await startFakeOpenAI({ mode: 'fail' });
    h = await createBotHarness(kind, { ai: { apiKey: 'sk-test', baseUrl: ai.baseUrl } });
  });
  afterAll(async () => {
    await h?.close();
    await ai?.close();
  });

  it('shows the card-based text with a calm note and «Спросить ИИ ещё раз», which brings the AI text for the same cards', async () => {
    const u = h.user(88_001, 'Ольга');
    h.tg.sendText(u, '/reading');
    const menu = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🔮 Выберите расклад'));
    h.tg.pressButton(u.id, menu.message_id, 'rd:free_daily');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Напишите свой вопрос'));
    h.tg.sendText(u.id, 'Что принесёт мне эта неделя?');

    const fallback = await h.tg.waitForBotMessage(
      u.id,
      (m) => m.text.includes('Общий вывод') && inlineButtons(m).some((b) => b.callback_data?.startsWith('ai-again:')),
    );
    expect(fallback.text).toContain('ИИ-толкователь сейчас не ответил');
    expect(fallback.text).not.toMatch(/[A-Za-z]/);
    const [reading] = await h.db.selectFrom('readings').selectAll().where('user_id', '=', u.id).execute();
    expect(reading.status).toBe('fallback');
    // The free spread stays used.
    expect((await h.services.users.status(u.id)).status.remainingSpreads).toBe(0);

    ai.set({ mode: 'ok' });
    const calls = ai.requests.length;
    const button = inlineButtons(fallback).find((b) => b.callback_data?.startsWith('ai-again:'));
    expect(button.text).toContain('Спросить ИИ ещё раз');
    h.tg.pressButton(u.id, fallback.message_id, button.callback_data);
    const again = await h.tg.waitForBotMessage(
      u.id,
      (m) => m.message_id !== fallback.message_id && m.text.includes('Анализ карт') && m.text.includes('Карты советуют довериться себе'),
    );
    expect(again.text).not.toContain('ИИ-толкователь сейчас не ответил');
    await until(async () =>
      expect((await h.db.selectFrom('readings').select('status').where('id', '=', reading.id).executeTakeFirstOrThrow()).status).toBe(
        'done',
      ),
    );
    const stored = await h.db.selectFrom('readings').selectAll().where('id', '=', reading.id).executeTakeFirstOrThrow();
    expect(stored.interpretation).toBe(DEFAULT_FAKE_TEXT);
    expect(stored.cards).toEqual(reading.cards);
    expect(ai.requests.length).toBe(calls + 1);
    expect((await h.services.users.status(u.id)).status.remainingSpreads).toBe(0);
  });
});
