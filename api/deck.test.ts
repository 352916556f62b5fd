// The user's deck: classic Rider–Waite–Smith by default, the drawn deck by choice, stored on the server and
// read back through the status every screen loads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

describe.each(TEST_DB_KINDS)('deck setting on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('a new user sees the classic deck; PUT /api/user/settings {deck} switches it and the status says so', async () => {
    const user = 13_001;
    const first = await h.call(user, 'GET', '/api/user/status');
    expect(first.body.data.userStatus.deck).toBe('rws');

    const put = await h.call(user, 'PUT', '/api/user/settings', { deck: 'drawn' });
    expect(put.status).toBe(200);
    expect(put.body.data.userStatus.deck).toBe('drawn');
    expect((await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.deck).toBe('drawn');
    const row = await h.db.selectFrom('users').select(['deck', 'notify_daily']).where('id', '=', user).executeTakeFirstOrThrow();
    expect(row).toEqual({ deck: 'drawn', notify_daily: true });

    // Other settings leave the deck alone.
    await h.call(user, 'PUT', '/api/user/settings', { notifyDaily: false });
    expect((await h.call(user, 'GET', '/api/user/status')).body.data.userStatus).toMatchObject({ deck: 'drawn', notifyDaily: false });

    expect((await h.call(user, 'PUT', '/api/user/settings', { deck: 'rws' })).body.data.userStatus.deck).toBe('rws');
  });

  it('an unknown deck is a 400 naming the field, and nothing changes', async () => {
    const user = 13_002;
    await h.call(user, 'PUT', '/api/user/settings', { deck: 'drawn' });
    for (const deck of ['thoth', '', 7, null]) {
      const res = await h.call(user, 'PUT', '/api/user/settings', { deck });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^deck: ожидается одно из rws, drawn/);
    }
    expect((await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.deck).toBe('drawn');
    // The database refuses a stray value too (the column's check).
    await expect(
      h.db
        .updateTable('users')
        .set({ deck: 'thoth' as never })
        .where('id', '=', user)
        .execute(),
    ).rejects.toThrow();
  });

  it('an empty body names what it expects', async () => {
    const res = await h.call(13_003, 'PUT', '/api/user/settings', {});
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('deck');
  });
});
