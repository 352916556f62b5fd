// The picture of a spread through HTTP: the owner's JPEG in both formats (decoded: the stated size), stored
// by what it shows for every instance, the question only when asked for, a signed link that works without
// sign-in and fails when tampered with, the share kit (signed links, referral, a prepared inline message kept
// until it expires), a saved reading with no card, and a share without the question that carries nothing of
// the interpretation.
import fs from 'node:fs';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';
import { NEUTRAL_LINE, NO_CARDS_LINE } from '../services/share/summary';

const SHOTS = path.resolve('test-results', 'screenshots');
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

async function image(h: Harness, user: number | null, path: string) {
  const res = await h.app.request(path, { headers: user === null ? {} : { Authorization: h.authFor(user) } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe.each(TEST_DB_KINDS)('share pictures on %s', (kind) => {
  let h: Harness;
  const prepared: { userId: number; result: any; o: any }[] = [];
  beforeAll(async () => {
    h = await createHarness(kind, {
      share: {
        publicUrl: () => 'https://tarot.example',
        botUsername: async () => 'tarot_test_bot',
        savePreparedInlineMessage: async (userId, result, o) => {
          prepared.push({ userId, result, o });
          // As Telegram: the message may be sent for a day.
          return { id: `prep-${prepared.length}`, expiration_date: Math.floor(Date.now() / 1000) + 86_400 };
        },
      },
    });
  });
  afterAll(() => h.close());

  it('the owner gets a JPEG story 1080×1920 and card 1200×630; others get 404; it is stored by what it shows', async () => {
    const user = 17_001;
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    const r = (await h.call(user, 'POST', '/api/readings', { spreadType: 'celtic_cross', question: 'Что ждёт мой проект?' })).body.data;
    await h.call(user, 'GET', `/api/readings/${r.id}/interpretation`);

    const story = await image(h, user, `/api/readings/${r.id}/image?format=story`);
    expect(story.status).toBe(200);
    expect(story.type).toBe('image/jpeg');
    expect(story.bytes.subarray(0, 3)).toEqual(JPEG_MAGIC);
    // Kept beside the browser screenshots, to look at.
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.writeFileSync(path.join(SHOTS, 'share-story-celtic.jpg'), story.bytes);
    const decoded = await loadImage(story.bytes);
    expect([decoded.width, decoded.height]).toEqual([1080, 1920]);

    const card = await image(h, user, `/api/readings/${r.id}/image?format=card&deck=drawn&question=1`);
    expect(card.status).toBe(200);
    fs.writeFileSync(path.join(SHOTS, 'share-card-celtic-drawn.jpg'), card.bytes);
    const c = await loadImage(card.bytes);
    expect([c.width, c.height]).toEqual([1200, 630]);

    // Stored in the database (every instance serves the same bytes), one per format, deck and question.
    const stored = async () => (await h.db.selectFrom('share_pictures').select('jpeg').execute()).map((x) => Buffer.from(x.jpeg));
    const before = await stored();
    expect(before.some((b) => b.equals(story.bytes)) && before.some((b) => b.equals(card.bytes))).toBe(true);
    expect((await image(h, user, `/api/readings/${r.id}/image?format=story`)).bytes.equals(story.bytes)).toBe(true);
    expect(await stored()).toHaveLength(before.length);
    // With the question the picture differs.
    const withQ = await image(h, user, `/api/readings/${r.id}/image?format=story&question=1`);
    expect(withQ.bytes.equals(story.bytes)).toBe(false);
    expect(await stored()).toHaveLength(before.length + 1);

    expect((await image(h, 17_002, `/api/readings/${r.id}/image`)).status).toBe(404);
    expect((await image(h, null, `/api/readings/${r.id}/image`)).status).toBe(401);
    expect((await h.call(user, 'GET', `/api/readings/${r.id}/image?format=square`)).body.error).toMatch(/^format:/);
    expect((await h.call(user, 'GET', `/api/readings/${r.id}/image?deck=tarot`)).body.error).toMatch(/^deck:/);
    expect((await image(h, user, '/api/readings/999999999/image')).status).toBe(404);
  });

  it('the share kit: signed links work without sign-in, tampering fails; a prepared message with the referral button', async () => {
    const user = 17_003;
    const r = (await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Как пройдёт встреча?' })).body.data;
    await h.call(user, 'GET', `/api/readings/${r.id}/interpretation`);
    const kit = await h.call(user, 'POST', `/api/readings/${r.id}/share`, { includeQuestion: true });
    expect(kit.status).toBe(200);
    const k = kit.body.data;
    expect(k.storyUrl).toMatch(
      new RegExp(`^https://tarot\\.example/api/readings/${r.id}/image\\?format=story&deck=rws&question=1&exp=\\d+&sig=`),
    );
    expect(k.appLink).toBe(`https://t.me/tarot_test_bot?startapp=ref_${user}`);
    expect(k.startParam).toBe(`ref_${user}`);
    expect(k.preparedMessageId).toBe(`prep-${prepared.length}`);
    const p = prepared.at(-1)!;
    expect(p.userId).toBe(user);
    // The referral button, then the reading's three cards, each opening its page in the library.
    const cardRow = r.cards.map((c: { name: string; cardId: string }) => ({
      text: `🃏 ${c.name}`,
      url: `https://t.me/tarot_test_bot?startapp=card_${c.cardId}`,
    }));
    expect(cardRow).toHaveLength(3);
    expect(p.result).toMatchObject({
      type: 'photo',
      photo_url: k.cardUrl,
      reply_markup: { inline_keyboard: [[{ text: '🔮 Сделать свой расклад', url: k.appLink }], cardRow] },
    });
    expect(p.result.caption).toContain('Расклад дня');

    const signed = new URL(k.cardUrl).pathname + new URL(k.cardUrl).search;
    const anon = await image(h, null, signed);
    fs.writeFileSync(path.join(SHOTS, 'share-card-daily.jpg'), anon.bytes);
    expect(anon.status).toBe(200);
    expect((await loadImage(anon.bytes)).width).toBe(1200);
    const tampered = signed.replace('question=1', 'question=0');
    expect((await image(h, null, tampered)).status).toBe(403);
    const badSig = signed.replace(/sig=[\w-]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await image(h, null, badSig)).status).toBe(403);
    // The link expires.
    h.setNow(new Date(Date.now() + 31 * 86_400_000));
    expect((await image(h, null, signed)).status).toBe(403);
    h.setNow(new Date());
    expect((await h.call(17_004, 'POST', `/api/readings/${r.id}/share`, {})).status).toBe(404);
  });

  it('a prepared message is kept until it expires: asking again makes no Bot API call; another choice or an expired one does', async () => {
    const user = 17_005;
    const r = (await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что скажет мне утро?' })).body.data;
    await h.call(user, 'GET', `/api/readings/${r.id}/interpretation`);
    const share = async (body: object) =>
      (await h.call(user, 'POST', `/api/readings/${r.id}/share`, body)).body.data.preparedMessageId as string;
    const calls = prepared.length;
    const first = await share({ includeQuestion: false });
    expect(prepared).toHaveLength(calls + 1);
    expect(await Promise.all([share({ includeQuestion: false }), share({})])).toEqual([first, first]);
    expect(prepared).toHaveLength(calls + 1);
    // Its picture was drawn before Telegram was given the link: Telegram finds it stored.
    const photo = new URL(prepared.at(-1)!.result.photo_url);
    expect((await image(h, null, photo.pathname + photo.search)).status).toBe(200);
    const withQuestion = await share({ includeQuestion: true });
    expect(withQuestion).not.toBe(first);
    expect(prepared).toHaveLength(calls + 2);
    // A day later Telegram's message has expired: a new one.
    h.setNow(new Date(Date.now() + 86_400_000));
    const later = await share({ includeQuestion: false });
    expect(later).not.toBe(first);
    expect(prepared).toHaveLength(calls + 3);
  });

  it('a saved reading with no card gets its pictures (the words alone)', async () => {
    const user = 17_006;
    const saved = await h.call(user, 'POST', '/api/user/reading', {
      question: 'Что было бы, если?',
      cards: [],
      interpretation: 'Просто запись.',
    });
    expect(saved.status).toBe(201);
    const id = saved.body.data.readingId;
    for (const q of ['format=story', 'format=card&question=1']) {
      const pic = await image(h, user, `/api/readings/${id}/image?${q}`);
      expect(pic.status, q).toBe(200);
      expect(pic.bytes.subarray(0, 3)).toEqual(JPEG_MAGIC);
    }
    fs.writeFileSync(path.join(SHOTS, 'share-story-no-cards.jpg'), (await image(h, user, `/api/readings/${id}/image?format=story`)).bytes);
    // The picture shows no card, so its words do not say «вот как легли карты».
    const kit = await h.call(user, 'POST', `/api/readings/${id}/share`, { includeQuestion: false });
    expect(kit.status).toBe(200);
    expect(kit.body.data.caption).toBe(NO_CARDS_LINE);
  });

  it('without the question nothing of the interpretation is shared: the cards, their positions and a neutral line; never the name', async () => {
    // Two people saved the same cards with interpretations that name them and restate their matter.
    const cards = ['lovers', 'three-of-swords', 'sun'];
    const save = async (user: number, interpretation: string) =>
      (
        await h.call(user, 'POST', '/api/user/reading', {
          question: 'Разводиться ли мне?',
          spreadType: 'past_present_future',
          cards,
          interpretation,
        })
      ).body.data.readingId as number;
    const anna = await save(
      17_007,
      '## Карты\nМного слов.\n\n## Общий вывод\nАнна, карты говорят «да»: развод с Сергеем принесёт облегчение. Дальше легче.',
    );
    const olga = await save(17_008, '## Общий вывод\nОльга, карты советуют подождать с переездом к Игорю.');

    const kit = (await h.call(17_007, 'POST', `/api/readings/${anna}/share`, { includeQuestion: false })).body.data;
    const caption = prepared.at(-1)!.result.caption as string;
    for (const text of [caption, kit.caption])
      for (const word of ['Анна', 'Сергеем', 'развод', 'да»']) expect(text, text).not.toContain(word);
    expect(caption).toBe(
      ['🔮 Прошлое, настоящее, будущее', 'Прошлое — Влюблённые', 'Настоящее — Тройка Мечей', 'Будущее — Солнце', NEUTRAL_LINE].join('\n'),
    );
    expect(kit.caption).toBe(NEUTRAL_LINE);

    // The pictures draw nothing of either text: the same cards make the very same picture, stored once.
    for (const format of ['story', 'card']) {
      const a = await image(h, 17_007, `/api/readings/${anna}/image?format=${format}`);
      const o = await image(h, 17_008, `/api/readings/${olga}/image?format=${format}`);
      expect(a.status).toBe(200);
      expect(a.bytes.equals(o.bytes), format).toBe(true);
    }
    // With the question (the owner's choice) the picture tells its gist, so the two differ.
    const a = await image(h, 17_007, `/api/readings/${anna}/image?format=card&question=1`);
    const o = await image(h, 17_008, `/api/readings/${olga}/image?format=card&question=1`);
    expect(a.bytes.equals(o.bytes)).toBe(false);
    expect((await h.call(17_007, 'POST', `/api/readings/${anna}/share`, { includeQuestion: true })).body.data.caption).toContain('Анна');
  });
});
