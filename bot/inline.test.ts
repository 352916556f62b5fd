// Inline mode through the local Telegram: `@bot` with an empty query offers the user's own card of the day
// once drawn in the app (the same card; inline never draws it), otherwise a result that opens the bot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';

describe.each(TEST_DB_KINDS)('inline mode (%s)', (kind) => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await createBotHarness(kind);
  });
  afterAll(() => h?.close());

  it('offers to open the bot until the card is drawn, then the same card of the day as the app, personal and cached for the day', async () => {
    const u = h.user(91_001, 'Вера');
    h.tg.setProfile(u);
    const before = await h.tg.waitForInlineAnswer(h.tg.inlineQuery(u.id, ''));
    expect(before.results).toHaveLength(1);
    expect(before.results[0]).toMatchObject({ type: 'article', title: '🃏 Карта дня ещё не вытянута' });
    expect(before.results[0].reply_markup.inline_keyboard[0][0].url).toBe('https://t.me/tarot_test_bot?start=daily');
    expect(before.is_personal).toBe(true);
    // Inline never draws it: the ritual in the app stays first.
    expect((await h.call(u.id, 'GET', '/api/user/daily-card/available')).body.data.used).toBe(false);

    const drawn = (await h.call(u.id, 'POST', '/api/user/daily-card/use', {})).body.data;
    const name = `${drawn.card.name}${drawn.card.reversed ? ' (перевёрнутая)' : ''}`;
    const after = await h.tg.waitForInlineAnswer(h.tg.inlineQuery(u.id, ''));
    expect(after.results[0]).toMatchObject({ type: 'article', id: `daily:${drawn.date}`, title: `🃏 Моя карта дня: ${name}` });
    expect(after.results[0].input_message_content.message_text).toContain(drawn.card.meaning);
    expect(after.is_personal).toBe(true);
    expect(after.cache_time).toBeGreaterThanOrEqual(60);
    expect(after.cache_time).toBeLessThanOrEqual(86_400);

    // /help says how.
    h.tg.sendText(u.id, '/help');
    const help = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Что я умею'));
    expect(help.text).toContain('В любом чате наберите @tarot_test_bot — и отправьте туда свою карту дня.');
  });
});
