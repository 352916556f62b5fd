// Lessons count real days in the user's stored time zone, as readings do, through the real app: a lesson
// answered today keeps its day when the user reports a zone already on tomorrow (or back), so two time zones in
// one real day never give two lessons; the next lesson comes when the day has ended where it was opened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

describe.each(TEST_DB_KINDS)('the lesson’s day (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const today = async (user: number) => (await h.call(user, 'GET', '/api/lessons/today')).body.data;
  const zone = async (user: number, timeZone: string) =>
    expect((await h.call(user, 'PUT', '/api/user/settings', { timeZone })).status).toBe(200);

  it('a zone already on tomorrow does not give a second lesson in one real day', async () => {
    const user = 71_000_001;
    // 15:00 in Moscow on 4 May; in Kiritimati (UTC+14) it is already 02:00 on 5 May.
    h.setNow(new Date('2026-05-04T12:00:00Z'));
    const first = await today(user);
    expect(first.day).toBe('2026-05-04');
    const answered = (await h.call(user, 'POST', '/api/lessons/today/answers', { question: 0, choice: 0 })).body.data;
    expect(answered.questions[0].answered).not.toBeNull();

    await zone(user, 'Pacific/Kiritimati');
    const there = await today(user);
    expect(there.day).toBe('2026-05-04');
    expect(there.questions.map((q: { cardId: string }) => q.cardId)).toEqual(first.questions.map((q: { cardId: string }) => q.cardId));
    expect(there.questions[0].answered).not.toBeNull();
    // And back again: still the same lesson.
    await zone(user, 'Europe/Moscow');
    expect((await today(user)).day).toBe('2026-05-04');

    // Moscow's midnight: the next day's lesson.
    h.setNow(new Date('2026-05-04T21:00:01Z'));
    expect((await today(user)).day).toBe('2026-05-05');
  });
});
