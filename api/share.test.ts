// The picture of a spread through HTTP: the owner's PNG in both formats (decoded: the stated size), the cache
// shared by every instance, the question only when asked for, a signed link that works without sign-in and
// fails when tampered with, and the share kit (signed links, referral, prepared inline message).
import fs from 'node:fs';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

const SHOTS = path.resolve('test-results', 'screenshots');
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

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
          return { id: `prep-${prepared.length}`, expiration_date: 0 };
        },
      },
    });
  });
  afterAll(() => h.close());

  it('the owner gets a PNG story 1080×1920 and card 1200×630; others get 404; it is cached', async () => {
    const user = 17_001;
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip_499' });
    const r = (await h.call(user, 'POST', '/api/readings', { spreadType: 'celtic_cross', question: 'Что ждёт мой проект?' })).body.data;
    await h.call(user, 'GET', `/api/readings/${r.id}/interpretation`);

    const story = await image(h, user, `/api/readings/${r.id}/image?format=story`);
    expect(story.status).toBe(200);
    expect(story.type).toBe('image/png');
    expect(story.bytes.subarray(0, 8)).toEqual(PNG_MAGIC);
    // Kept beside the browser screenshots, to look at.
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.writeFileSync(path.join(SHOTS, 'share-story-celtic.png'), story.bytes);
    const decoded = await loadImage(story.bytes);
    expect([decoded.width, decoded.height]).toEqual([1080, 1920]);

    const card = await image(h, user, `/api/readings/${r.id}/image?format=card&deck=drawn&question=1`);
    expect(card.status).toBe(200);
    fs.writeFileSync(path.join(SHOTS, 'share-card-celtic-drawn.png'), card.bytes);
    const c = await loadImage(card.bytes);
    expect([c.width, c.height]).toEqual([1200, 630]);

    // Cached in the database (every instance serves the same bytes), per format, deck and question.
    const rows = await h.db.selectFrom('share_images').select(['variant']).where('reading_id', '=', r.id).orderBy('variant').execute();
    expect(rows.map((x) => x.variant)).toEqual(['card:drawn:q:text', 'story:rws:n:text']);
    expect((await image(h, user, `/api/readings/${r.id}/image?format=story`)).bytes.equals(story.bytes)).toBe(true);
    // With the question the picture differs.
    const withQ = await image(h, user, `/api/readings/${r.id}/image?format=story&question=1`);
    expect(withQ.bytes.equals(story.bytes)).toBe(false);

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
    expect(k.storyUrl).toMatch(new RegExp(`^https://tarot\\.example/api/readings/${r.id}/image\\?format=story&deck=rws&question=1&exp=\\d+&sig=`));
    expect(k.appLink).toBe(`https://t.me/tarot_test_bot?startapp=ref_${user}`);
    expect(k.startParam).toBe(`ref_${user}`);
    expect(k.preparedMessageId).toBe(`prep-${prepared.length}`);
    const p = prepared.at(-1)!;
    expect(p.userId).toBe(user);
    expect(p.result).toMatchObject({ type: 'photo', photo_url: k.cardUrl, reply_markup: { inline_keyboard: [[{ text: '🔮 Сделать свой расклад', url: k.appLink }]] } });
    expect(p.result.caption).toContain('Расклад дня');

    const signed = new URL(k.cardUrl).pathname + new URL(k.cardUrl).search;
    const anon = await image(h, null, signed);
    fs.writeFileSync(path.join(SHOTS, 'share-card-daily.png'), anon.bytes);
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
});
