// «Свой расклад» through HTTP (and its share kit, picture and the bot's caption): a reading of the cards the user drew from a physical deck (`ownCards`), stored
// and read exactly as entered, charged as a dealt spread, marked «своя колода», refused with the field named
// for a duplicate, an unknown card or a wrong count; the crisis and sensitive-question rules hold; the
// journal's figures count it or not.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spreadCaption } from '../bot/spread-picture';
import { pictureHash } from '../services/share/picture';
import { zonedTimeToUtc } from '../domain/text/time';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

const three = [
  { id: 'sun', reversed: false },
  { id: 'tower', reversed: true },
  { id: 'ace-of-cups', reversed: false },
];

describe.each(TEST_DB_KINDS)('own-deck readings on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const status = async (user: number) => (await h.call(user, 'GET', '/api/user/status')).body.data.userStatus;

  it('the exact cards and orientations are stored, read, interpreted and marked «своя колода»; a spread is spent', async () => {
    const user = 26_301;
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'basic' });
    const before = await status(user);
    const created = await h.call(user, 'POST', '/api/readings', {
      spreadType: 'past_present_future',
      question: 'Что ждёт меня на новой работе?',
      ownCards: three,
    });
    expect(created.status).toBe(201);
    const r = created.body.data;
    expect(r.ownDeck).toBe(true);
    expect(r.spreadName).toBe('Прошлое, настоящее, будущее · своя колода');
    const entered = r.cards.map((c: any) => [c.position, c.cardId, c.reversed]);
    expect(entered).toEqual([
      [0, 'sun', false],
      [1, 'tower', true],
      [2, 'ace-of-cups', false],
    ]);
    expect(r.cards.map((c: any) => c.name)).toEqual(['Солнце', 'Башня', 'Туз Кубков']);
    expect((await status(user)).dailySpreadsUsed).toBe(before.dailySpreadsUsed + 1);

    // Read back, then interpreted by the same path as a dealt reading (no AI here: the card-based reader).
    const got = (await h.call(user, 'GET', `/api/readings/${r.id}`)).body.data;
    expect(got.cards.map((c: any) => [c.position, c.cardId, c.reversed])).toEqual(entered);
    expect(got.ownDeck).toBe(true);
    const read = await h.call(user, 'GET', `/api/readings/${r.id}/interpretation`);
    expect(read.status).toBe(200);
    const text = read.body.data.reading.interpretation!;
    for (const name of ['Солнце', 'Башня', 'Туз Кубков']) expect(text).toContain(name);
    expect(read.body.data.reading.cards.map((c: any) => c.cardId)).toEqual(['sun', 'tower', 'ace-of-cups']);

    // The archive lists it with the mark; a dealt reading carries none.
    const dealt = (await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Каким будет вечер?' })).body.data;
    expect(dealt.ownDeck).toBe(false);
    expect(dealt.spreadName).not.toContain('своя колода');
    const archive = (await h.call(user, 'GET', '/api/user/readings')).body.data.readings;
    expect(archive.find((x: any) => x.id === r.id)).toMatchObject({ ownDeck: true, spreadName: expect.stringContaining('своя колода') });
    expect(archive.find((x: any) => x.id === dealt.id)).toMatchObject({ ownDeck: false });
  });

  it('a duplicate, an unknown card, a wrong count or a bad shape: 400 naming the field, nothing charged', async () => {
    const user = 26_302;
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    const before = await status(user);
    const post = (spreadType: string, ownCards: unknown) =>
      h.call(user, 'POST', '/api/readings', { spreadType, question: 'Что мне важно понять?', ownCards });

    const dup = await post('past_present_future', [three[0], three[1], { id: 'sun', reversed: true }]);
    expect(dup.status).toBe(400);
    expect(dup.body.error).toBe('ownCards.2.id: карта «Солнце» уже лежит на позиции 1');

    const unknown = await post('past_present_future', [three[0], { id: 'joker', reversed: false }, three[2]]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('ownCards.1.id: неизвестная карта «joker»');

    const short = await post('celtic_cross', three);
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('ownCards: в раскладе «Кельтский крест» 10 карт, а указано 3');
    const long = await post('free_daily', [...three, { id: 'moon', reversed: false }]);
    expect(long.body.error).toMatch(/^ownCards: в раскладе «.+» 3 карты, а указано 4$/);
    expect((await post('free_daily', [])).body.error).toMatch(/^ownCards: .* 3 карты, а указано 0$/);

    const noFlag = await post('free_daily', [three[0], { id: 'moon' }, three[2]]);
    expect(noFlag.status).toBe(400);
    expect(noFlag.body.error).toBe('ownCards.1.reversed: ожидается true или false');
    expect((await post('free_daily', 'sun,moon,star')).body.error).toMatch(/^ownCards: /);
    expect((await post('free_daily', [three[0], 7, three[2]])).body.error).toMatch(/^ownCards\.1: /);
    const many = await post(
      'free_daily',
      Array.from({ length: 40 }, () => three[0]),
    );
    expect(many.status).toBe(400);
    expect(many.body.error).toMatch(/^ownCards: /);

    // A micro pack's reading is dealt by the server: no own cards for it.
    const micro = await h.call(user, 'POST', '/api/readings', {
      spreadType: 'free_daily',
      question: 'Что мне важно понять?',
      ownCards: three,
      microPurchaseId: 1,
    });
    expect(micro.status).toBe(400);
    expect(micro.body.error).toMatch(/^ownCards: /);

    const after = await status(user);
    expect(after.dailySpreadsUsed).toBe(before.dailySpreadsUsed);
    expect(await h.db.selectFrom('readings').select('id').where('user_id', '=', user).execute()).toHaveLength(0);
  });

  it('a free user: one spread a day and only the free spread, as for dealt cards', async () => {
    const user = 26_303;
    const paid = await h.call(user, 'POST', '/api/readings', {
      spreadType: 'love_relationship',
      question: 'Что он ко мне чувствует?',
      ownCards: three,
    });
    expect(paid.status).toBe(402);
    const first = await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Каким будет день?', ownCards: three });
    expect(first.status).toBe(201);
    expect((await status(user)).remainingSpreads).toBe(0);
    const again = await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'А ещё раз?', ownCards: three });
    expect(again.status).toBe(429);
    const dealt = await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'А картами приложения?' });
    expect(dealt.status).toBe(429);
    expect(await h.db.selectFrom('readings').select('id').where('user_id', '=', user).execute()).toHaveLength(1);
  });

  it('a basic user’s five spreads a day are shared by dealt and own-deck readings, even when asked at once', async () => {
    const user = 26_304;
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'basic' });
    await h.call(user, 'POST', '/api/readings', { spreadType: 'love_relationship', question: 'Что ждёт нас?' });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        h.call(user, 'POST', '/api/readings', { spreadType: 'love_relationship', question: `Что ждёт нас? №${i}`, ownCards: three }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    expect(results.filter((r) => r.status === 429)).toHaveLength(8);
    expect((await status(user)).remainingSpreads).toBe(0);
  });

  it('a crisis question gets help lines and no reading; a health question gets no yes/no', async () => {
    const user = 26_305;
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'basic' });
    const crisis = await h.call(user, 'POST', '/api/readings', {
      spreadType: 'free_daily',
      question: 'Не хочу жить, как закончить всё?',
      ownCards: three,
    });
    expect(crisis.status).toBe(422);
    expect(crisis.body.error).toContain('Похоже, вам сейчас очень тяжело');
    expect(crisis.body.crisis.lines.length).toBeGreaterThan(0);
    // Even with cards that would be refused: the person comes before the field.
    expect(
      (
        await h.call(user, 'POST', '/api/readings', {
          spreadType: 'free_daily',
          question: 'Не хочу жить, как закончить всё?',
          ownCards: [],
        })
      ).status,
    ).toBe(422);
    expect((await status(user)).dailySpreadsUsed).toBe(0);

    const health = await h.call(user, 'POST', '/api/readings', {
      spreadType: 'health_wellbeing',
      question: 'Забеременею ли я в этом году?',
      ownCards: three,
    });
    expect(health.status).toBe(201);
    const text = (await h.call(user, 'GET', `/api/readings/${health.body.data.id}/interpretation`)).body.data.reading.interpretation!;
    expect(text).toMatch(/врач/);
    expect(text).not.toMatch(/«да»|«нет»|скорее да|скорее нет|забеременеете/);
  });

  it('the journal counts own-deck readings or leaves them out (ownDeck=include|exclude)', async () => {
    const user = 26_306;
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    h.setNow(zonedTimeToUtc('2026-03-05', '12:00', 'Europe/Moscow'));
    await h.call(user, 'POST', '/api/readings', { spreadType: 'past_present_future', question: 'Что ждёт меня весной?', ownCards: three });
    const dealt = (await h.call(user, 'POST', '/api/readings', { spreadType: 'career_finance', question: 'Что с работой?' })).body.data;
    const both = (await h.call(user, 'GET', '/api/user/journal?month=2026-03')).body.data;
    expect(both).toMatchObject({ ownDeck: 'include', ownDeckReadings: 1, readings: 2, cards: 3 + 4 });
    expect(both.topCards.map((c: any) => c.cardId)).toContain('sun');
    const without = (await h.call(user, 'GET', '/api/user/journal?month=2026-03&ownDeck=exclude')).body.data;
    expect(without).toMatchObject({ ownDeck: 'exclude', ownDeckReadings: 1, readings: 1, cards: 4 });
    const dealtReversed = dealt.cards.filter((c: any) => c.reversed).length;
    expect(without.reversedShare).toBeCloseTo(dealtReversed / 4, 5);
    expect(without.topCards.map((c: any) => c.cardId).sort()).toEqual(dealt.cards.map((c: any) => c.cardId).sort());
    const bad = await h.call(user, 'GET', '/api/user/journal?ownDeck=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^ownDeck: /);
  });
});

describe('an own-deck reading shared and sent to the chat', () => {
  let h: Harness;
  const prepared: { caption?: string }[] = [];
  beforeAll(async () => {
    h = await createHarness('pglite', {
      share: {
        publicUrl: () => 'https://tarot.example',
        botUsername: async () => 'tarot_test_bot',
        savePreparedInlineMessage: async (_userId, result) => {
          prepared.push(result as { caption?: string });
          return { id: 'prep-1', expiration_date: Math.floor(Date.now() / 1000) + 86_400 };
        },
      },
    });
  });
  afterAll(() => h.close());

  it('the share caption, the picture and the bot’s caption say «своя колода»', async () => {
    const user = 26_310;
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'basic' });
    const r = (
      await h.call(user, 'POST', '/api/readings', {
        spreadType: 'past_present_future',
        question: 'Что ждёт меня на новой работе?',
        ownCards: three,
      })
    ).body.data;
    await h.call(user, 'GET', `/api/readings/${r.id}/interpretation`);
    const kit = await h.call(user, 'POST', `/api/readings/${r.id}/share`, { includeQuestion: false });
    expect(kit.status).toBe(200);
    // The message a friend receives names the spread with the mark.
    expect(prepared.at(-1)?.caption).toContain('🔮 Прошлое, настоящее, будущее · своя колода');

    const res = await h.app.request(`/api/readings/${r.id}/image?format=story`, { headers: { Authorization: h.authFor(user) } });
    expect(res.status).toBe(200);
    const shots = path.resolve('test-results', 'screenshots');
    fs.mkdirSync(shots, { recursive: true });
    const own = Buffer.from(await res.arrayBuffer());
    fs.writeFileSync(path.join(shots, 'share-story-own-deck.jpg'), own);
    // The same cards dealt by the server make another picture: the mark is drawn on it.
    const job = (ownDeck: boolean) => ({
      format: 'story' as const,
      deck: 'rws' as const,
      picture: {
        spreadName: 'Прошлое, настоящее, будущее',
        layout: 'rows' as const,
        question: null,
        summary: 'Вот как легли карты.',
        cards: [],
        ...(ownDeck ? { ownDeck } : {}),
      },
    });
    expect(pictureHash(job(true))).not.toBe(pictureHash(job(false)));

    // What the bot sends for this reading (the chat picture's caption, «Читать полностью», web_app_data).
    const reading = await h.services.readings.get(user, r.id);
    expect(spreadCaption(reading)).toContain('<b>Прошлое, настоящее, будущее · своя колода</b>');
  });
});
