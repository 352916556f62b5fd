// Deleting the account deletes the data, not the limits: through the real app, a user who hit a limit, deleted
// their data and signed in again is still limited until the limit's window ends (the AI calls, the day's free
// spread, a per-user limit), and what is kept of them in between names no Telegram id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIMITS } from '../services/user-limits';
import { userKey } from '../services/user-key';
import { TEST_DB_KINDS } from '../test/databases';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';
import { createHarness, TEST_SERVER_SECRET, type Harness } from '../test/harness';

const AI_CALLS = 2;

describe.each(TEST_DB_KINDS)('limits after deleting the account (%s)', (kind) => {
  let h: Harness;
  let fake: FakeOpenAI;
  // Special access: spreads are not what runs out here, the AI calls are.
  const SPECIAL = 67_000_001;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    fake.set({ mode: 'ok', firstTokenDelayMs: 0, tokenDelayMs: 0 });
    h = await createHarness(kind, {
      specialAccessUserIds: [SPECIAL],
      ai: { apiKey: 'sk-test', baseUrl: fake.baseUrl, rateLimit: { calls: AI_CALLS, windowS: 600 } },
    });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  const profile = (id: number) => ({ id, first_name: 'Вера', username: 'vera' });
  const erase = async (id: number) => expect((await h.call(id, 'DELETE', '/api/user', { confirm: true })).status).toBe(200);
  async function readAndInterpret(id: number) {
    const r = await h.call(id, 'POST', '/api/readings', { spreadType: 'past_present_future', question: 'Что ждёт меня на работе?' });
    expect(r.status).toBe(201);
    return h.call(id, 'GET', `/api/readings/${r.body.data.id}/interpretation`);
  }

  it('create → interpret → 429 → DELETE /api/user → sign in again: the AI calls are still spent', async () => {
    h.setNow(new Date('2026-05-04T09:00:00Z'));
    await h.call(profile(SPECIAL), 'GET', '/api/user/status');
    for (let i = 0; i < AI_CALLS; i++) expect((await readAndInterpret(SPECIAL)).status).toBe(200);
    const limited = await readAndInterpret(SPECIAL);
    expect(limited.status).toBe(429);
    const calls = fake.requests.length;

    await erase(SPECIAL);
    // Nothing kept names the id: the limits sit under its keyed hash.
    const kept = await h.db.selectFrom('erased_limits').selectAll().execute();
    expect(kept.map((k) => k.subject)).toContain(userKey(TEST_SERVER_SECRET, SPECIAL));
    expect(JSON.stringify(kept)).not.toContain(String(SPECIAL));

    expect((await h.call(profile(SPECIAL), 'GET', '/api/user/status')).status).toBe(200);
    const again = await readAndInterpret(SPECIAL);
    expect(again.status).toBe(429);
    expect(again.body.error).toMatch(/^Слишком много запросов к толкованиям/);
    expect(fake.requests.length).toBe(calls);

    // The window ends as it would have: then the AI answers again.
    h.setNow(new Date('2026-05-04T09:10:01Z'));
    expect((await readAndInterpret(SPECIAL)).status).toBe(200);
  });

  it('the day’s free spread stays used after deletion, until the day ends', async () => {
    const user = 67_000_002;
    h.setNow(new Date('2026-05-04T10:00:00Z'));
    expect((await h.call(profile(user), 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что ждёт сегодня?' })).status).toBe(
      201,
    );
    expect((await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'А ещё?' })).status).toBe(429);
    await erase(user);

    const status = (await h.call(profile(user), 'GET', '/api/user/status')).body.data.userStatus;
    expect(status).toMatchObject({ freeSpreadUsed: true, remainingSpreads: 0, dailySpreadsDate: '2026-05-04', totalSpreadsUsed: 0 });
    expect((await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что ждёт сегодня?' })).status).toBe(429);
    // Reporting another time zone does not open a new day early, as after any change of zone.
    await h.call(user, 'PUT', '/api/user/settings', { timeZone: 'Pacific/Kiritimati' });
    expect((await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что ждёт сегодня?' })).status).toBe(429);

    // Moscow's next day: a new spread, and nothing is kept any more.
    h.setNow(new Date('2026-05-04T21:00:01Z'));
    expect((await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что ждёт сегодня?' })).status).toBe(201);
    expect(await h.db.selectFrom('erased_limits').selectAll().where('subject', '=', userKey(TEST_SERVER_SECRET, user)).execute()).toEqual(
      [],
    );
  });

  it('a per-user limit (analytics events) outlives the deletion for its window', async () => {
    const user = 67_000_003;
    h.setNow(new Date('2026-05-04T12:00:00Z'));
    const track = () => h.call(user, 'POST', '/api/analytics/track', { event: 'subscription_page_view', payload: {} });
    await h.call(profile(user), 'GET', '/api/user/status');
    for (let i = 0; i < USER_LIMITS.analytics.limit; i++) expect((await track()).status).toBe(200);
    expect((await track()).status).toBe(429);
    await erase(user);
    await h.call(profile(user), 'GET', '/api/user/status');
    expect((await track()).status).toBe(429);
    h.setNow(new Date(Date.parse('2026-05-04T12:00:00Z') + USER_LIMITS.analytics.windowS * 1000 + 1000));
    expect((await track()).status).toBe(200);
  });
});
