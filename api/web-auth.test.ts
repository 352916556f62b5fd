// Browser sign-in through the real app: the Login Widget's check, the bot's one-time link, the cookie
// session (Origin check, Authorization first, sliding expiry), the sessions list and signing out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

const ORIGIN = 'http://localhost';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

describe.each(TEST_DB_KINDS)('web sign-in on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await h.app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'User-Agent': UA, ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json(), cookie: res.headers.get('set-cookie') };
  }
  // The bot makes links for users it knows: the user exists first.
  const linkFor = async (user: number) => {
    await h.services.users.ensure(user);
    return h.services.webAuth.createLinkToken(user);
  };
  const returnFor = async (user: number) => {
    await h.services.users.ensure(user);
    return h.services.webAuth.createReturnToken(user);
  };
  const cookieOf = (setCookie: string | null) => setCookie!.split(';')[0];
  const get = (path: string, headers: Record<string, string>) => h.app.request(path, { headers });

  it('signs in with the Login Widget: an HttpOnly, SameSite=Lax cookie that opens the API', async () => {
    const fields = h.identity.signLoginWidget({ id: 61_000_001, first_name: 'Вера', username: 'vera' });
    const r = await post('/api/auth/telegram-login', fields);
    expect(r.status).toBe(200);
    expect(r.cookie).toMatch(/^tarot_session=[A-Za-z0-9_-]{43};/);
    expect(r.cookie).toMatch(/HttpOnly/);
    expect(r.cookie).toMatch(/SameSite=Lax/);
    // Plain-HTTP localhost: no Secure (the browser would drop it); anywhere else it is Secure.
    expect(r.cookie).not.toMatch(/Secure/);
    const status = await get('/api/user/status', { Cookie: cookieOf(r.cookie) });
    expect(status.status).toBe(200);
    expect((await status.json()).data.user).toMatchObject({ id: 61_000_001, firstName: 'Вера' });

    const https = await h.app.request('https://tarot.example/api/auth/telegram-login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://tarot.example' },
      body: JSON.stringify(fields),
    });
    expect(https.headers.get('set-cookie')).toMatch(/Secure/);
  });

  it('refuses a forged or stale widget payload with 401', async () => {
    const fields = h.identity.signLoginWidget({ id: 61_000_002, first_name: 'Ира' });
    const forged = await post('/api/auth/telegram-login', { ...fields, id: 61_000_003 });
    expect(forged.status).toBe(401);
    expect(forged.body.error).toMatch(/^hash: подпись Telegram неверна/);
    expect(forged.cookie).toBeNull();
    const stale = h.identity.signLoginWidget({ id: 61_000_002, first_name: 'Ира' }, new Date(Date.now() - 25 * 3600_000));
    const old = await post('/api/auth/telegram-login', stale);
    expect(old.status).toBe(401);
    expect(old.body.error).toMatch(/^auth_date: /);
    const bad = await post('/api/auth/telegram-login', { ...fields, hash: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^hash: /);
  });

  it('a bot link signs in once; the second use and an expired link are refused', async () => {
    const token = await linkFor(61_000_010);
    const first = await post('/api/auth/link', { token });
    expect(first.status).toBe(200);
    expect(first.cookie).toMatch(/^tarot_session=/);
    const second = await post('/api/auth/link', { token });
    expect(second.status).toBe(401);
    expect(second.body.error).toMatch(/уже использована или устарела/);
    const late = await linkFor(61_000_010);
    h.setNow(new Date(Date.now() + 11 * 60_000));
    expect((await post('/api/auth/link', { token: late })).status).toBe(401);
  });

  it('a cross-origin POST with the cookie is refused; Authorization decides over the cookie', async () => {
    const r = await post('/api/auth/link', { token: await linkFor(61_000_020) });
    const cookie = cookieOf(r.cookie);
    const evil = await h.app.request('/api/user/settings', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: 'https://evil.example' },
      body: JSON.stringify({ notifyDaily: false }),
    });
    expect(evil.status).toBe(403);
    expect((await evil.json()).error).toMatch(/^Origin: /);
    const noOrigin = await h.app.request('/api/user/settings', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: '{}',
    });
    expect(noOrigin.status).toBe(403);
    const own = await h.app.request('/api/user/settings', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: ORIGIN },
      body: JSON.stringify({ notifyDaily: false }),
    });
    expect(own.status).toBe(200);
    // Both: the Authorization header's user, not the cookie's.
    const both = await get('/api/user/status', { Cookie: cookie, Authorization: h.authFor(61_000_021) });
    expect((await both.json()).data.user.id).toBe(61_000_021);
    // A cross-site page cannot sign a browser in either.
    const csrf = await post('/api/auth/link', { token: await linkFor(61_000_020) }, { Origin: 'https://evil.example' });
    expect(csrf.status).toBe(403);
  });

  it('lists the sessions with device and last seen; «Выйти» ends one, «Выйти везде» all', async () => {
    const user = 61_000_030;
    const a = cookieOf((await post('/api/auth/link', { token: await linkFor(user) })).cookie);
    const b = cookieOf(
      (
        await post(
          '/api/auth/link',
          { token: await linkFor(user) },
          { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' },
        )
      ).cookie,
    );
    const list = await (await get('/api/auth/sessions', { Cookie: a })).json();
    expect(list.data.sessions).toHaveLength(2);
    expect(list.data.sessions.map((s: { device: string }) => s.device).sort()).toEqual(['Chrome · Linux', 'Safari · iOS']);
    const other = list.data.sessions.find((s: { current: boolean }) => !s.current);
    expect(other.lastSeenAt).toEqual(expect.any(String));
    const end = await h.app.request(`/api/auth/sessions/${other.id}`, { method: 'DELETE', headers: { Cookie: a, Origin: ORIGIN } });
    expect(end.status).toBe(200);
    expect((await get('/api/user/status', { Cookie: b })).status).toBe(401);
    // Someone else's session id answers as a missing one.
    const mine = (await (await get('/api/auth/sessions', { Cookie: a })).json()).data.sessions[0].id;
    const strangers = await h.app.request(`/api/auth/sessions/${mine}`, {
      method: 'DELETE',
      headers: { Authorization: h.authFor(61_000_031) },
    });
    expect(strangers.status).toBe(404);
    const all = await h.app.request('/api/auth/sessions', { method: 'DELETE', headers: { Cookie: a, Origin: ORIGIN } });
    expect((await all.json()).data.ended).toBe(1);
    const after = await get('/api/user/status', { Cookie: a });
    expect(after.status).toBe(401);
    expect((await after.json()).error).toMatch(/сессия закончилась/);
  });

  it('a session lasts 30 days from its last use', async () => {
    const t0 = Date.now();
    const cookie = cookieOf((await post('/api/auth/link', { token: await linkFor(61_000_040) })).cookie);
    h.setNow(new Date(t0 + 20 * 86400_000));
    expect((await get('/api/user/status', { Cookie: cookie })).status).toBe(200);
    h.setNow(new Date(t0 + 45 * 86400_000));
    expect((await get('/api/user/status', { Cookie: cookie })).status).toBe(200);
    h.setNow(new Date(t0 + 76 * 86400_000));
    expect((await get('/api/user/status', { Cookie: cookie })).status).toBe(401);
  });

  it('exchanges a launch token again and again, and a return token once', async () => {
    const launch = h.identity.signLaunchToken(61_000_050, 3600);
    for (let i = 0; i < 2; i++) {
      const r = await post('/api/auth/exchange', { token: launch });
      expect(r.status).toBe(200);
      expect(r.body.data.token).toMatch(/^st1\.61000050\./);
      expect((await get('/api/user/status', { Authorization: `Bearer ${r.body.data.token}` })).status).toBe(200);
    }
    const ret = await returnFor(61_000_050);
    expect((await post('/api/auth/exchange', { token: ret })).status).toBe(200);
    expect((await post('/api/auth/exchange', { token: ret })).status).toBe(401);
    h.setNow(new Date(Date.now() + 31 * 60_000));
    expect((await post('/api/auth/exchange', { token: await returnFor(61_000_050) })).status).toBe(200);
  });
});
