// Signing in through the real Hono app: a new user's concurrent first calls all succeed; a signed profile
// holding what PostgreSQL cannot store (NUL, half a surrogate pair) is stored cleaned, never a 500; failed
// sign-ins are throttled per client address, X-Forwarded-For is believed only from TRUSTED_PROXIES, and
// a request with valid initData is never refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';
import { serveApp, type ServedApp } from '../test/sse-client';
import { FAILED_AUTH_PER_MINUTE } from './auth';

describe.each(TEST_DB_KINDS)('signing in (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h?.close());

  it('a brand-new user’s concurrent first calls all succeed (none answers 404)', async () => {
    for (let round = 0; round < 5; round++) {
      const user = 63_000 + round;
      const paths = [
        '/api/user/status',
        '/api/user/status',
        '/api/user/entitlements',
        '/api/config/pricing',
        '/api/user/readings',
        '/api/user/daily-card/available',
      ];
      const answers = await Promise.all([...paths, ...paths].map((p) => h.call(user, 'GET', p)));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    }
  });

  it('a signed profile with a NUL or half a surrogate pair in its name is stored cleaned, never a 500', async () => {
    const profile = { id: 63_100, first_name: 'Ан\u0000на\ud800', last_name: '\udc00Ли', username: 'anna\u0000_x' };
    for (let i = 0; i < 3; i++) {
      const r = await h.call(profile, 'GET', '/api/user/status');
      expect(r.status).toBe(200);
    }
    const info = await h.call(profile, 'GET', `/api/user/info/${profile.id}`);
    expect(info.status).toBe(200);
    expect(info.body.data.user).toMatchObject({ firstName: 'Анна\ufffd', lastName: '\ufffdЛи', username: 'anna_x' });
    expect((await h.call(profile, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что меня ждёт сегодня?' })).status).toBe(
      201,
    );
  });
});

describe('the failed sign-in throttle', () => {
  const bad = { Authorization: 'tma hash=0000&user=%7B%22id%22%3A1%7D' };

  async function hammer(base: string, headers: Record<string, string>, n = FAILED_AUTH_PER_MINUTE + 5) {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      const r = await fetch(`${base}/api/user/status`, { headers: { ...bad, ...headers } });
      await r.arrayBuffer();
      statuses.push(r.status);
    }
    return statuses;
  }

  describe('with no trusted proxies (the default)', () => {
    let h: Harness;
    let served: ServedApp;
    beforeAll(async () => {
      h = await createHarness('pglite');
      served = await serveApp(h.app);
    });
    afterAll(async () => {
      await served?.close();
      await h?.close();
    });

    it('ignores X-Forwarded-For: a forged header neither escapes the throttle nor locks anyone else out, and valid initData is never refused', async () => {
      // Each bad request names a different "client": all of them still count against the real peer.
      const statuses: number[] = [];
      for (let i = 0; i < FAILED_AUTH_PER_MINUTE + 5; i++) {
        const r = await fetch(`${served.url}/api/user/status`, { headers: { ...bad, 'X-Forwarded-For': `10.0.${i}.1` } });
        await r.arrayBuffer();
        statuses.push(r.status);
      }
      expect(statuses.slice(0, FAILED_AUTH_PER_MINUTE)).toEqual(Array(FAILED_AUTH_PER_MINUTE).fill(401));
      expect(statuses.at(-1)).toBe(429);
      // A valid user behind the same address (the same NAT) is served all the same.
      const ok = await fetch(`${served.url}/api/user/status`, {
        headers: { Authorization: h.authFor(63_200), 'X-Forwarded-For': '10.0.0.1' },
      });
      expect(ok.status).toBe(200);
    });
  });

  describe('with TRUSTED_PROXIES naming our proxy', () => {
    let h: Harness;
    let served: ServedApp;
    beforeAll(async () => {
      h = await createHarness('pglite', { trustedProxies: ['127.0.0.1'] });
      served = await serveApp(h.app);
    });
    afterAll(async () => {
      await served?.close();
      await h?.close();
    });

    it('throttles the client the proxy names, and only that one', async () => {
      const attacker = await hammer(served.url, { 'X-Forwarded-For': '203.0.113.7, 127.0.0.1' });
      expect(attacker.at(-1)).toBe(429);
      // Another client behind the same proxy is not locked out by it.
      const other = await fetch(`${served.url}/api/user/status`, { headers: { ...bad, 'X-Forwarded-For': '198.51.100.2' } });
      expect(other.status).toBe(401);
      // And the attacker's address with valid initData is served.
      const ok = await fetch(`${served.url}/api/user/status`, {
        headers: { Authorization: h.authFor(63_201), 'X-Forwarded-For': '203.0.113.7' },
      });
      expect(ok.status).toBe(200);
    });
  });
});
