// Reviews end to end through the real app and the real bot on the local Telegram: a rating after a finished
// reading; with consent it reaches the operator's chat with «Опубликовать» / «Отклонить»; only a published
// one appears in the app's answer; without consent it reaches neither the operators nor any screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../bot/local-telegram/index';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';

const OPERATOR = 9_101;
const QUESTION = 'Что ждёт меня в новой работе?';

/** Every call signs in with the same profile: the name the operator sees. */
const as = (id: number) => ({ id, first_name: `Читатель${id}` });

const buttonData = (m: ChatMessage, text: string) =>
  ((m.reply_markup?.inline_keyboard ?? []).flat() as { text: string; callback_data?: string }[]).find((b) => b.text === text)
    ?.callback_data;

describe.each(TEST_DB_KINDS)('reviews (%s)', (kind) => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await createBotHarness(kind, { adminUserIds: [OPERATOR] });
    // The operator has started the bot (Telegram lets a bot write only to such chats).
    h.tg.sendText(h.user(OPERATOR, 'Оператор'), '/start');
    await h.tg.waitForBotMessage(OPERATOR, () => true);
  });
  afterAll(() => h?.close());

  /** A reading of `user` with its interpretation finished (card-based: no AI in these tests). */
  async function finishedReading(user: number): Promise<number> {
    const created = await h.call(as(user), 'POST', '/api/readings', { spreadType: 'free_daily', question: QUESTION });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect((await h.call(as(user), 'GET', `/api/readings/${id}/interpretation`)).status).toBe(200);
    return id;
  }
  const review = (user: number, readingId: number, body: unknown) => h.call(as(user), 'POST', `/api/readings/${readingId}/review`, body);
  const proof = async () =>
    (await h.call(1, 'GET', '/api/social-proof')).body.data as { reviews: { rating: number; text: string | null; name: string }[] };
  const operatorMessage = (text: string) => h.tg.waitForBotMessage(OPERATOR, (m) => m.text.includes(text));

  it('published with consent after the operator taps «Опубликовать»; «Отклонить» keeps it hidden', async () => {
    // Before its interpretation, a reading cannot be rated.
    const dealt = await h.call(as(7001), 'POST', '/api/readings', { spreadType: 'free_daily', question: QUESTION });
    expect((await review(7001, dealt.body.data.id, { rating: 5 })).status).toBe(409);

    const id = await finishedReading(7002);
    // Bad input names the field, in Russian.
    const bad = await review(7002, id, { rating: 6 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^rating: оценка от 1 до 5/);
    expect((await review(7002, id, { rating: 4, text: 'я'.repeat(501) })).body.error).toMatch(/^text: не больше 500 символов/);
    expect((await review(7002, id, { rating: 4, publish: 'да' })).body.error).toMatch(/^publish: /);
    // Someone else's reading answers as a missing one.
    expect((await review(7003, id, { rating: 5 })).status).toBe(404);

    const sent = await review(7002, id, { rating: 5, text: '  Очень точно про работу  ', publish: true });
    expect(sent.status).toBe(201);
    expect(sent.body.data.review).toMatchObject({ rating: 5, text: 'Очень точно про работу', publish: true, status: 'pending' });
    // One review per reading.
    expect((await review(7002, id, { rating: 1 })).status).toBe(409);
    expect((await h.call(as(7002), 'GET', `/api/readings/${id}/review`)).body.data.review).toMatchObject({ rating: 5, status: 'pending' });

    const message = await operatorMessage('Очень точно про работу');
    expect(message.text).toContain('★★★★★ (5/5)');
    expect(message.text).toContain('Читатель7002');
    expect(message.text).toContain('Расклад: Расклад дня');
    // Waiting for the operator: not shown.
    expect((await proof()).reviews).toEqual([]);

    h.tg.pressButton(OPERATOR, message.message_id, buttonData(message, 'Опубликовать')!);
    await operatorMessage('✅ Опубликован');
    expect((await proof()).reviews).toEqual([
      { id: sent.body.data.review.id, rating: 5, text: 'Очень точно про работу', name: 'Читатель7002' },
    ]);

    // Another one, rejected.
    const other = await finishedReading(7004);
    expect((await review(7004, other, { rating: 2, text: 'Не про меня', publish: true })).status).toBe(201);
    const second = await operatorMessage('Не про меня');
    h.tg.pressButton(OPERATOR, second.message_id, buttonData(second, 'Отклонить')!);
    await operatorMessage('❌ Отклонён');
    expect((await proof()).reviews.map((r) => r.text)).toEqual(['Очень точно про работу']);
    expect((await h.call(as(7004), 'GET', `/api/readings/${other}/review`)).body.data.review).toMatchObject({ status: 'rejected' });
  });

  it('without consent a review reaches neither the operators nor a screen', async () => {
    const quiet = await finishedReading(7005);
    const sent = await review(7005, quiet, { rating: 3, text: 'Личное, не публикуйте' });
    expect(sent.status).toBe(201);
    expect(sent.body.data.review).toMatchObject({ publish: false, status: 'private' });
    // A later review with consent reaches the operator: the one before it would have arrived first.
    const later = await finishedReading(7006);
    expect((await review(7006, later, { rating: 4, text: 'Можно показывать', publish: true })).status).toBe(201);
    await operatorMessage('Можно показывать');
    expect(h.tg.botMessages(OPERATOR).filter((m) => m.text.includes('Личное'))).toEqual([]);
    expect((await proof()).reviews.map((r) => r.text)).not.toContain('Личное, не публикуйте');

    // The review is the user's: they may delete it.
    expect((await h.call(as(7005), 'DELETE', `/api/readings/${quiet}/review`)).body.data).toEqual({ deleted: true });
    expect((await h.call(as(7005), 'GET', `/api/readings/${quiet}/review`)).body.data.review).toBeNull();
  });
});
