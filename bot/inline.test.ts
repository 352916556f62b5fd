// Inline mode through the local Telegram: `@bot` with an empty query offers the user's own card of the day
// once drawn in the app (the same card; inline never draws it), otherwise a result that opens the bot; with a
// question, «Да или нет»: one card as a JPEG photo with what it says and links into the app, help lines and
// no card for a crisis, no yes or no for a health, pregnancy, death or court question.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_BY_ID } from '../domain/tarot/deck';
import { yesNoCard } from '../domain/reading/yes-no';
import { createBotHarness, TEST_PUBLIC_URL, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import { TEST_BOT_TOKEN } from '../test/harness';

const VERDICTS = ['Да', 'Скорее да', 'Ни да, ни нет', 'Скорее нет', 'Нет'];
const stripTags = (html: string) => html.replace(/<[^>]+>/g, '');

describe.each(TEST_DB_KINDS)('inline mode (%s)', (kind) => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await createBotHarness(kind);
  });
  afterAll(() => h?.close());

  const ask = async (userId: number, query: string) => h.tg.waitForInlineAnswer(h.tg.inlineQuery(userId, query));
  /** The picture a result points at, fetched from the app as Telegram's servers would. */
  const picture = (url: string) => {
    expect(url.startsWith(`${TEST_PUBLIC_URL}/card-images/`)).toBe(true);
    return h.app.request(url.slice(TEST_PUBLIC_URL.length));
  };

  it('offers to open the bot until the card is drawn, then the same card of the day as the app, as its JPEG picture, personal and cached for the day', async () => {
    const u = h.user(91_001, 'Вера');
    h.tg.setProfile(u);
    const before = await ask(u.id, '');
    expect(before.results).toHaveLength(1);
    expect(before.results[0]).toMatchObject({ type: 'article', title: '🃏 Карта дня ещё не вытянута' });
    expect(before.results[0].reply_markup.inline_keyboard[0][0].url).toBe('https://t.me/tarot_test_bot?start=daily');
    expect(before.is_personal).toBe(true);
    // Inline never draws it: the ritual in the app stays first.
    expect((await h.call(u.id, 'GET', '/api/user/daily-card/available')).body.data.used).toBe(false);

    const drawn = (await h.call(u.id, 'POST', '/api/user/daily-card/use', {})).body.data;
    const name = `${drawn.card.name}${drawn.card.reversed ? ' (перевёрнутая)' : ''}`;
    const after = await ask(u.id, '');
    expect(after.results).toHaveLength(1);
    const daily = after.results[0];
    expect(daily).toMatchObject({ type: 'photo', id: `daily:${drawn.date}`, title: `🃏 Моя карта дня: ${name}`, parse_mode: 'HTML' });
    expect(daily.caption).toContain(drawn.card.meaning);
    expect(daily.photo_url).toBe(`${TEST_PUBLIC_URL}/card-images/${drawn.card.cardId}${drawn.card.reversed ? '.reversed' : ''}.jpg`);
    expect(daily.thumbnail_url).toBe(daily.photo_url);
    const res = await picture(daily.photo_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toContain('max-age=604800');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]);
    expect(after.is_personal).toBe(true);
    expect(after.cache_time).toBeGreaterThanOrEqual(60);
    expect(after.cache_time).toBeLessThanOrEqual(86_400);
    // Asking again still shows the same card: inline did not draw another.
    expect((await ask(u.id, '')).results[0].id).toBe(`daily:${drawn.date}`);

    // /help says how.
    h.tg.sendText(u.id, '/help');
    const help = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Что я умею'));
    expect(help.text).toContain(
      'В любом чате наберите @tarot_test_bot — и отправьте туда свою карту дня, а с вопросом после имени бота — карту «Да или нет».',
    );
  });

  it('«Да или нет» with the typed question: one card as a photo, its leaning and what it rests on, links to the card and the app; the card of the day stays undrawn', async () => {
    const u = h.user(91_002, 'Ольга');
    h.tg.setProfile(u);
    const question = 'Получу ли я эту работу?';
    const answer = await ask(u.id, `  ${question} `);
    expect(answer.is_personal).toBe(true);
    expect(answer.cache_time).toBeGreaterThanOrEqual(60);
    expect(answer.cache_time).toBeLessThanOrEqual(86_400);
    // The yes/no card first, then the card of the day's offer (not drawn by this).
    expect(answer.results.map((r: any) => r.id.split(':')[0])).toEqual(['yn', 'daily']);
    expect(answer.results[1].id).toBe('daily:draw');
    expect((await h.call(u.id, 'GET', '/api/user/daily-card/available')).body.data.used).toBe(false);

    const r = answer.results[0];
    const [, cardId, orientation] = r.id.split(':');
    const card = CARD_BY_ID.get(cardId)!;
    expect(card).toBeTruthy();
    const verdict = r.title.replace('🔮 Да или нет: ', '');
    expect(VERDICTS).toContain(verdict);
    // What the question model says of this card (the same words as a reading's answer).
    const said = yesNoCard(question, card, orientation, true);
    expect(said).toMatchObject({ kind: 'card', verdict, sensitive: false });
    expect(r.type).toBe('photo');
    expect(r.photo_url).toBe(`${TEST_PUBLIC_URL}/card-images/${cardId}${orientation === 'reversed' ? '.reversed' : ''}.jpg`);
    const caption = stripTags(r.caption);
    expect(caption).toContain(`«${question}»`);
    expect(caption).toContain(card.name);
    expect(caption).toContain(`${verdict}. ${said.kind === 'card' ? said.text.replace(/\*\*/g, '') : ''}`);
    const buttons = r.reply_markup.inline_keyboard.flat();
    expect(buttons.map((b: any) => b.url)).toEqual([
      `https://t.me/tarot_test_bot?startapp=card_${cardId}`,
      'https://t.me/tarot_test_bot?startapp',
    ]);
    expect((await picture(r.photo_url)).status).toBe(200);
  });

  it('a health, pregnancy or court question gets a card with a professional and no yes or no', async () => {
    const u = h.user(91_003, 'Нина');
    h.tg.setProfile(u);
    for (const [question, professional] of [
      ['Я беременна?', 'врач'],
      ['Выиграю ли я суд?', 'юрист'],
      ['Вылечится ли мама от рака?', 'врач'],
    ] as const) {
      const r = (await ask(u.id, question)).results[0];
      expect(r.id).toMatch(/^yn:/);
      expect(r.title).toMatch(/^🔮 Карта на вопрос: /);
      expect(r.title).not.toContain('Да или нет');
      const caption = stripTags(r.caption);
      expect(caption).toContain(professional);
      expect(caption).not.toMatch(/Карты отвечают «(да|нет)»|Ответ — «(да|нет)»|^(Да|Нет|Скорее да|Скорее нет)\./m);
    }
  });

  it('a crisis gets help lines and no card at all; a question without words gets none', async () => {
    const u = h.user(91_004, 'Ира');
    h.tg.setProfile(u);
    const crisis = await ask(u.id, 'не хочу больше жить, будет ли легче');
    expect(crisis.results).toHaveLength(1);
    const r = crisis.results[0];
    expect(r.type).toBe('article');
    expect(r.photo_url).toBeUndefined();
    expect(r.input_message_content.message_text).toContain('8-800-2000-122');
    expect(r.input_message_content.message_text).not.toContain('/reading');
    expect(r.is_personal ?? crisis.is_personal).toBe(true);

    const empty = await ask(u.id, '??');
    expect(empty.results.map((x: any) => x.id)).toEqual(['daily:draw']);
  });

  it('100 people who never opened the bot type @bot: each is answered, and no user row is made for any of them', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => 91_100 + i);
    for (let i = 0; i < ids.length; i += 20) {
      const answers = await Promise.all(
        ids.slice(i, i + 20).map((id, j) => {
          h.tg.setProfile(h.user(id, `Незнакомец ${id}`, { username: `stranger_${id}` }));
          return ask(id, j % 2 ? 'Получу ли я эту работу?' : '');
        }),
      );
      answers.forEach((a, j) => {
        expect(a.results.at(-1).id).toBe('daily:draw');
        if (j % 2) expect(a.results[0].id).toMatch(/^yn:/);
      });
    }
    expect(await h.db.selectFrom('users').select('id').where('id', 'in', ids).execute()).toEqual([]);
    // Opening the bot makes the user, as always; then inline mode shows their card of the day.
    const u = h.user(ids[0], `Незнакомец ${ids[0]}`);
    h.tg.sendText(u, '/daily');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Ваша карта дня'));
    expect((await ask(u.id, '')).results[0].id).toMatch(/^daily:\d{4}-/);
  });

  it('the card picture route names a bad file and answers an unknown card with 404', async () => {
    const bad = await h.app.request('/card-images/..%2Fsecret.png');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/^file: /);
    expect((await h.app.request('/card-images/no-such-card.jpg')).status).toBe(404);
    const up = new Uint8Array(await (await h.app.request('/card-images/fool.jpg')).arrayBuffer());
    const down = new Uint8Array(await (await h.app.request('/card-images/fool.reversed.jpg')).arrayBuffer());
    expect(up.length).toBeGreaterThan(10_000);
    expect(Buffer.from(up).equals(Buffer.from(down))).toBe(false);
  });
  it('a card sent with inline mode into the chat with the bot is not taken as something typed to the bot', async () => {
    const u = h.user(91_050, 'Лиза');
    h.tg.setProfile(u);
    const me = { id: Number(TEST_BOT_TOKEN.split(':')[0]), is_bot: true, first_name: 'Таро', username: 'tarot_test_bot' };
    const from = { id: u.id, is_bot: false, first_name: 'Лиза' };
    h.tg.sendUpdate({
      message: {
        message_id: 990_001,
        date: Math.floor(Date.now() / 1000),
        chat: { id: u.id, type: 'private', first_name: 'Лиза' },
        from,
        via_bot: me,
        text: '🔮 Да или нет? «Позвонит ли он?»',
      },
    });
    // Updates of one chat are handled in order: once /help is answered, the inline card was handled before it.
    h.tg.sendText(u, '/help');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Что я умею'));
    expect(h.tg.botMessages(u.id).filter((m) => m.text.startsWith('Напишите вопрос картам'))).toHaveLength(0);
  });
});
