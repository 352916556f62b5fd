// Voice in the chat through the real bot against the local Telegram, with the fake provider's audio endpoints:
// «🔊 Озвучить» under a chat reading sends it as a voice note (Opus in OGG), the second tap from the store (one
// provider call); the day's limit answers in Russian; a voice message is transcribed, shown for confirmation
// and then read; a spoken crisis gets the help lines; without a provider there is no button and a voice message
// gets one line.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { takeLimitSlot } from '../db/repositories/rate-limits';
import { HELP_LINES } from '../domain/reading/crisis';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import { OGG_FIXTURE, type FakeOpenAI } from '../test/fake-openai';
import { callbackOf, chatReadingWith, inlineButtons, startBotWithAi } from '../test/reading-conversation';
import { SPOKEN_QUESTION_HEAD, VOICE_NEEDS_AI } from './features/voice';
import { READ_ALOUD_BUTTON } from './read-aloud';

describe.each(TEST_DB_KINDS)('voice in the chat (%s)', (kind) => {
  let h: BotHarness;
  let ai: FakeOpenAI;
  let close: (() => Promise<void>) | undefined;
  const id = (n: number) => (kind === TEST_DB_KINDS[0] ? 27_000 : 28_000) + n;
  beforeAll(async () => {
    ({ h, ai, close } = await startBotWithAi(kind));
  });
  afterAll(() => close?.());

  const voiceCalls = (chatId: number) => h.tg.calls.filter((c) => c.method === 'sendVoice' && c.chatId === chatId && c.ok);
  const speechCalls = () => ai.audioRequests.filter((r) => r.kind === 'speech').length;

  it('«🔊 Озвучить» sends the reading as a voice note, once from the provider and then from the store', async () => {
    const userId = id(1);
    const reading = await chatReadingWith(h, ai, /Озвучить/, userId, 'free_daily', 'Что принесёт мне эта неделя?');
    expect(inlineButtons(reading).map((b) => b.text)).toContain(READ_ALOUD_BUTTON);
    const data = callbackOf(reading, /Озвучить/)!;
    const before = speechCalls();
    h.tg.pressButton(userId, reading.message_id, data);
    const first = await h.tg.waitForBotMessage(userId, (m) => !!m.voice);
    expect(first.voice).toMatchObject({ ogg: true, bytes: OGG_FIXTURE.length });
    // The call is recorded once its answer is written (after the message appeared).
    await vi.waitFor(() => expect(voiceCalls(userId)).toHaveLength(1));
    const upload = voiceCalls(userId)[0].params.voice.upload as Buffer;
    expect(upload.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(speechCalls()).toBe(before + 1);

    h.tg.pressButton(userId, reading.message_id, data);
    await h.tg.waitForBotMessage(userId, (m) => !!m.voice && m.message_id > first.message_id);
    await vi.waitFor(() => expect(voiceCalls(userId)).toHaveLength(2));
    expect(speechCalls()).toBe(before + 1);
  });

  it('the day’s limit: a free user who already had one read aloud today gets the limit line, no provider call', async () => {
    const userId = id(2);
    const reading = await chatReadingWith(h, ai, /Озвучить/, userId, 'free_daily', 'Как сложится разговор с начальником?');
    // One read aloud already today (in the app, say): the free plan's one.
    await takeLimitSlot(h.db, { name: 'voice:speech', userId }, new Date(), 1, 86_400);
    const before = speechCalls();
    h.tg.pressButton(userId, reading.message_id, callbackOf(reading, /Озвучить/)!);
    const refused = await h.tg.waitForBotMessage(userId, (m) => m.text.includes('Озвучка на вашем тарифе'));
    expect(refused.text).toMatch(/Озвучка на вашем тарифе — 1 раз в сутки\. Попробуйте через/);
    expect(inlineButtons(refused).map((b) => b.text)).toContain('✨ Подписка');
    expect(speechCalls()).toBe(before);
    expect(voiceCalls(userId)).toHaveLength(0);
  });

  it('a voice question: transcribed, shown for confirmation, then read', async () => {
    const u = h.user(id(3), 'Ира');
    ai.audio({ transcript: 'Что меня ждёт на новой работе?' });
    h.tg.sendVoice(u, OGG_FIXTURE, 3);
    const confirm = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith(SPOKEN_QUESTION_HEAD));
    expect(confirm.text).toContain('«Что меня ждёт на новой работе?»');
    expect(inlineButtons(confirm).map((b) => b.text)).toEqual(['✅ Задать', '✏️ Изменить']);
    expect(ai.audioRequests.at(-1)).toMatchObject({ kind: 'transcription', body: { model: 'gpt-transcribe', language: 'ru' } });
    // Nothing is dealt before the confirmation.
    expect(await h.db.selectFrom('readings').select('id').where('user_id', '=', u.id).execute()).toEqual([]);

    h.tg.pressButton(u.id, confirm.message_id, callbackOf(confirm, /Задать/)!);
    const menu = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🔮 Выберите расклад'));
    h.tg.pressButton(u.id, menu.message_id, 'rd:free_daily');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Общий вывод') && !!callbackOf(m, /Озвучить/), 20_000);
    const [reading] = await h.db.selectFrom('readings').selectAll().where('user_id', '=', u.id).execute();
    expect(reading.question).toBe('Что меня ждёт на новой работе?');
  });

  it('«Изменить» asks for the question again, and a spoken crisis gets the help lines, no confirmation', async () => {
    const u = h.user(id(4), 'Оля');
    ai.audio({ transcript: 'Как понять, что пора менять работу?' });
    h.tg.sendVoice(u, OGG_FIXTURE, 2);
    const confirm = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith(SPOKEN_QUESTION_HEAD));
    h.tg.pressButton(u.id, confirm.message_id, callbackOf(confirm, /Изменить/)!);
    await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('Напишите вопрос текстом'));

    ai.audio({ transcript: 'нехочу жить больше, стоит ли всё закончить' });
    h.tg.sendVoice(u, OGG_FIXTURE, 4);
    const help = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes(HELP_LINES.trust.phone));
    expect(help.text).toContain('Похоже, вам сейчас очень тяжело');
    expect(h.tg.botMessages(u.id).filter((m) => m.text.startsWith(SPOKEN_QUESTION_HEAD))).toHaveLength(1);
  });

  it('a provider that is down: a Russian line, nothing counted', async () => {
    const u = h.user(id(5), 'Таня');
    ai.audio({ transcription: 'fail' });
    h.tg.sendVoice(u, OGG_FIXTURE, 2);
    await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('Не удалось распознать голос'));
    ai.audio({ transcription: 'ok' });
    const rows = await h.db
      .selectFrom('rate_limits')
      .select('count')
      .where('user_id', '=', u.id)
      .where('name', '=', 'voice:question')
      .execute();
    expect(rows.map((r) => r.count)).toEqual([0]);
  });
});

describe('voice in the chat without a provider', () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await createBotHarness(TEST_DB_KINDS[0]);
  });
  afterAll(() => h?.close());

  it('no «🔊 Озвучить» under a reading; a voice message gets one line', async () => {
    const u = h.user(29_001, 'Вика');
    h.tg.sendText(u, '/reading');
    const menu = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🔮 Выберите расклад'));
    h.tg.pressButton(u.id, menu.message_id, 'rd:free_daily');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Напишите свой вопрос'));
    h.tg.sendText(u.id, 'Что принесёт мне эта неделя?');
    const reading = await h.tg.waitForBotMessage(u.id, (m) => inlineButtons(m).some((b) => /Второе мнение/.test(b.text)), 20_000);
    expect(inlineButtons(reading).map((b) => b.text)).not.toContain(READ_ALOUD_BUTTON);
    h.tg.sendVoice(u, OGG_FIXTURE, 2);
    await h.tg.waitForBotMessage(u.id, (m) => m.text === VOICE_NEEDS_AI);
  });
});
