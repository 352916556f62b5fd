// Identity through the real app: only Telegram-signed initData or a server-signed launch token passes.
import { sign } from '@tma.js/init-data-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, TEST_BOT_TOKEN, type Harness } from '../test/harness';

describe.each(TEST_DB_KINDS)('initData on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const user = { id: 5_000_000_000_123, first_name: 'Анна', username: 'anna' };
  const status = (authorization?: string) =>
    h.app.request('/api/user/status', { headers: authorization === undefined ? {} : { Authorization: authorization } });

  it('accepts valid initData and answers for the signed user', async () => {
    const res = await status(`tma ${sign({ user } as any, TEST_BOT_TOKEN, new Date())}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.user).toMatchObject({ id: 5_000_000_000_123, firstName: 'Анна' });
  });

  it('accepts the Bearer scheme too', async () => {
    const res = await status(`Bearer ${sign({ user } as any, TEST_BOT_TOKEN, new Date())}`);
    expect(res.status).toBe(200);
  });

  it('rejects a tampered hash', async () => {
    const data = new URLSearchParams(sign({ user } as any, TEST_BOT_TOKEN, new Date()));
    data.set('user', JSON.stringify({ ...user, id: 42 }));
    const res = await status(`tma ${data}`);
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatch(/подпись неверна/);
  });

  it('rejects data signed with another bot token', async () => {
    const res = await status(`tma ${sign({ user } as any, '7000000002:AAHsomeOtherBotsTokenXXXXXXXXXXXXXXX', new Date())}`);
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatch(/подпись неверна/);
  });

  it('rejects expired data', async () => {
    const res = await status(`tma ${sign({ user } as any, TEST_BOT_TOKEN, new Date(Date.now() - 2 * 86400_000))}`);
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatch(/срок действия истёк/);
  });

  it('rejects data without a hash', async () => {
    const data = new URLSearchParams(sign({ user } as any, TEST_BOT_TOKEN, new Date()));
    data.delete('hash');
    const res = await status(`tma ${data}`);
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatch(/нет подписи \(hash\)/);
  });

  it('rejects correctly signed data without a user', async () => {
    const res = await status(`tma ${sign({ query_id: 'AAA' } as any, TEST_BOT_TOKEN, new Date())}`);
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatch(/нет пользователя/);
  });

  it('rejects garbage', async () => {
    for (const garbage of ['tma %%%', 'tma ', 'Basic dXNlcjpwYXNz', 'tma hash=zz&user=%7B', '']) {
      const res = await status(garbage);
      expect(res.status, garbage).toBe(401);
      expect((await res.json()).success).toBe(false);
    }
  });

  it('rejects a missing Authorization header', async () => {
    const res = await status();
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatch(/Authorization/);
  });

  it('never lets X-User-Id override the signed user', async () => {
    const res = await h.app.request('/api/user/status', {
      headers: { Authorization: h.authFor(user), 'X-User-Id': '42' },
    });
    expect((await res.json()).data.user.id).toBe(user.id);
  });

  it('accepts a fresh server-signed launch token and refuses a forged or expired one', async () => {
    const token = h.identity.signLaunchToken(777_000_111, 60);
    const good = await status(`Bearer ${token}`);
    expect(good.status).toBe(200);
    expect((await good.json()).data.user.id).toBe(777_000_111);
    const forged = token.replace('777000111', '777000112');
    expect((await status(`Bearer ${forged}`)).status).toBe(401);
    const expired = h.identity.signLaunchToken(777_000_111, -1);
    expect((await status(`Bearer ${expired}`)).status).toBe(401);
  });

  it('keeps the referral start_param from the first launch that carried one', async () => {
    const first = sign({ user: { id: 9001, first_name: 'Реф' }, start_param: 'ref_abc' } as any, TEST_BOT_TOKEN, new Date());
    await status(`tma ${first}`);
    const second = sign({ user: { id: 9001, first_name: 'Реф' }, start_param: 'ref_other' } as any, TEST_BOT_TOKEN, new Date());
    await status(`tma ${second}`);
    const row = await h.db.selectFrom('users').select('start_param').where('id', '=', 9001).executeTakeFirstOrThrow();
    expect(row.start_param).toBe('ref_abc');
  });
});
