// «Перевёрнутые карты»: the setting round-trips through PUT /api/user/settings; with it off every deal the user
// makes (spreads, the year forecast, the daily card, follow-ups, the micro pack and its 3-card reading) lies
// upright, and neither the AI prompts (seen by a fake OpenAI on 127.0.0.1) nor the card-based texts speak of
// orientation. With it on (the default) reversed cards still come.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';
import { createHarness, type Harness } from '../test/harness';

/** Any word of orientation a text could carry. */
const ORIENTATION_WORDS = /перев[её]рн|прям(ое|ом) положени|прямая она|легли прямо|положение каждой карты/i;

type Card = { reversed: boolean; orientation: string };

describe.each(TEST_DB_KINDS)('reversed cards setting on %s', (kind) => {
  let h: Harness;
  let plain: Harness;
  let ai: FakeOpenAI;
  beforeAll(async () => {
    ai = await startFakeOpenAI();
    h = await createHarness(kind, { ai: { apiKey: 'sk-test', baseUrl: ai.baseUrl } });
    plain = await createHarness(kind);
  });
  afterAll(async () => {
    await h?.close();
    await plain?.close();
    await ai?.close();
  });

  const turnOff = async (hh: Harness, user: number) => {
    const r = await hh.call(user, 'PUT', '/api/user/settings', { reversals: false });
    expect(r.status).toBe(200);
    expect(r.body.data.userStatus.reversals).toBe(false);
  };

  it('is on by default, round-trips through PUT /api/user/settings, and refuses a bad value naming the field', async () => {
    const user = 61_001;
    expect((await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.reversals).toBe(true);
    await turnOff(h, user);
    expect((await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.reversals).toBe(false);
    const bad = await h.call(user, 'PUT', '/api/user/settings', { reversals: 'нет' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^reversals: /);
    const back = await h.call(user, 'PUT', '/api/user/settings', { reversals: true });
    expect(back.body.data.userStatus.reversals).toBe(true);
  });

  it('with it off, 200 dealt cards of every kind lie upright and no prompt sent to the AI mentions orientation', async () => {
    const user = 61_002;
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    await turnOff(h, user);
    const dealt: Card[] = [];
    const before = ai.requests.length;

    // Spreads: sixteen year forecasts of 13 cards.
    const readings: number[] = [];
    for (let i = 0; i < 16; i++) {
      const r = await h.call(user, 'POST', '/api/readings', {
        spreadType: 'year_forecast',
        question: `Что принесёт мне год, вариант ${i + 1}?`,
      });
      expect(r.status).toBe(201);
      dealt.push(...r.body.data.cards);
      readings.push(r.body.data.id);
    }
    // The daily card, drawn and redrawn.
    for (let i = 0; i < 20; i++) {
      const d = await h.call(user, 'POST', '/api/user/daily-card/use', { redraw: i > 0 });
      expect(d.status).toBe(200);
      dealt.push(d.body.data.card);
    }
    expect(dealt.length).toBeGreaterThanOrEqual(200);

    // The AI texts: a reading, a follow-up, the daily card's message and the day analysis.
    expect((await h.call(user, 'GET', `/api/readings/${readings[0]}/interpretation`)).status).toBe(200);
    const f = await h.call(user, 'POST', `/api/readings/${readings[0]}/follow-ups`, { question: 'А что с работой?' });
    expect(f.status).toBe(201);
    dealt.push(f.body.data.followUp.card);
    expect(f.body.data.followUp.status).toBe('done');
    expect((await h.call(user, 'POST', '/api/interpret-daily-card', {})).status).toBe(200);
    expect((await h.call(user, 'POST', '/api/detailed-daily-guidance', {})).status).toBe(200);

    expect(dealt.filter((c) => c.reversed || c.orientation !== 'upright')).toEqual([]);
    const prompts = ai.requests.slice(before).map((r) => JSON.stringify(r.body.messages));
    expect(prompts.length).toBeGreaterThanOrEqual(4);
    for (const p of prompts) expect(p).not.toMatch(ORIENTATION_WORDS);
  });

  it('with it off, the micro pack, its tip and its 3-card reading are upright and say nothing of orientation', async () => {
    const user = 61_003;
    await turnOff(h, user);
    const before = ai.requests.length;
    const reading = (await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что ждёт меня сегодня?' })).body
      .data;
    expect((await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'micro', readingId: reading.id })).status).toBeLessThan(
      300,
    );
    const reveal = await h.call(user, 'POST', '/api/readings/micro/reveal', { readingId: reading.id });
    expect(reveal.status).toBe(200);
    const spread = await h.call(user, 'POST', '/api/readings', {
      spreadType: 'past_present_future',
      question: 'Что было, есть и будет?',
      microPurchaseId: reveal.body.data.spread!.purchaseId,
    });
    expect(spread.status).toBe(201);
    const cards: (Card & { label?: string })[] = [...reading.cards, ...reveal.body.data.cards, ...spread.body.data.cards];
    expect(cards.filter((c) => c.reversed)).toEqual([]);
    for (const c of reveal.body.data.cards) expect(c.label).not.toMatch(ORIENTATION_WORDS);
    const prompts = ai.requests.slice(before).map((r) => JSON.stringify(r.body.messages));
    expect(prompts.length).toBeGreaterThanOrEqual(1);
    for (const p of prompts) expect(p).not.toMatch(ORIENTATION_WORDS);
  });

  it('with it off, the card-based texts (no AI) say nothing of orientation; with it on reversed cards still come', async () => {
    const off = 61_004;
    await plain.call(off, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    await turnOff(plain, off);
    for (const spreadType of ['celtic_cross', 'year_forecast', 'love_relationship']) {
      const r = (await plain.call(off, 'POST', '/api/readings', { spreadType, question: 'Как сложатся мои дела?' })).body.data;
      const text = (await plain.call(off, 'GET', `/api/readings/${r.id}/interpretation`)).body.data.interpretation as string;
      expect(text.length).toBeGreaterThan(200);
      expect(text).not.toMatch(ORIENTATION_WORDS);
      const f = await plain.call(off, 'POST', `/api/readings/${r.id}/follow-ups`, { question: 'А что с деньгами?' });
      expect(f.status).toBe(201);
      const answered = f.body.data.followUp;
      expect(answered.answer).toBeTruthy();
      expect(answered.answer).not.toMatch(ORIENTATION_WORDS);
    }
    await plain.call(off, 'POST', '/api/user/daily-card/use', {});
    expect((await plain.call(off, 'POST', '/api/interpret-daily-card', {})).body.data.interpretation).not.toMatch(ORIENTATION_WORDS);
    expect((await plain.call(off, 'POST', '/api/detailed-daily-guidance', {})).body.data.guidance).not.toMatch(ORIENTATION_WORDS);

    // The same deals with the setting on: reversed cards come (the test above could fail).
    const on = 61_005;
    await plain.call(on, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    const cards: Card[] = [];
    for (let i = 0; i < 4; i++)
      cards.push(
        ...(await plain.call(on, 'POST', '/api/readings', { spreadType: 'year_forecast', question: 'Что принесёт год?' })).body.data.cards,
      );
    expect(cards.some((c) => c.reversed)).toBe(true);
  });

  it('a reading dealt reversed before the user turned them off still names its reversed cards', async () => {
    const user = 61_006;
    await plain.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    let r: { id: number; cards: Card[] } | undefined;
    for (let i = 0; i < 10 && !r?.cards.some((c) => c.reversed); i++)
      r = (await plain.call(user, 'POST', '/api/readings', { spreadType: 'celtic_cross', question: 'Что меня ждёт?' })).body.data;
    expect(r!.cards.some((c) => c.reversed)).toBe(true);
    await turnOff(plain, user);
    const text = (await plain.call(user, 'GET', `/api/readings/${r!.id}/interpretation`)).body.data.interpretation as string;
    expect(text).toMatch(/перев[её]рн/);
  });
});
