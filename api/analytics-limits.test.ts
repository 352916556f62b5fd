// Analytics events through the real Hono app: the same event from one user within a minute is stored once
// (answered as tracked), one user may send only so many, and all users together only so many a second per
// instance; over a limit the answer is 429 with Retry-After and a Russian message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS } from '../services/analytics';
import { USER_LIMITS } from '../services/user-limits';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

describe.each(TEST_DB_KINDS)('analytics limits (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h?.close());

  const track = (user: number, event: string, payload: Record<string, unknown> = {}) =>
    h.call(user, 'POST', '/api/analytics/track', { event, payload });
  const stored = (user: number) =>
    h.db.selectFrom('analytics_events').select(['event', 'payload']).where('user_id', '=', user).orderBy('id').execute();

  it('the same event from one user within a minute is answered as tracked and stored once', async () => {
    const user = 66_001;
    const t0 = new Date('2026-11-02T10:00:05Z');
    h.setNow(t0);
    for (let i = 0; i < 5; i++) {
      const r = await track(user, 'paywall_shown', { i });
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ tracked: true });
    }
    await Promise.all(Array.from({ length: 5 }, () => track(user, 'saw_free_card')));
    expect(await stored(user)).toEqual([
      { event: 'paywall_shown', payload: { i: 0 } },
      { event: 'saw_free_card', payload: {} },
    ]);
    // Another user's same event is theirs.
    await track(66_002, 'paywall_shown');
    expect(await stored(66_002)).toHaveLength(1);
    // A minute later the event counts again.
    h.setNow(new Date(t0.getTime() + 60_000));
    await track(user, 'paywall_shown', { i: 9 });
    expect((await stored(user)).map((r) => r.payload)).toEqual([{ i: 0 }, {}, { i: 9 }]);
  });

  it('one user may send only so many events (429 with Retry-After and a Russian message); others are served', async () => {
    const user = 66_010;
    h.setNow(new Date('2026-11-02T11:00:00Z'));
    const statuses: number[] = [];
    for (let i = 0; i < USER_LIMITS.analytics.limit + 3; i++) statuses.push((await track(user, 'subscription_page_view')).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(USER_LIMITS.analytics.limit);
    const refused = await track(user, 'paywall_shown');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.error).toMatch(/^Слишком много событий\. Попробуйте через \d+ минут/);
    expect(await stored(user)).toHaveLength(1);
    expect((await track(66_011, 'paywall_shown')).status).toBe(200);
  });

  it('all users together: only so many a second per instance, then 429 until the next second', async () => {
    const t0 = new Date('2026-11-02T12:00:00.200Z');
    h.setNow(t0);
    const answers = [];
    for (let i = 0; i < ANALYTICS_LIMITS.perSecond + 5; i++) answers.push(await track(66_100 + i, 'saw_week_offer'));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(ANALYTICS_LIMITS.perSecond);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body.error).toMatch(/[а-я]/);
    const rows = await h.db.selectFrom('analytics_events').select('id').where('event', '=', 'saw_week_offer').execute();
    expect(rows).toHaveLength(ANALYTICS_LIMITS.perSecond);
    h.setNow(new Date(t0.getTime() + 1000));
    expect((await track(66_099, 'saw_week_offer')).status).toBe(200);
  });
});
