// «Второе мнение» in the chat: the chat reading's buttons carry «🪞 Второе мнение»; a VIP chooses a reader and
// gets the same cards read in that voice, streamed as a draft then one message (fake OpenAI); a stop keeps
// what was written; where drafts are refused the opinion is edited into one message; a free user gets the
// locked offer with what each reader gives. The real bot against the local Telegram, on every test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOICE_INFO } from '../domain/tarot/voices';
import type { BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import type { FakeOpenAI } from '../test/fake-openai';
import { callbackOf, chatReadingWith, inlineButtons, startBotWithAi } from '../test/reading-conversation';
import { SECOND_OPINION_STOPPED } from './features/second-opinion';

const OPINION = '## Карты\n\nПрямо: **Солнце** за вас.\n\n## Совет\n\nЗапишитесь на курс до пятницы.';

describe.each(TEST_DB_KINDS)('bot second opinion (%s)', (kind) => {
  let h: BotHarness;
  let ai: FakeOpenAI;
  let close: (() => Promise<void>) | undefined;
  let nextUser = 26_500;

  beforeAll(async () => {
    ({ h, ai, close } = await startBotWithAi(kind));
  });
  afterAll(() => close?.());

  const chatReading = (userId: number, spread: string, question: string) =>
    chatReadingWith(h, ai, /Второе мнение/, userId, spread, question);

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
    expect(inlineButtons(chooser).map((b) => b.text)).toEqual(
      ['gentle', 'straight', 'mystic'].map((v) => `${VOICE_INFO[v as 'gentle'].name} — ${VOICE_INFO[v as 'gentle'].manner}`),
    );

    ai.set({ text: OPINION });
    h.tg.pressButton(id, chooser.message_id, `so:${reading.id}:straight`);
    const answer = await h.tg.waitForBotMessage(id, (m) => m.text.includes('Запишитесь на курс до пятницы') && !!m.reply_markup);
    expect(answer.text).toContain(`Второе мнение: ${VOICE_INFO.straight.name}`);
    // Streamed as a draft under the reader's name («Thinking…» first), then one message that stays; nothing edited.
    const drafts = h.tg.draftHistory(id);
    const opinionDrafts = drafts.filter((d) => d.text.includes('Второе мнение'));
    expect(opinionDrafts.length).toBeGreaterThanOrEqual(1);
    const draftId = opinionDrafts[0].draftId;
    const own = drafts.filter((d) => d.draftId === draftId);
    expect(own[0].text).toBe('');
    for (const d of own.slice(1)) expect(answer.text.startsWith(d.text.trim().slice(0, 40))).toBe(true);
    expect(h.tg.chatState(id).draft).toBeNull();
    expect(
      h.tg.calls.filter((c) => c.method === 'editMessageText' && c.chatId === id && String(c.params.text).includes('Второе мнение')),
    ).toEqual([]);
    expect(h.tg.botMessages(id).filter((m) => m.text.includes('Запишитесь на курс до пятницы'))).toHaveLength(1);
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

  /** A VIP's chat reading and the chooser under it; returns what the tests press. */
  async function chooser(id: number) {
    await h.services.users.ensure(id);
    await h.services.users.activateMockPlan(id, 'vip');
    const interpretation = await chatReading(id, 'past_present_future', 'Сложится ли мой переезд?');
    const reading = await h.db.selectFrom('readings').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
    h.tg.pressButton(id, interpretation.message_id, `so:${reading.id}`);
    const m = await h.tg.waitForBotMessage(id, (x) => x.text.startsWith('🪞 Кто прочтёт ваши карты ещё раз?'));
    return { reading, chooser: m };
  }

  it('a stop keeps what the reader has written, marked, with the link to the app and the next opinion; the opinion stays counted', async () => {
    const id = ++nextUser;
    const { reading, chooser: menu } = await chooser(id);
    ai.set({ mode: 'stall', stallAfterTokens: 6, tokenDelayMs: 5, text: OPINION });
    h.tg.pressButton(id, menu.message_id, `so:${reading.id}:gentle`);
    const shown = await h.tg.waitForDraft(id, (d) => d.text.includes('Второе мнение') && d.text.includes('Карты') && d.canStop);
    expect(h.tg.stopDraft(id)).not.toBeNull();
    const stopped = await h.tg.waitForBotMessage(id, (m) => m.text.includes(SECOND_OPINION_STOPPED));
    expect(stopped.text).toContain(`Второе мнение: ${VOICE_INFO.gentle.name}`);
    expect(stopped.text).toContain(shown.text.split('\n').filter(Boolean).at(-1)!.slice(0, 10));
    expect(stopped.text).not.toContain('Запишитесь на курс до пятницы');
    expect(callbackOf(stopped, /Второе мнение ещё \(2\)/)).toBe(`so:${reading.id}`);
    expect(inlineButtons(stopped).some((b) => b.web_app?.url?.endsWith(`/history/${reading.id}`))).toBe(true);
    expect((await h.services.secondOpinions.allowance(id)).remaining).toBe(2);
    ai.set({ mode: 'ok', tokenDelayMs: 1 });
  });

  it('drafts refused by the client: the opinion is edited into one message and arrives whole', async () => {
    const id = ++nextUser;
    const { reading, chooser: menu } = await chooser(id);
    ai.set({ mode: 'ok', text: OPINION, tokenDelayMs: 1 });
    h.tg.failNext(id, { error_code: 400, description: 'Bad Request: TEXTDRAFT_PEER_INVALID' }, 1, 'sendMessageDraft');
    const before = h.tg.draftHistory(id).length;
    h.tg.pressButton(id, menu.message_id, `so:${reading.id}:mystic`);
    const answer = await h.tg.waitForBotMessage(id, (m) => m.text.includes('Запишитесь на курс до пятницы') && !!m.reply_markup);
    expect(answer.edited).toBe(true);
    expect(answer.text).toContain(`Второе мнение: ${VOICE_INFO.mystic.name}`);
    expect(answer.html).toContain('<b>Карты</b>');
    expect(h.tg.draftHistory(id).length).toBe(before);
    expect(h.tg.botMessages(id).filter((m) => m.text.includes('Второе мнение: '))).toHaveLength(1);
  });

  it('a free user gets the locked offer with the readers and the plans; nothing is stored', async () => {
    const id = ++nextUser;
    const interpretation = await chatReading(id, 'free_daily', 'Что ждёт меня сегодня?');
    h.tg.pressButton(id, interpretation.message_id, callbackOf(interpretation, /Второе мнение/)!);
    const offer = await h.tg.waitForBotMessage(id, (m) => m.text.startsWith('🔒 Спросить другого таролога'));
    for (const v of ['gentle', 'straight', 'mystic'] as const) expect(offer.text).toContain(VOICE_INFO[v].name);
    expect(offer.text).toContain('«VIP» — 3 раза в день');
    expect(inlineButtons(offer)[0].web_app.url).toContain('/subscription');
    const rows = await h.db
      .selectFrom('second_opinions as s')
      .innerJoin('readings as r', 'r.id', 's.reading_id')
      .select('s.id')
      .where('r.user_id', '=', id)
      .execute();
    expect(rows).toHaveLength(0);
  });
});
