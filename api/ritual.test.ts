// The daily ritual through HTTP: the streak of days with the daily card in /api/user/status, the milestone
// messages, the once-only home-screen offer, the moon on the home screen, and the reminder's varied copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_TEXTS } from '../domain/tarot/ritual';
import { zonedTimeToUtc } from '../domain/text/time';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

const at = (day: string, time = '12:00') => zonedTimeToUtc(day, time, 'Europe/Moscow');

describe.each(TEST_DB_KINDS)('daily ritual on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const streak = async (user: number) => (await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.streak;
  const draw = async (user: number, redraw = false) => {
    const r = await h.call(user, 'POST', '/api/user/daily-card/use', redraw ? { redraw } : {});
    expect(r.status).toBe(200);
    return r.body.data;
  };

  it("carries today's card in the status once drawn (home shows it), until the user's local midnight", async () => {
    const user = 14_050;
    const status = async () => (await h.call(user, 'GET', '/api/user/status')).body.data.userStatus;
    h.setNow(at('2026-04-01', '09:00'));
    expect((await status()).todayCard).toBeNull();
    const drawn = await draw(user);
    const today = (await status()).todayCard!;
    expect(today).toEqual({
      cardId: drawn.card.cardId,
      name: drawn.card.name,
      image: drawn.card.image,
      reversed: drawn.card.reversed,
      line: expect.any(String),
    });
    // One line: the first sentence of the meaning the daily card shows in full.
    expect(drawn.card.fullMeaning.startsWith(today.line)).toBe(true);
    expect(today.line).toMatch(/[.!?]$/);
    h.setNow(at('2026-04-01', '23:59'));
    expect((await status()).todayCard).toEqual(today);
    h.setNow(at('2026-04-02', '00:01'));
    expect((await status()).todayCard).toBeNull();
  });

  it('counts consecutive days with the daily card, greets the milestones and forgives a missed day', async () => {
    const user = 14_001;
    h.setNow(at('2026-03-01'));
    expect(await streak(user)).toEqual({ current: 0, best: 0, today: false });
    const first = await draw(user);
    expect(first.streak).toEqual({ current: 1, best: 1, today: true });
    expect(first.milestone).toBeNull();
    // Asking again the same day changes nothing.
    expect((await draw(user)).streak!.current).toBe(1);

    h.setNow(at('2026-03-02', '08:00'));
    // Yesterday's run still stands while today is open.
    expect(await streak(user)).toEqual({ current: 1, best: 1, today: false });
    expect((await draw(user)).milestone).toBeNull();
    h.setNow(at('2026-03-03', '23:30'));
    const third = await draw(user);
    expect(third.streak).toEqual({ current: 3, best: 3, today: true });
    expect(third.milestone).toMatch(/Три дня подряд/);
    expect((await draw(user)).milestone).toBeNull();
    const status = (await h.call(user, 'GET', '/api/user/status')).body.data.userStatus;
    expect(status.streak).toEqual({ current: 3, best: 3, today: true });

    // A missed day: the run shows 0, the best is kept, and the next card starts a new run.
    h.setNow(at('2026-03-05'));
    expect(await streak(user)).toEqual({ current: 0, best: 3, today: false });
    expect((await draw(user)).streak).toEqual({ current: 1, best: 3, today: true });

    // A week in a row greets the 7th day.
    const messages: (string | null)[] = [];
    for (let d = 6; d <= 11; d++) {
      h.setNow(at(`2026-03-${String(d).padStart(2, '0')}`));
      messages.push((await draw(user)).milestone!);
    }
    expect(messages.slice(0, 1)).toEqual([null]);
    expect(messages[1]).toMatch(/Три дня подряд/);
    expect(messages[5]).toMatch(/Целая неделя/);
    expect(await streak(user)).toEqual({ current: 7, best: 7, today: true });
  });

  it('a paid redraw does not count the day twice', async () => {
    const user = 14_002;
    h.setNow(at('2026-04-01'));
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    await draw(user);
    const again = await draw(user, true);
    expect(again.streak).toEqual({ current: 1, best: 1, today: true });
  });

  it('offers «add to home screen» once, after a 3-day streak', async () => {
    const user = 14_003;
    for (const d of ['2026-05-01', '2026-05-02']) {
      h.setNow(at(d));
      await draw(user);
    }
    expect((await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.homeScreenOffer).toBe(false);
    expect((await h.call(user, 'POST', '/api/user/home-screen-offer')).body.data).toEqual({ offer: false });
    h.setNow(at('2026-05-03'));
    await draw(user);
    expect((await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.homeScreenOffer).toBe(true);
    const both = await Promise.all([
      h.call(user, 'POST', '/api/user/home-screen-offer'),
      h.call(user, 'POST', '/api/user/home-screen-offer'),
    ]);
    expect(both.map((r) => r.body.data.offer).sort()).toEqual([false, true]);
    expect((await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.homeScreenOffer).toBe(false);
  });

  it('GET /api/moon: the phase and the lunar day', async () => {
    h.setNow(new Date('2024-04-23T23:00:00Z')); // the full moon of 23 April 2024 was at 23:49 UTC
    const full = (await h.call(1, 'GET', '/api/moon')).body.data;
    expect(full).toMatchObject({ phase: 'Полнолуние', emoji: '🌕', lunarDay: 16, waxing: true });
    expect(full.illumination).toBeGreaterThan(0.99);
    h.setNow(new Date('2024-04-15T12:00:00Z')); // a week after the new moon of 8 April 18:21 UTC
    expect((await h.call(1, 'GET', '/api/moon')).body.data).toMatchObject({ phase: 'Первая четверть', lunarDay: 7 });
  });

  it('the daily reminder is gentle and its copy changes from day to day', async () => {
    const user = 14_004;
    await h.call(user, 'GET', '/api/user/status');
    const texts: string[] = [];
    for (const d of ['2026-06-01', '2026-06-02', '2026-06-03']) {
      h.setNow(at(d, '10:05'));
      await h.services.notifications.scheduleDue();
      const job = await h.db
        .selectFrom('notifications')
        .select('payload')
        .where('user_id', '=', user)
        .where('dedup_key', '=', d)
        .executeTakeFirstOrThrow();
      texts.push(job.payload.text);
    }
    expect(new Set(texts).size).toBe(3);
    for (const t of texts) expect(REMINDER_TEXTS).toContain(t);
    for (const t of REMINDER_TEXTS) expect(t).not.toMatch(/потеря|сгорит|пропуст|последн|иначе|не забудьте/i);
  });
});
