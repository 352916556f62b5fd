// Every session and token ends together, through the real app: «Выйти везде» and the deletion of the account
// end the browser sessions, the st1 and lt1 tokens (their generation moves on) and the unspent sign-in links; a
// token of a deleted account does not create it anew; and one valid Login Widget payload replayed many times
// makes only so many sessions (per Telegram id, per address, and a cap of live sessions per user).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SESSIONS_PER_USER, SIGN_IN_LIMITS } from '../services/web-auth';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

const ORIGIN = 'http://localhost';

describe.each(TEST_DB_KINDS)('sessions and tokens end together (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await h.app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN, ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json(), cookie: res.headers.get('set-cookie')?.split(';')[0] ?? null };
  }
  const status = (headers: Record<string, string>) => h.app.request('/api/user/status', { headers });
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const launchToken = async (user: number) => h.identity.signLaunchToken(user, 3600, await h.services.webAuth.tokenGeneration(user));
  /** Everything a user may hold: a cookie session, an lt1 (the keyboard's), an st1 (exchanged), an unspent link. */
  async function signedInEverywhere(user: number) {
    await h.call({ id: user, first_name: 'Лиза' }, 'GET', '/api/user/status');
    const cookie = (await post('/api/auth/link', { token: await h.services.webAuth.createLinkToken(user) })).cookie!;
    const lt1 = await launchToken(user);
    const st1 = (await post('/api/auth/exchange', { token: lt1 })).body.data.token as string;
    const link = await h.services.webAuth.createLinkToken(user);
    for (const headers of [{ Cookie: cookie }, bearer(st1), bearer(lt1)]) expect((await status(headers)).status).toBe(200);
    return { cookie, lt1, st1, link };
  }

  it('«Выйти везде» ends the cookie sessions, the st1 and lt1 tokens and the unspent links; /start’s new token works', async () => {
    const user = 68_000_001;
    const t = await signedInEverywhere(user);
    const out = await h.call(user, 'DELETE', '/api/auth/sessions');
    expect(out.status).toBe(200);

    expect((await status({ Cookie: t.cookie })).status).toBe(401);
    for (const token of [t.st1, t.lt1]) {
      const r = await status(bearer(token));
      expect(r.status).toBe(401);
      expect((await r.json()).error).toMatch(/^token: вход отменён/);
    }
    expect((await post('/api/auth/exchange', { token: t.lt1 })).status).toBe(401);
    expect((await post('/api/auth/link', { token: t.link })).status).toBe(401);

    // A token of the new generation (the bot's /start signs one) signs in again.
    const fresh = await launchToken(user);
    expect((await status(bearer(fresh))).status).toBe(200);
    const st1 = (await post('/api/auth/exchange', { token: fresh })).body.data.token;
    expect((await status(bearer(st1))).status).toBe(200);
  });

  it('after DELETE /api/user an old st1 neither works nor writes the user anew', async () => {
    const user = 68_000_002;
    const t = await signedInEverywhere(user);
    expect((await h.call(user, 'DELETE', '/api/user', { confirm: true })).status).toBe(200);

    for (const headers of [bearer(t.st1), bearer(t.lt1), { Cookie: t.cookie }]) expect((await status(headers)).status).toBe(401);
    expect((await post('/api/auth/exchange', { token: t.lt1 })).status).toBe(401);
    expect((await post('/api/auth/link', { token: t.link })).status).toBe(401);
    const written = await h.db.selectFrom('users').select('id').where('id', '=', user).executeTakeFirst();
    expect(written).toBeUndefined();
  });

  it('one valid Login Widget payload replayed 300 times makes only so many sessions; then 429', async () => {
    const user = 68_000_003;
    h.setNow(new Date('2030-06-01T10:00:00Z'));
    const fields = h.identity.signLoginWidget({ id: user, first_name: 'Ника' });
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) statuses.push((await post('/api/auth/telegram-login', fields, { 'X-Test': String(i) })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(SIGN_IN_LIMITS.session.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(300 - SIGN_IN_LIMITS.session.limit);
    const refused = await post('/api/auth/telegram-login', fields);
    expect(refused.body.error).toMatch(/^Слишком много входов\. Попробуйте через /);
    const sessions = await h.db.selectFrom('web_sessions').select('id_hash').where('user_id', '=', user).execute();
    expect(sessions.length).toBeLessThanOrEqual(MAX_SESSIONS_PER_USER);

    // Hours later, more sign-ins: the oldest sessions end, never more than the cap live at once.
    for (let hour = 1; hour <= 3; hour++) {
      h.setNow(new Date(Date.parse('2030-06-01T10:00:00Z') + hour * 3600_000 + 1000));
      for (let i = 0; i < SIGN_IN_LIMITS.session.limit; i++)
        expect((await post('/api/auth/telegram-login', h.identity.signLoginWidget({ id: user, first_name: 'Ника' }))).status).toBe(200);
    }
    const live = await h.db.selectFrom('web_sessions').select('id_hash').where('user_id', '=', user).execute();
    expect(live).toHaveLength(MAX_SESSIONS_PER_USER);
  });

  it('sign-ins from one address are limited whoever signs in', async () => {
    h.setNow(new Date('2030-06-02T10:00:00Z'));
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMITS.address.limit + 5; i++)
      statuses.push(
        (await post('/api/auth/telegram-login', h.identity.signLoginWidget({ id: 68_100_000 + i, first_name: 'Гость' }))).status,
      );
    expect(statuses.filter((s) => s === 200)).toHaveLength(SIGN_IN_LIMITS.address.limit);
    expect(statuses.slice(SIGN_IN_LIMITS.address.limit).every((s) => s === 429)).toBe(true);
  });
});
