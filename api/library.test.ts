// «Библиотека карт» and the daily «Урок» through HTTP: a card's history counts the caller's own readings
// (upright and reversed) and lists the latest ones; an unknown card is a Russian 400/404; today's lesson is the
// same all day, its answers are checked on the server, stored once, and move the streak once a day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECK } from '../domain/tarot/deck';
import { lessonFor } from '../domain/tarot/lesson';
import { zonedTimeToUtc } from '../domain/text/time';
import type { DealtCard } from '../domain/types';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

describe.each(TEST_DB_KINDS)('card library and lessons on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  /** A reading of the user with exactly these cards, made at `at`. */
  async function seedReading(userId: number, cards: [string, 'upright' | 'reversed'][], at: Date, question = 'Что меня ждёт?') {
    const dealt: DealtCard[] = cards.map(([cardId, orientation], position) => ({ cardId, position, orientation }));
    const row = await h.db
      .insertInto('readings')
      .values({
        user_id: userId,
        spread_type: 'past_present_future',
        question,
        cards: JSON.stringify(dealt),
        level: 'basic',
        status: 'done',
        charged_day: null,
        created_at: at,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  it('GET /api/cards keeps its shape: the 78 cards', async () => {
    const r = await h.call(16_001, 'GET', '/api/cards');
    expect(r.status).toBe(200);
    expect(r.body.data.cards).toHaveLength(78);
    expect(r.body.data.cards[0]).toMatchObject({ id: 'fool', name: 'Шут' });
  });

  it('a card’s page: its lore and «В ваших раскладах» from the caller’s own readings only', async () => {
    const user = 16_002;
    h.setNow(new Date('2026-05-20T12:00:00Z'));
    await h.call(user, 'GET', '/api/user/status');
    await h.call(16_003, 'GET', '/api/user/status');
    const first = await seedReading(
      user,
      [
        ['sun', 'upright'],
        ['moon', 'reversed'],
        ['star', 'upright'],
      ],
      new Date('2026-05-10T09:00:00Z'),
      'Как пройдёт переезд?',
    );
    const second = await seedReading(
      user,
      [
        ['tower', 'upright'],
        ['sun', 'reversed'],
        ['fool', 'upright'],
      ],
      new Date('2026-05-15T09:00:00Z'),
      'Что с работой?',
    );
    const third = await seedReading(
      user,
      [
        ['sun', 'reversed'],
        ['world', 'upright'],
        ['lovers', 'upright'],
      ],
      new Date('2026-05-19T09:00:00Z'),
      'Что в любви?',
    );
    // Someone else's reading with the Sun counts for them, not for the caller.
    await seedReading(
      16_003,
      [
        ['sun', 'upright'],
        ['moon', 'upright'],
        ['star', 'upright'],
      ],
      new Date('2026-05-19T10:00:00Z'),
    );
    // Older than the 30-day window: counted, not listed for a free user.
    await seedReading(
      user,
      [
        ['sun', 'upright'],
        ['empress', 'upright'],
        ['hermit', 'upright'],
      ],
      new Date('2026-03-01T09:00:00Z'),
    );

    const r = await h.call(user, 'GET', '/api/cards/sun');
    expect(r.status).toBe(200);
    const { card, history } = r.body.data;
    expect(card).toMatchObject({
      id: 'sun',
      name: 'Солнце',
      element: 'fire',
      elementLabel: 'Огонь',
      correspondence: 'Солнце',
      numberLabel: 'Старший аркан · XIX',
    });
    expect(card.keywords.length).toBeGreaterThan(0);
    expect(card.meaning).toBeTruthy();
    expect(card.reversedMeaning).toBeTruthy();
    expect(history).toMatchObject({ count: 4, upright: 2, reversed: 2, olderHidden: 1 });
    expect(history.readings.map((x: { id: number }) => x.id)).toEqual([third, second, first]);
    expect(history.readings[0]).toMatchObject({
      question: 'Что в любви?',
      orientation: 'reversed',
      position: 'Прошлое',
      spreadName: expect.any(String),
    });
    expect(history.readings[1]).toMatchObject({ orientation: 'reversed', position: 'Настоящее' });
    // Each listed reading opens.
    expect((await h.call(user, 'GET', `/api/readings/${first}`)).status).toBe(200);

    // A minor card: its suit's element and its number.
    const cups = (await h.call(user, 'GET', '/api/cards/queen-of-cups')).body.data;
    expect(cups.card).toMatchObject({ element: 'water', numberLabel: 'Кубки · Королева', correspondence: null });
    expect(cups.history).toMatchObject({ count: 0, upright: 0, reversed: 0, readings: [] });

    // VIP sees the whole archive: the old reading is listed too.
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    const vip = (await h.call(user, 'GET', '/api/cards/sun')).body.data.history;
    expect(vip.readings).toHaveLength(4);
    expect(vip.olderHidden).toBe(0);
  });

  it('an unknown card id: a Russian 404, a malformed one a 400 naming the field', async () => {
    const missing = await h.call(16_004, 'GET', '/api/cards/unicorn');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Такой карты нет в колоде');
    const bad = await h.call(16_004, 'GET', '/api/cards/%D0%A8%D1%83%D1%82');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^id: ожидается id карты/);
  });

  it('the lesson: the same questions all day, answers checked on the server and stored once; the streak moves once a day', async () => {
    const user = 16_005;
    h.setNow(zonedTimeToUtc('2026-06-01', '10:00', 'Europe/Moscow'));
    const today = (await h.call(user, 'GET', '/api/lessons/today')).body.data;
    expect(today.day).toBe('2026-06-01');
    expect(today.questions).toHaveLength(3);
    expect(today.done).toBe(false);
    expect(today.progress).toMatchObject({ streak: 0, lessonsDone: 0 });
    for (const q of today.questions) {
      expect(q.choices).toHaveLength(3);
      expect(q.answered).toBeNull();
      // The right answer is not sent before the question is answered.
      expect(q).not.toHaveProperty('answer');
      const card = DECK.find((c) => c.id === q.cardId)!;
      expect(q.prompt).toBe(
        `Что значит «${card.name}» ${q.orientation === 'reversed' ? 'в перевёрнутом положении' : 'в прямом положении'}?`,
      );
      expect(q.choices).toContain(q.orientation === 'reversed' ? card.reversedMeaning : card.meaning);
    }
    // Later the same day: the same questions.
    h.setNow(zonedTimeToUtc('2026-06-01', '22:00', 'Europe/Moscow'));
    expect((await h.call(user, 'GET', '/api/lessons/today')).body.data.questions).toEqual(today.questions);

    const key = lessonFor(user, '2026-06-01');
    const wrong = (key[0]!.answer + 1) % 3;
    const a0 = await h.call(user, 'POST', '/api/lessons/today/answers', { question: 0, choice: wrong });
    expect(a0.status).toBe(200);
    expect(a0.body.data.questions[0].answered).toEqual({ choice: wrong, correct: false, answer: key[0]!.answer });
    expect(a0.body.data.questions[1].answered).toBeNull();

    const again = await h.call(user, 'POST', '/api/lessons/today/answers', { question: 0, choice: key[0]!.answer });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('На этот вопрос вы уже ответили сегодня');

    expect((await h.call(user, 'POST', '/api/lessons/today/answers', { question: 3, choice: 0 })).body.error).toMatch(/^question:/);
    expect((await h.call(user, 'POST', '/api/lessons/today/answers', { question: 1, choice: 5 })).body.error).toMatch(/^choice:/);
    expect((await h.call(user, 'POST', '/api/lessons/today/answers', { question: 1 })).status).toBe(400);

    await h.call(user, 'POST', '/api/lessons/today/answers', { question: 1, choice: key[1]!.answer });
    const done = (await h.call(user, 'POST', '/api/lessons/today/answers', { question: 2, choice: key[2]!.answer })).body.data;
    expect(done.done).toBe(true);
    expect(done.score).toBe(2);
    expect(done.progress).toEqual({ streak: 1, bestStreak: 1, lessonsDone: 1, answeredTotal: 3, correctTotal: 2 });
    const row = await h.db.selectFrom('lesson_progress').selectAll().where('user_id', '=', user).executeTakeFirstOrThrow();
    expect(row.choices).toEqual([wrong, key[1]!.answer, key[2]!.answer]);

    // The next day: a new lesson, the streak kept and grown when it is finished.
    h.setNow(zonedTimeToUtc('2026-06-02', '09:00', 'Europe/Moscow'));
    const next = (await h.call(user, 'GET', '/api/lessons/today')).body.data;
    expect(next.day).toBe('2026-06-02');
    expect(next.questions.every((q: { answered: unknown }) => q.answered === null)).toBe(true);
    expect(next.progress.streak).toBe(1);
    const key2 = lessonFor(user, '2026-06-02');
    for (const [i, q] of key2.entries()) await h.call(user, 'POST', '/api/lessons/today/answers', { question: i, choice: q.answer });
    expect((await h.call(user, 'GET', '/api/lessons/today')).body.data.progress).toEqual({
      streak: 2,
      bestStreak: 2,
      lessonsDone: 2,
      answeredTotal: 6,
      correctTotal: 5,
    });

    // A day missed: the streak shown is 0, the best one stays.
    h.setNow(zonedTimeToUtc('2026-06-04', '09:00', 'Europe/Moscow'));
    expect((await h.call(user, 'GET', '/api/lessons/today')).body.data.progress).toMatchObject({ streak: 0, bestStreak: 2 });
    // Another user gets other questions the same day.
    const other = (await h.call(16_006, 'GET', '/api/lessons/today')).body.data.questions.map((q: { cardId: string }) => q.cardId);
    expect(other).not.toEqual(
      (await h.call(user, 'GET', '/api/lessons/today')).body.data.questions.map((q: { cardId: string }) => q.cardId),
    );
  });
});
