// The journal through HTTP: notes on readings (own only, ≤ 2000 characters, editable, in the history) and
// the month's figures from the user's readings and daily cards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_BY_ID } from '../domain/tarot/deck';
import { zonedTimeToUtc } from '../domain/text/time';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

describe.each(TEST_DB_KINDS)('journal on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('a note on one’s own reading: saved, edited, cleared, shown in the history; others get 404, as for a missing one', async () => {
    const user = 15_001;
    const r = (await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что принесёт неделя?' })).body.data;
    expect(r.note).toBeNull();
    const saved = await h.call(user, 'PUT', `/api/readings/${r.id}/note`, { note: '  Сбылось: встреча в четверг.  ' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.note).toBe('Сбылось: встреча в четверг.');
    expect(saved.body.data.noteUpdatedAt).toMatch(/^\d{4}-/);
    expect((await h.call(user, 'GET', `/api/readings/${r.id}`)).body.data.note).toBe('Сбылось: встреча в четверг.');
    await h.call(user, 'PUT', `/api/readings/${r.id}/note`, { note: 'Исправила: встреча была в пятницу.' });
    const history = (await h.call(user, 'GET', '/api/user/readings')).body.data.readings;
    expect(history[0]).toMatchObject({ id: r.id, note: 'Исправила: встреча была в пятницу.' });

    const long = await h.call(user, 'PUT', `/api/readings/${r.id}/note`, { note: 'я'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/^note: не больше 2000 символов/);
    expect((await h.call(user, 'PUT', `/api/readings/${r.id}/note`, { note: 'я'.repeat(2000) })).status).toBe(200);
    expect((await h.call(user, 'PUT', `/api/readings/${r.id}/note`, {})).body.error).toMatch(/^note:/);
    expect((await h.call(user, 'PUT', `/api/readings/${r.id}/note`, { note: 5 })).status).toBe(400);

    const other = await h.call(15_002, 'PUT', `/api/readings/${r.id}/note`, { note: 'чужое' });
    expect(other.status).toBe(404);
    expect((await h.call(user, 'PUT', '/api/readings/999999999/note', { note: 'нет такого' })).status).toBe(404);
    expect((await h.call(user, 'GET', `/api/readings/${r.id}`)).body.data.note).toBe('я'.repeat(2000));

    await h.call(user, 'PUT', `/api/readings/${r.id}/note`, { note: '   ' });
    expect((await h.call(user, 'GET', `/api/readings/${r.id}`)).body.data.note).toBeNull();
  });

  it('the month’s figures count the user’s readings and daily cards of that local month only', async () => {
    const user = 15_003;
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    const cards: { cardId: string; orientation: string }[] = [];
    // Two readings and two daily cards in March 2026 (Moscow), one reading in April.
    for (const [day, spread] of [
      ['2026-03-02', 'past_present_future'],
      ['2026-03-20', 'celtic_cross'],
    ] as const) {
      h.setNow(zonedTimeToUtc(day, '12:00', 'Europe/Moscow'));
      const r = (await h.call(user, 'POST', '/api/readings', { spreadType: spread, question: 'Что меня ждёт?' })).body.data;
      cards.push(...r.cards);
      const d = (await h.call(user, 'POST', '/api/user/daily-card/use', {})).body.data;
      cards.push(d.card);
    }
    h.setNow(zonedTimeToUtc('2026-04-01', '00:30', 'Europe/Moscow'));
    await h.call(user, 'POST', '/api/readings', { spreadType: 'love_relationship', question: 'А в апреле?' });

    const march = await h.call(user, 'GET', '/api/user/journal?month=2026-03');
    expect(march.status).toBe(200);
    const j = march.body.data;
    expect(j).toMatchObject({
      month: '2026-03',
      monthLabel: 'март 2026',
      prevMonth: '2026-02',
      nextMonth: '2026-04',
      readings: 2,
      dailyCards: 2,
      cards: cards.length,
    });
    expect(cards.length).toBe(3 + 10 + 2);
    const majors = cards.filter((c) => CARD_BY_ID.get(c.cardId)!.suit === 'major').length;
    const reversed = cards.filter((c) => c.orientation === 'reversed').length;
    expect(j.majorShare).toBeCloseTo(majors / cards.length, 3);
    expect(j.reversedShare).toBeCloseTo(reversed / cards.length, 3);
    expect(j.suits.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(cards.length);
    expect(j.elements.reduce((n: number, e: { count: number }) => n + e.count, 0)).toBe(cards.length - majors);
    const counts = new Map<string, number>();
    for (const c of cards) counts.set(c.cardId, (counts.get(c.cardId) ?? 0) + 1);
    expect(j.topCards[0].count).toBe(Math.max(...counts.values()));
    expect(j.topCards.length).toBe(Math.min(5, counts.size));

    // The current month by default; a future month is refused.
    const april = (await h.call(user, 'GET', '/api/user/journal')).body.data;
    expect(april).toMatchObject({ month: '2026-04', readings: 1, dailyCards: 0, cards: 3, nextMonth: null });
    expect((await h.call(user, 'GET', '/api/user/journal?month=2026-05')).status).toBe(400);
    expect((await h.call(user, 'GET', '/api/user/journal?month=2026-13')).body.error).toMatch(/^month:/);
    // Someone else's journal is empty.
    const empty = (await h.call(15_004, 'GET', '/api/user/journal?month=2026-03')).body.data;
    expect(empty).toMatchObject({ cards: 0, readings: 0, majorShare: 0, reversedShare: 0, topCards: [] });
  });

  it('a note on today’s card: only once drawn, ≤ 2000 characters, kept by a redraw, listed in the journal; the card brings its paragraph and question', async () => {
    const user = 15_005;
    const before = await h.call(user, 'PUT', '/api/user/daily-card/note', { note: 'Ещё нет карты' });
    expect(before.status).toBe(404);
    const card = (await h.call(user, 'POST', '/api/user/daily-card/use', {})).body.data;
    expect(card.note).toBeNull();
    expect(card.today.paragraph.split(/[.!?]\s/).length).toBeGreaterThanOrEqual(3);
    expect(card.today.paragraph.startsWith(card.card.fullMeaning)).toBe(true);
    expect(card.today.question).toMatch(/\?$/);

    const saved = await h.call(user, 'PUT', '/api/user/daily-card/note', { note: '  Тихий день, и это хорошо.  ' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.note).toBe('Тихий день, и это хорошо.');
    expect((await h.call(user, 'GET', '/api/user/daily-card/available')).body.data.today?.note).toBe('Тихий день, и это хорошо.');
    const long = await h.call(user, 'PUT', '/api/user/daily-card/note', { note: 'я'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/^note: /);

    // A VIP redraw changes the card, not the day's note.
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    const again = (await h.call(user, 'POST', '/api/user/daily-card/use', { redraw: true })).body.data;
    expect(again.note).toBe('Тихий день, и это хорошо.');

    const journal = (await h.call(user, 'GET', '/api/user/journal')).body.data;
    expect(journal.dailyNotes).toEqual([
      {
        day: again.date,
        cardName: CARD_BY_ID.get(again.card.cardId)!.name,
        reversed: again.card.orientation === 'reversed',
        note: 'Тихий день, и это хорошо.',
      },
    ]);
    // Cleared with an empty note; nobody else sees it.
    expect((await h.call(15_006, 'GET', '/api/user/journal')).body.data.dailyNotes).toEqual([]);
    await h.call(user, 'PUT', '/api/user/daily-card/note', { note: ' ' });
    expect((await h.call(user, 'GET', '/api/user/journal')).body.data.dailyNotes).toEqual([]);
  });
});
