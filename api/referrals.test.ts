// Friends who bring friends through HTTP: the personal link on the invite screen's endpoint, one extra spread that
// day for both when an invited friend's first reading is dealt (once), at most five rewards a month per inviter,
// nothing for a self-invitation or for accounts created the same minute, and a deleted and re-created friend
// not rewarded twice.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

const NOW = new Date('2026-12-07T09:00:00Z');
const ADMIN = 81_999;

describe.each(TEST_DB_KINDS)('referrals on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { now: NOW, adminUserIds: [ADMIN] });
  });
  afterAll(() => h.close());

  /** Signs in as Telegram does for a launch by `startapp=<param>` (creating the account). */
  async function arrive(id: number, startParam: string) {
    const auth = `tma ${h.identity.signInitData({ id, first_name: 'Друг' }, { startParam })}`;
    const res = await h.app.request('/api/user/status', { headers: { Authorization: auth } });
    expect(res.status).toBe(200);
  }
  /** The account's creation, moved back (accounts made in one test run share a real minute). */
  const createdMinutesAgo = (id: number, minutes: number) =>
    sql`update users set created_at = now() - make_interval(mins => ${minutes}) where id = ${id}`.execute(h.db);
  const read = (id: number, question = 'Что ждёт меня в работе на этой неделе?') =>
    h.call(id, 'POST', '/api/readings', { spreadType: 'free_daily', question });
  const status = async (id: number) => (await h.call(id, 'GET', '/api/user/status')).body.data.userStatus;
  const invite = async (id: number) => (await h.call(id, 'GET', '/api/referrals')).body.data;

  async function inviter(id: number) {
    expect((await h.call(id, 'GET', '/api/user/status')).status).toBe(200);
    await createdMinutesAgo(id, 24 * 60);
  }

  it('grants one extra spread that day to both, once, and the invite screen counts the friend', async () => {
    await inviter(81_001);
    const before = await invite(81_001);
    expect(before).toMatchObject({ startParam: 'ref_81001', joined: 0, rewarded: 0, rewardedThisMonth: 0, monthlyCap: 5 });

    await arrive(81_002, 'ref_81001');
    expect((await invite(81_001)).joined).toBe(1);
    expect((await status(81_002)).maxDailySpreads).toBe(1);
    expect((await read(81_002)).status).toBe(201);
    // Both have a second spread today.
    expect(await status(81_002)).toMatchObject({ maxDailySpreads: 2, remainingSpreads: 1 });
    expect(await status(81_001)).toMatchObject({ maxDailySpreads: 2, remainingSpreads: 2 });
    expect((await read(81_002, 'А что с отношениями в этом месяце?')).status).toBe(201);
    const third = await read(81_002, 'И ещё один вопрос про деньги?');
    expect(third.status).toBe(429);
    expect(await invite(81_001)).toMatchObject({ joined: 1, rewarded: 1, rewardedThisMonth: 1 });

    // The next day the friend's later readings earn nothing more.
    h.setNow(new Date(NOW.getTime() + 24 * 3600_000));
    expect((await read(81_002)).status).toBe(201);
    expect((await status(81_002)).maxDailySpreads).toBe(1);
    expect((await status(81_001)).maxDailySpreads).toBe(1);
  });

  it('a self-invitation earns nothing', async () => {
    await arrive(81_010, 'ref_81010');
    await createdMinutesAgo(81_010, 24 * 60);
    expect((await read(81_010)).status).toBe(201);
    expect((await status(81_010)).maxDailySpreads).toBe(1);
    expect((await invite(81_010)).joined).toBe(0);
  });

  it('accounts created the same minute as the inviter, or as another friend, earn nothing', async () => {
    // The inviter's account and the friend's made within a minute (one person switching accounts).
    await h.call(81_020, 'GET', '/api/user/status');
    await arrive(81_021, 'ref_81020');
    expect((await read(81_021)).status).toBe(201);
    expect((await status(81_021)).maxDailySpreads).toBe(1);
    expect((await status(81_020)).maxDailySpreads).toBe(1);

    // Two friends of an older inviter created within the same minute: only the first counts.
    await inviter(81_030);
    await arrive(81_031, 'ref_81030');
    await arrive(81_032, 'ref_81030');
    expect((await read(81_031)).status).toBe(201);
    expect((await read(81_032)).status).toBe(201);
    expect((await status(81_031)).maxDailySpreads).toBe(2);
    expect((await status(81_032)).maxDailySpreads).toBe(1);
    expect((await status(81_030)).maxDailySpreads).toBe(2);
    expect(await invite(81_030)).toMatchObject({ joined: 2, rewarded: 1 });
  });

  it('at most five rewards a month per inviter; the next month counts afresh', async () => {
    await inviter(81_040);
    const friends = [81_041, 81_042, 81_043, 81_044, 81_045, 81_046];
    for (const [i, f] of friends.entries()) {
      await arrive(f, 'ref_81040');
      await createdMinutesAgo(f, 10 + i * 5);
      expect((await read(f)).status).toBe(201);
    }
    for (const f of friends.slice(0, 5)) expect((await status(f)).maxDailySpreads).toBe(2);
    expect((await status(81_046)).maxDailySpreads).toBe(1);
    // Five rewards in one day: the inviter's day holds five extra spreads.
    expect((await status(81_040)).maxDailySpreads).toBe(6);
    expect(await invite(81_040)).toMatchObject({ joined: 6, rewarded: 5, rewardedThisMonth: 5 });

    h.setNow(new Date('2027-01-03T09:00:00Z'));
    await arrive(81_047, 'ref_81040');
    await createdMinutesAgo(81_047, 60);
    expect((await read(81_047)).status).toBe(201);
    expect((await status(81_047)).maxDailySpreads).toBe(2);
    expect(await invite(81_040)).toMatchObject({ rewarded: 6, rewardedThisMonth: 1 });
  });

  it('a friend who deletes the account and comes back by the link is not rewarded again', async () => {
    await inviter(81_050);
    await arrive(81_051, 'ref_81050');
    await createdMinutesAgo(81_051, 30);
    expect((await read(81_051)).status).toBe(201);
    expect((await status(81_050)).maxDailySpreads).toBe(2);
    expect((await h.call(81_051, 'DELETE', '/api/user', { confirm: true })).status).toBe(200);

    h.setNow(new Date(NOW.getTime() + 24 * 3600_000));
    await arrive(81_051, 'ref_81050');
    await createdMinutesAgo(81_051, 30);
    expect((await read(81_051)).status).toBe(201);
    expect((await status(81_051)).maxDailySpreads).toBe(1);
    expect((await status(81_050)).maxDailySpreads).toBe(1);
  });

  it("the owner's «Рефералы» tab: rewards granted and refused in the period, the inviters who brought most", async () => {
    const r = await h.call(ADMIN, 'GET', '/api/admin/referrals?from=2026-12-01&to=2027-01-31');
    expect(r.status).toBe(200);
    const d = r.body.data;
    // 81001, 81030, 81040 (5 + 1), 81050: nine granted; 81021, 81032 (same minute) and 81046 (cap) refused.
    expect(d).toMatchObject({ granted: 9, refused: 3 });
    expect(d.inviters[0]).toMatchObject({ userId: 81_040, granted: 6, monthlyCap: 1 });
    expect(d.inviters.find((i: { userId: number }) => i.userId === 81_030)).toMatchObject({ granted: 1, sameMinute: 1 });
    expect((await h.call(81_001, 'GET', '/api/admin/referrals?days=7')).status).toBe(404);
  });
});
