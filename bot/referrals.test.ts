// A friend who comes to the bot by `/start ref_<id>` and does their first reading in the chat: one extra
// spread that day for both; a self-invitation, or an account made the same minute as the inviter's, by the same
// path earns nothing.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';
import type { ChatMessage } from './local-telegram/index';

describe.each(TEST_DB_KINDS)('bot referrals (%s)', (kind) => {
  let h: BotHarness;
  let ai: FakeOpenAI;
  beforeAll(async () => {
    ai = await startFakeOpenAI();
    h = await createBotHarness(kind, { ai: { apiKey: 'sk-test', baseUrl: ai.baseUrl } });
  });
  afterAll(async () => {
    await h?.close();
    await ai?.close();
  });

  const maxSpreads = async (id: number) => (await h.services.users.status(id)).status.maxDailySpreads;
  const olderAccount = (id: number) => sql`update users set created_at = now() - interval '1 day' where id = ${id}`.execute(h.db);

  async function readInChat(id: number) {
    h.tg.sendText(id, '/reading');
    const menu = await h.tg.waitForBotMessage(id, (m: ChatMessage) => m.text.startsWith('🔮 Выберите расклад'));
    h.tg.pressButton(id, menu.message_id, 'rd:free_daily');
    await h.tg.waitForBotMessage(id, (m) => m.text.includes('Напишите свой вопрос'));
    h.tg.sendText(id, 'Что принесёт мне эта неделя?');
    await h.tg.waitForBotMessage(id, (m) => m.text.startsWith('🃏 Расклад дня'));
  }

  it('/start ref_<inviter> then the first chat reading: both get one more spread today', async () => {
    const inviter = h.user(5_101, 'Анна');
    h.tg.sendText(inviter, '/start');
    await h.tg.waitForBotMessage(inviter.id, (m) => m.text.includes('Здравствуйте'));
    await olderAccount(inviter.id);

    const friend = h.user(5_102, 'Борис');
    h.tg.sendText(friend, '/start ref_5101');
    await h.tg.waitForBotMessage(friend.id, (m) => m.text.includes('Здравствуйте'));
    await sql`update users set created_at = now() - interval '5 minutes' where id = ${friend.id}`.execute(h.db);
    expect(await maxSpreads(friend.id)).toBe(1);

    await readInChat(friend.id);
    await vi.waitFor(async () => expect(await maxSpreads(friend.id)).toBe(2), { timeout: 15_000 });
    expect(await maxSpreads(inviter.id)).toBe(2);
    const inv = await h.services.referrals.invite(inviter.id);
    expect(inv).toMatchObject({ joined: 1, rewarded: 1 });
  });

  it('a second account made the same minute as the inviter’s (one person switching accounts) earns nothing', async () => {
    const inviter = h.user(5_301, 'Галя');
    h.tg.sendText(inviter, '/start');
    await h.tg.waitForBotMessage(inviter.id, (m) => m.text.includes('Здравствуйте'));
    const twin = h.user(5_302, 'Галина');
    h.tg.sendText(twin, '/start ref_5301');
    await h.tg.waitForBotMessage(twin.id, (m) => m.text.includes('Здравствуйте'));
    await readInChat(twin.id);
    // The reward is decided in the reading's charge: the refusal is recorded by then, no spread granted.
    const rows = await h.db.selectFrom('referral_rewards').select(['granted', 'refused']).where('inviter_id', '=', inviter.id).execute();
    expect(rows).toEqual([{ granted: false, refused: 'same_minute' }]);
    expect(await maxSpreads(twin.id)).toBe(1);
    expect(await maxSpreads(inviter.id)).toBe(1);
    expect(await h.services.referrals.invite(inviter.id)).toMatchObject({ rewarded: 0 });
  });

  it("/start with one's own link earns nothing", async () => {
    const self = h.user(5_201, 'Вера');
    h.tg.sendText(self, '/start ref_5201');
    await h.tg.waitForBotMessage(self.id, (m) => m.text.includes('Здравствуйте'));
    await olderAccount(self.id);
    await readInChat(self.id);
    expect(await maxSpreads(self.id)).toBe(1);
    expect((await h.db.selectFrom('referral_rewards').selectAll().execute()).filter((r) => r.inviter_id === self.id)).toEqual([]);
  });
});
