// «Ближайшие 30 дней» through HTTP: the transits of a fixed chart on a fixed day match the dates the published
// equinox gives, there are no angles without a birth time, the day's list is kept (one computation per user and
// day), and a timing question's card-based reading names the next favourable window only for a user with a chart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

/** 2026-03-10 12:00 in Moscow (the users' zone): the list runs 2026-03-10 … 2026-04-08. */
const NOW = new Date('2026-03-10T09:00:00Z');
/**
 * Born at the March equinox of 2024 (USNO: 2024-03-20 03:06 UT), at Greenwich: the natal Sun at 0°. The next
 * equinox (USNO: 2026-03-20 14:46 UT) brings the transiting Sun back over it: at Moscow noon (09:00 UT) the Sun is
 * −1.2° on the 19th, −0.2° on the 20th, +0.7° on the 21st, +1.7° on the 22nd, +2.7° on the 23rd (~0.99°/day):
 * in the 2° orb from the 19th to the 22nd, closest on the 20th.
 */
const BIRTH = { date: '2024-03-20', time: '03:06', latitude: 51.4779, longitude: 0, timeZone: 'UTC', city: 'Гринвич' };

describe.each(TEST_DB_KINDS)('transits on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { now: NOW });
  });
  afterAll(() => h.close());

  it('lists the Sun’s return to the natal Sun on the equinox’s dates, the Moon’s phases, and transits to the angles', async () => {
    const user = 36_001;
    expect((await h.call(user, 'GET', '/api/natal/transits')).status).toBe(404);
    expect((await h.call(user, 'POST', '/api/natal/chart', BIRTH)).status).toBe(200);
    const res = await h.call(user, 'GET', '/api/natal/transits');
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ from: '2026-03-10', to: '2026-04-08', anglesIncluded: true, anglesNote: null });
    const sunOnSun = d.transits.find((t: any) => t.body === 'sun' && t.point === 'sun');
    expect(sunOnSun).toMatchObject({
      aspect: 'conjunction',
      title: 'Солнце в соединении с Солнцем',
      start: '2026-03-19',
      exact: '2026-03-20',
      end: '2026-03-22',
      nature: 'easy',
    });
    expect(sunOnSun?.meaning).toMatch(/^Новый личный цикл.*\.$/);
    expect(d.transits.some((t: any) => t.point === 'ascendant' || t.point === 'midheaven')).toBe(true);
    for (const t of d.transits) expect(t.end >= d.from && t.start <= d.to).toBe(true);
    // March 2026: new moon on the 19th, full moon on April 2 (astronomy-engine, Moscow days).
    expect(d.moonPhases.map((p: any) => p.name)).toEqual(expect.arrayContaining(['Новолуние', 'Полнолуние']));
    expect(d.moonPhases.find((p: any) => p.name === 'Новолуние')?.date).toBe('2026-03-19');
  });

  it('without a birth time: no ascendant, no midheaven, and it says why', async () => {
    const user = 36_002;
    expect((await h.call(user, 'POST', '/api/natal/chart', { ...BIRTH, time: undefined, timeUnknown: true })).status).toBe(200);
    const d = (await h.call(user, 'GET', '/api/natal/transits')).body.data;
    expect(d.anglesIncluded).toBe(false);
    expect(d.anglesNote).toMatch(/Время рождения неизвестно/);
    expect(d.transits.length).toBeGreaterThan(0);
    expect(d.transits.filter((t: any) => t.point === 'ascendant' || t.point === 'midheaven')).toEqual([]);
  });

  it('keeps the day’s list: the second call of the day is the same computation; a new day or new birth data computes anew', async () => {
    const user = 36_003;
    await h.call(user, 'POST', '/api/natal/chart', BIRTH);
    const first = (await h.call(user, 'GET', '/api/natal/transits')).body.data;
    h.setNow(new Date(NOW.getTime() + 3 * 3600_000));
    const second = (await h.call(user, 'GET', '/api/natal/transits')).body.data;
    expect(second.computedAt).toBe(first.computedAt);
    expect(second).toEqual(first);
    const rows = await h.db.selectFrom('transit_cache').select(['day']).where('user_id', '=', user).execute();
    expect(rows).toEqual([{ day: '2026-03-10' }]);
    // New birth data: the kept list is not used.
    await h.call(user, 'POST', '/api/natal/chart', { ...BIRTH, time: '15:00' });
    const third = (await h.call(user, 'GET', '/api/natal/transits')).body.data;
    expect(third.computedAt).not.toBe(first.computedAt);
    // The next day: a new list, and the old day's row goes.
    h.setNow(new Date(NOW.getTime() + 24 * 3600_000));
    const next = (await h.call(user, 'GET', '/api/natal/transits')).body.data;
    expect(next.from).toBe('2026-03-11');
    expect(await h.db.selectFrom('transit_cache').select(['day']).where('user_id', '=', user).execute()).toEqual([{ day: '2026-03-11' }]);
  });

  async function readingText(user: number, question: string): Promise<string> {
    const r = await h.call(user, 'POST', '/api/readings', {
      spreadType: 'past_present_future',
      question,
      ownCards: [
        { id: 'star', reversed: false },
        { id: 'sun', reversed: false },
        { id: 'world', reversed: false },
      ],
    });
    expect(r.status).toBe(201);
    const i = await h.call(user, 'GET', `/api/readings/${r.body.data.id}/interpretation`);
    expect(i.status).toBe(200);
    return i.body.data.interpretation as string;
  }

  it('a timing question of a user with a chart ends with one «По транзитам» line; other questions and users without a chart do not', async () => {
    const withChart = 36_004;
    const without = 36_005;
    await h.call(withChart, 'POST', '/api/natal/chart', BIRTH);
    for (const u of [withChart, without])
      expect((await h.call(u, 'POST', '/api/user/subscription', { subscriptionType: 'vip' })).status).toBe(200);
    const timing = await readingText(withChart, 'Когда я встречу свою любовь?');
    const lines = timing.split('\n').filter((l) => l.includes('По транзитам'));
    expect(lines).toEqual([
      '🪐 По транзитам: ближайшее благоприятное окно — 10 марта – 2 апреля (Сатурн в трине к Луне). Это подсказка неба, а не карт.',
    ]);
    // The window is the list's favourable transit that is open soonest (here one already in force).
    const list = (await h.call(withChart, 'GET', '/api/natal/transits')).body.data.transits;
    expect(list.find((t: any) => t.title === 'Сатурн в трине к Луне')).toMatchObject({ nature: 'easy', end: '2026-04-02' });
    // The last paragraph, apart from the cards' conclusion.
    expect(timing.trimEnd().endsWith('а не карт.')).toBe(true);
    expect(await readingText(withChart, 'Что меня ждёт в любви?')).not.toContain('По транзитам');
    expect(await readingText(without, 'Когда я встречу свою любовь?')).not.toContain('По транзитам');
  });
});
