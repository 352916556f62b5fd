// The reading in progress lives on the server: each card turned on the table is recorded
// (POST /api/readings/:id/turned, idempotent, only forward, nothing charged), the app finds the reading again
// (GET /api/readings/in-progress), the archive shows only the turned cards and marks it unfinished, and
// once it is read the whole spread counts as turned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

describe.each(TEST_DB_KINDS)('the reading on the table on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const deal = async (user: number, spreadType = 'free_daily') => {
    const r = await h.call(user, 'POST', '/api/readings', { spreadType, question: 'Что ждёт меня в работе?', table: true });
    expect(r.status).toBe(201);
    return r.body.data;
  };
  const status = async (user: number) => (await h.call(user, 'GET', '/api/user/status')).body.data.userStatus;

  it('records the turned cards once, finds the reading again with the same cards, and charges nothing more', async () => {
    const user = 50_101;
    const dealt = await deal(user);
    expect(dealt.turned).toBe(0);
    expect(dealt.inProgress).toBe(true);
    expect(dealt.cards).toHaveLength(3);
    const quota = (await status(user)).freeSpreadAvailable;
    expect(quota).toBe(false);

    const one = await h.call(user, 'POST', `/api/readings/${dealt.id}/turned`, { turned: 1 });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual({ readingId: dealt.id, turned: 1, total: 3, inProgress: true });
    // Twice, and a late smaller count: no change.
    expect((await h.call(user, 'POST', `/api/readings/${dealt.id}/turned`, { turned: 1 })).body.data.turned).toBe(1);

    const back = await h.call(user, 'GET', '/api/readings/in-progress');
    expect(back.status).toBe(200);
    const again = back.body.data.reading!;
    expect(again.id).toBe(dealt.id);
    expect(again.turned).toBe(1);
    expect(again.cards.map((c) => [c.cardId, c.orientation])).toEqual(dealt.cards.map((c) => [c.cardId, c.orientation]));

    // The archive shows the one turned card and marks the reading unfinished.
    const list = (await h.call(user, 'GET', '/api/user/readings?limit=10&offset=0')).body.data.readings;
    const entry = list.find((r) => r.id === dealt.id)!;
    expect(entry.inProgress).toBe(true);
    expect(entry.cards.map((c) => c.cardId)).toEqual([dealt.cards[0].cardId]);

    expect((await h.call(user, 'POST', `/api/readings/${dealt.id}/turned`, { turned: 3 })).body.data.turned).toBe(3);
    expect((await h.call(user, 'POST', `/api/readings/${dealt.id}/turned`, { turned: 2 })).body.data.turned).toBe(3);

    // Read: no longer in progress, every card shown, nothing charged again (a second deal is refused today).
    const read = await h.call(user, 'GET', `/api/readings/${dealt.id}/interpretation`);
    expect(read.status).toBe(200);
    expect((await h.call(user, 'GET', '/api/readings/in-progress')).body.data.reading).toBeNull();
    const after = (await h.call(user, 'GET', `/api/readings/${dealt.id}`)).body.data;
    expect(after.inProgress).toBe(false);
    expect(after.cards).toHaveLength(3);
    expect((await status(user)).freeSpreadAvailable).toBe(false);
    expect((await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'И ещё один?' })).status).toBe(429);
    // A turn after the reading was read changes nothing.
    expect((await h.call(user, 'POST', `/api/readings/${dealt.id}/turned`, { turned: 1 })).body.data).toMatchObject({
      turned: 3,
      inProgress: false,
    });
  });

  it('reads the whole spread even when the last turns were never recorded', async () => {
    const user = 50_102;
    const dealt = await deal(user);
    await h.call(user, 'POST', `/api/readings/${dealt.id}/turned`, { turned: 1 });
    const read = await h.call(user, 'GET', `/api/readings/${dealt.id}/interpretation`);
    expect(read.status).toBe(200);
    const after = (await h.call(user, 'GET', `/api/readings/${dealt.id}`)).body.data;
    expect(after.turned).toBe(3);
    expect(after.cards).toHaveLength(3);
  });

  it('a reading dealt for another client (no `table`) is shown whole and never on the table', async () => {
    const user = 50_106;
    const r = await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что ждёт меня в работе?' });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ turned: 3, total: 3, inProgress: false });
    expect((await h.call(user, 'GET', '/api/readings/in-progress')).body.data.reading).toBeNull();
    const bad = await h.call(50_107, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что ждёт меня?', table: 'да' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^table: /);
  });

  it('offers a reading on the table only within the archive’s window', async () => {
    const user = 50_105;
    const start = new Date('2026-05-01T09:00:00Z');
    // The harness puts the clock back when the test ends.
    h.setNow(start);
    const dealt = await deal(user);
    h.setNow(new Date(start.getTime() + 29 * 86_400_000));
    expect((await h.call(user, 'GET', '/api/readings/in-progress')).body.data.reading?.id).toBe(dealt.id);
    h.setNow(new Date(start.getTime() + 31 * 86_400_000));
    expect((await h.call(user, 'GET', '/api/readings/in-progress')).body.data.reading).toBeNull();
  });

  it('refuses bad input naming the field, and another user’s reading with 404', async () => {
    const user = 50_103;
    const dealt = await deal(user);
    for (const body of [{}, { turned: 'две' }, { turned: 0 }, { turned: 1.5 }, { turned: 99 }]) {
      const r = await h.call(user, 'POST', `/api/readings/${dealt.id}/turned`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toMatch(/^turned: /);
    }
    // More cards than this spread has: 400 naming the field, in Russian.
    const four = await h.call(user, 'POST', `/api/readings/${dealt.id}/turned`, { turned: 4 });
    expect(four.status).toBe(400);
    expect(four.body.error).toBe('turned: в этом раскладе всего 3 карты');
    const bad = await h.call(user, 'POST', '/api/readings/abc/turned', { turned: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^id: /);

    const other = await h.call(50_104, 'POST', `/api/readings/${dealt.id}/turned`, { turned: 1 });
    expect(other.status).toBe(404);
    expect((await h.call(50_104, 'GET', '/api/readings/in-progress')).body.data.reading).toBeNull();
    expect((await h.call(user, 'GET', `/api/readings/${dealt.id}`)).body.data.turned).toBe(0);
  });
});
