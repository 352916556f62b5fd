// A reading asked for under a request key (the bot's question message, which Telegram may deliver again):
// copies arriving one after another, or at the same moment (two instances), deal and charge it once, and each
// gets that reading. The crash itself is tested with a process kill (test/chat-reading-crash.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

describe.each(TEST_DB_KINDS)('reading request keys (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const usage = (userId: number) =>
    h.db.selectFrom('daily_usage').select(['spreads_used', 'free_spread_used']).where('user_id', '=', userId).execute();
  const readings = (userId: number) => h.db.selectFrom('readings').select('id').where('user_id', '=', userId).execute();

  it('copies at the same moment deal one reading and charge once; a later copy gets it too; another key is a new request', async () => {
    const user = 47_501;
    expect((await h.call(user, 'GET', '/api/user/status')).status).toBe(200);
    const ask = (requestKey: string) =>
      h.services.readings.create(user, { spreadType: 'free_daily', question: 'Что меня ждёт сегодня?', requestKey });
    const copies = await Promise.all([ask(`tg:${user}:10`), ask(`tg:${user}:10`), ask(`tg:${user}:10`)]);
    expect(new Set(copies.map((r) => r.id)).size).toBe(1);
    expect(copies[1].cards).toEqual(copies[0].cards);
    expect((await ask(`tg:${user}:10`)).id).toBe(copies[0].id);
    expect(await readings(user)).toHaveLength(1);
    expect(await usage(user)).toEqual([{ spreads_used: 1, free_spread_used: true }]);
    // A new question (another message) is a new request: the free spread is spent.
    await expect(ask(`tg:${user}:11`)).rejects.toThrow(/уже использован/);
  });

  it('with spreads left, the copies that lost give their charge back: one reading, one spread used', async () => {
    const user = 47_502;
    expect((await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' })).status).toBe(200);
    const ask = () =>
      h.services.readings.create(user, { spreadType: 'past_present_future', question: 'Что будет с работой?', requestKey: 'tg:1:7' });
    const copies = await Promise.all([ask(), ask(), ask()]);
    expect(new Set(copies.map((r) => r.id)).size).toBe(1);
    expect(await readings(user)).toHaveLength(1);
    expect((await usage(user))[0].spreads_used).toBe(1);
  });
});
