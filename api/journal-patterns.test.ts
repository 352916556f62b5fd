// The journal's patterns through HTTP: the topics asked about and the ratings given over the month (beside the
// returning cards, suits and majors already there), and the all-time view — VIP's, 402 with the plan's offer
// for others — which counts readings of earlier months too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from '../domain/text/time';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

const TZ = 'Europe/Moscow';
const at = (day: string) => zonedTimeToUtc(day, '12:00', TZ);
const own = (...ids: string[]) => ids.map((id) => ({ id, reversed: false }));

describe.each(TEST_DB_KINDS)('journal patterns on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { now: at('2026-10-20') });
  });
  afterAll(() => h.close());

  async function reading(user: number, day: string, question: string, cards: string[], rating?: number) {
    h.setNow(at(day));
    const r = await h.call(user, 'POST', '/api/readings', { spreadType: 'past_present_future', question, ownCards: own(...cards) });
    expect(r.status).toBe(201);
    expect((await h.call(user, 'GET', `/api/readings/${r.body.data.id}/interpretation`)).status).toBe(200);
    if (rating) expect((await h.call(user, 'POST', `/api/readings/${r.body.data.id}/review`, { rating })).status).toBeLessThan(300);
  }

  async function history(user: number, plan: 'basic' | 'vip') {
    h.setNow(at('2026-10-20'));
    expect((await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: plan })).status).toBe(200);
    await reading(user, '2026-10-20', 'Любит ли он меня?', ['lovers', 'tower', 'star'], 5);
    await reading(user, '2026-11-02', 'Стоит ли мне менять работу?', ['tower', 'sun', 'ace-of-cups'], 4);
    await reading(user, '2026-11-10', 'Что ждёт меня на работе?', ['tower', 'moon', 'star'], 2);
    await reading(user, '2026-11-12', 'Как наладить отношения с мамой?', ['empress', 'hermit', 'sun']);
  }

  it('the month shows the topics asked and the ratings beside the returning cards; all time is VIP’s', async () => {
    const user = 52_101;
    await history(user, 'basic');
    h.setNow(at('2026-11-15'));
    const month = (await h.call(user, 'GET', '/api/user/journal')).body.data;
    expect(month.scope).toBe('month');
    expect(month.readings).toBe(3);
    expect(month.topCards[0]).toMatchObject({ name: 'Башня', count: 2 });
    expect(month.patterns.topics).toEqual([
      { topic: 'work', label: 'Работа', count: 2 },
      { topic: 'family', label: 'Семья', count: 1 },
    ]);
    expect(month.patterns.ratings).toEqual({ count: 2, average: 3, stars: [0, 1, 0, 1, 0] });

    const all = await h.call(user, 'GET', '/api/user/journal?scope=all');
    expect(all.status).toBe(402);
    expect(all.body.error).toMatch(/Дневник за всё время открывает VIP/);
    const bad = await h.call(user, 'GET', '/api/user/journal?scope=year');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^scope: /);
  });

  it('VIP’s all-time view counts every month', async () => {
    const user = 52_102;
    await history(user, 'vip');
    h.setNow(at('2026-11-15'));
    const all = (await h.call(user, 'GET', '/api/user/journal?scope=all')).body.data;
    expect(all).toMatchObject({ scope: 'all', monthLabel: 'за всё время', readings: 4 });
    expect(all.topCards[0]).toMatchObject({ name: 'Башня', count: 3 });
    expect(all.patterns.topics.map((t: any) => [t.label, t.count])).toEqual([
      ['Работа', 2],
      ['Любовь', 1],
      ['Семья', 1],
    ]);
    expect(all.patterns.ratings).toMatchObject({ count: 3, average: 3.7 });
  });
});
