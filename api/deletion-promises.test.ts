// Deletion deletes what it promises, through the real app: the share pictures drawn from the user's readings go
// with them (a picture another user's reading shows too stays for that user), and a returning user who had the
// trial before deleting their data is told by GET /api/config/pricing that it is not available, as the purchase
// then refuses it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyErasedMarker, userKey } from '../services/user-key';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, TEST_SERVER_SECRET, type Harness } from '../test/harness';

describe.each(TEST_DB_KINDS)('what deletion promises (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    // Every deal the same: two users' readings can show the very same picture.
    h = await createHarness(kind, { randomInt: () => 0 });
  });
  afterAll(() => h.close());

  const picture = async (user: number, id: number, question: 0 | 1) => {
    const res = await h.app.request(`/api/readings/${id}/image?format=card&question=${question}`, {
      headers: { Authorization: h.authFor(user) },
    });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };
  const pictureCount = async () => (await h.db.selectFrom('share_pictures').select('hash').execute()).length;
  const erase = async (user: number) => expect((await h.call(user, 'DELETE', '/api/user', { confirm: true })).status).toBe(200);

  it('the share pictures of the user’s readings go with them; one another user’s reading shows stays', async () => {
    const [a, b] = [69_000_001, 69_000_002];
    const ra = (await h.call(a, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что скажет мне Анна?' })).body.data;
    const rb = (await h.call(b, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что ждёт меня в мае?' })).body.data;
    const before = await pictureCount();
    await picture(a, ra.id, 1);
    const shared = await picture(a, ra.id, 0);
    await picture(b, rb.id, 1);
    // Without the question both readings draw the same picture: stored once.
    expect((await picture(b, rb.id, 0)).equals(shared)).toBe(true);
    expect(await pictureCount()).toBe(before + 3);

    await erase(a);
    // A's picture with A's question is gone; the one B's reading shows too stays.
    expect(await pictureCount()).toBe(before + 2);
    expect((await picture(b, rb.id, 0)).equals(shared)).toBe(true);
    await erase(b);
    expect(await pictureCount()).toBe(before);
  });

  it('a returning user who had the trial is told it is not available, as the purchase refuses it', async () => {
    const user = 69_000_010;
    const pricing = async () => (await h.call(user, 'GET', '/api/config/pricing')).body.data.trial.available;
    await h.call({ id: user, first_name: 'Тая' }, 'GET', '/api/user/status');
    expect(await pricing()).toBe(true);
    const trial = await h.call(user, 'POST', '/api/payments/create-initial', { planId: 'vip', autopayConsent: true, trialDays: 7 });
    expect(trial.body.data).toMatchObject({ trial: true, amount: 10 });
    await erase(user);

    await h.call({ id: user, first_name: 'Тая' }, 'GET', '/api/user/status');
    expect(await pricing()).toBe(false);
    // The purchase agrees: the full price, not the trial's.
    const asked = await h.call(user, 'POST', '/api/payments/create-initial', { planId: 'vip', autopayConsent: true, trialDays: 7 });
    expect(asked.status).toBe(409);
    expect(asked.body.code).toBe('trial_unavailable');
    const again = await h.call(user, 'POST', '/api/payments/create-initial', { planId: 'vip', autopayConsent: true });
    expect(again.body.data).toMatchObject({ trial: false, amount: 499 });
  });

  it('the erased-user marker is the keyed hash; a marker of the old unkeyed kind still counts and is re-keyed on return', async () => {
    const user = 69_000_020;
    const markers = () => h.db.selectFrom('erased_users').select(['id_hash', 'trial_used', 'legacy']).execute();
    await h.call(user, 'POST', '/api/payments/create-initial', { planId: 'basic', autopayConsent: true, trialDays: 7 });
    await erase(user);
    const keyed = userKey(TEST_SERVER_SECRET, user);
    expect((await markers()).find((m) => m.id_hash === keyed)).toMatchObject({ trial_used: true, legacy: false });
    expect((await markers()).some((m) => m.id_hash === legacyErasedMarker(user))).toBe(false);

    // A user erased before the server secret existed: their marker was sha256('tarot-erased:' + id), kept as legacy.
    const old = 69_000_021;
    await h.db
      .insertInto('erased_users')
      .values({ id_hash: legacyErasedMarker(old), trial_used: true, purchased: true, legacy: true })
      .execute();
    await h.call({ id: old, first_name: 'Рая' }, 'GET', '/api/user/status');
    expect((await h.call(old, 'GET', '/api/config/pricing')).body.data.trial.available).toBe(false);
    const now = await markers();
    expect(now.some((m) => m.id_hash === legacyErasedMarker(old))).toBe(false);
    expect(now.find((m) => m.id_hash === userKey(TEST_SERVER_SECRET, old))).toMatchObject({ trial_used: true, legacy: false });
  });
});
