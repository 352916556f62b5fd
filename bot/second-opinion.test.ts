// «Второе мнение» in the chat: the chat reading's buttons carry «🪞 Второе мнение»; a VIP chooses a reader and
// gets the same cards read in that voice, streamed into one message (fake OpenAI); a free user gets the
// locked offer with what each reader gives. The real bot against the local Telegram, on every test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOICE_INFO } from '../domain/voices';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import { DEFAULT_FAKE_TEXT, startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';
import type { ChatMessage } from './local-telegram/index';

const OPINION = '## Карты\n\nПрямо: **Солнце** за вас.\n\n## Совет\n\nЗапишитесь на курс до пятницы.';
const inlineButtons = (m: ChatMessage) => (m.reply_markup?.inline_keyboard ?? []).flat() as any[];
const callbackOf = (m: ChatMessage, text: RegExp) => inlineButtons(m).find((b) => text.test(b.text))?.callback_data as string | undefined;

describe.each(TEST_DB_KINDS)('bot second opinion (%s)', (kind) => {
  let h: BotHarness;
  let ai: FakeOpenAI;
  let nextUser = 26_500;

  beforeAll(async () => {
    ai = await startFakeOpenAI({ tokenDelayMs: 1 });
    h = await createBotHarness(kind, { ai: { apiKey: 'sk-test', baseUrl: ai.baseUrl } });
  });
  afterAll(async () => {
    await h?.close();
    await ai?.close();
  });

  async function chatReading(userId: number, spread: string, question: string) {
    ai.set({ text: DEFAULT_FAKE_TEXT });
    const u = h.user(userId, 'Алла');
    h.tg.sendText(u, '/reading');
    const menu = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Выберите расклад'));
    h.tg.pressButton(u.id, menu.message_id, `rd:${spread}`);
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Напишите свой вопрос'));
    h.tg.sendText(u.id, question);
    return h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Общий вывод') && !!callbackOf(m, /Второе мнение/));
  }

  it('a VIP chooses a reader under the chat reading and gets the same cards read in that voice', async () => {
    const id = ++nextUser;
    await h.services.users.ensure(id);
    await h.services.users.activateMockPlan(id, 'vip');
    const interpretation = await chatReading(id, 'past_present_future', 'Стоит ли мне учиться дальше?');
    const reading = await h.db.selectFrom('readings').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(callbackOf(interpretation, /Второе мнение/)).toBe(`so:${reading.id}`);

    h.tg.pressButton(id, interpretation.message_id, `so:${reading.id}`);
    const chooser = await h.tg.waitForBotMessage(id, (m) => m.text.startsWith('🪞 Кто прочтёт ваши карты ещё раз?'));
    expect(chooser.text).toContain('Сегодня осталось: 3 из 3');
    expect(inlineButtons(chooser).map((b) => b.text)).toEqual(['gentle', 'straight', 'mystic'].map((v) => `${VOICE_INFO[v as 'gentle'].name} — ${VOICE_INFO[v as 'gentle'].manner}`));

    ai.set({ text: OPINION });
    h.tg.pressButton(id, chooser.message_id, `so:${reading.id}:straight`);
    const answer = await h.tg.waitForBotMessage(id, (m) => m.text.includes('Запишитесь на курс до пятницы') && !!m.reply_markup);
    expect(answer.text).toContain(`Второе мнение: ${VOICE_INFO.straight.name}`);
    expect(callbackOf(answer, /Второе мнение ещё \(2\)/)).toBe(`so:${reading.id}`);
    const stored = await h.db.selectFrom('second_opinions').selectAll().where('reading_id', '=', reading.id).execute();
    expect(stored).toMatchObject([{ voice: 'straight', source: 'ai', text: OPINION }]);
    expect(JSON.stringify(ai.requests.at(-1)!.body.messages)).toContain(VOICE_INFO.straight.instruction);

    // Asked again, the chooser offers only the readers not asked yet.
    h.tg.pressButton(id, answer.message_id, `so:${reading.id}`);
    const again = await h.tg.waitForBotMessage(id, (m) => m.text.startsWith('🪞 Кто прочтёт') && m.message_id !== chooser.message_id);
    expect(again.text).toContain('Сегодня осталось: 2 из 3');
    expect(inlineButtons(again).map((b) => b.callback_data)).toEqual([`so:${reading.id}:gentle`, `so:${reading.id}:mystic`]);
  });

  it('a free user gets the locked offer with the readers and the plans; nothing is stored', async () => {
    const id = ++nextUser;
    const interpretation = await chatReading(id, 'free_daily', 'Что ждёт меня сегодня?');
    h.tg.pressButton(id, interpretation.message_id, callbackOf(interpretation, /Второе мнение/)!);
    const offer = await h.tg.waitForBotMessage(id, (m) => m.text.startsWith('🔒 Спросить другого таролога'));
    for (const v of ['gentle', 'straight', 'mystic'] as const) expect(offer.text).toContain(VOICE_INFO[v].name);
    expect(offer.text).toContain('«VIP» — 3 раза в день');
    expect(inlineButtons(offer)[0].web_app.url).toContain('/subscription');
    const rows = await h.db.selectFrom('second_opinions as s').innerJoin('readings as r', 'r.id', 's.reading_id').select('s.id').where('r.user_id', '=', id).execute();
    expect(rows).toHaveLength(0);
  });
});
