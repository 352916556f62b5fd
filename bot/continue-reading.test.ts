// «Продолжить расклад» in the chat: a reading dealt in the Mini App and left on its table is offered back by
// /start and /reading with a web_app button to the same table; once read, it is offered no more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotHarness, TEST_PUBLIC_URL, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';

describe.each(TEST_DB_KINDS)('«Продолжить расклад» in the bot (%s)', (kind) => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await createBotHarness(kind);
  });
  afterAll(() => h?.close());

  it('/start and /reading offer the reading left on the table, and stop once it is read', async () => {
    const u = h.user(93_001, 'Вера');
    const dealt = await h.call(u.id, 'POST', '/api/readings', {
      spreadType: 'free_daily',
      question: 'Что ждёт меня сегодня?',
      table: true,
    });
    expect(dealt.status).toBe(201);
    const id = dealt.body.data.id;
    await h.call(u.id, 'POST', `/api/readings/${id}/turned`, { turned: 1 });

    h.tg.sendText(u, '/start');
    const offer = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('Ваш расклад «'));
    expect(offer.text).toContain('открыто 1 из 3');
    expect(offer.text).toContain('«Что ждёт меня сегодня?»');
    expect(offer.reply_markup.inline_keyboard[0][0]).toEqual({
      text: '🃏 Продолжить расклад',
      web_app: { url: `${TEST_PUBLIC_URL}/cards?reading=${id}` },
    });

    h.tg.sendText(u, '/reading');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('Ваш расклад «') && m.message_id > offer.message_id);

    // Read: /start offers it no more.
    expect((await h.call(u.id, 'GET', `/api/readings/${id}/interpretation`)).status).toBe(200);
    const before = h.tg.botMessages(u.id).length;
    h.tg.sendText(u, '/start');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('под полем ввода') && h.tg.botMessages(u.id).length > before + 1);
    await h.idle();
    expect(
      h.tg
        .botMessages(u.id)
        .slice(before)
        .filter((m) => m.text.startsWith('Ваш расклад «')),
    ).toEqual([]);
  });
});
