// The micro pack's tip comes from the AI provider (a fake OpenAI on 127.0.0.1), once per purchase; when the
// provider fails the tip is built from the cards, and it is stored either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';
import { createHarness, type Harness } from '../test/harness';

const TIP = 'Сегодня доверьтесь первому впечатлению: Шут и его спутники советуют начать с малого и не бояться перемен.';

describe.each(TEST_DB_KINDS)('micro tip on %s', (kind) => {
  let h: Harness;
  let ai: FakeOpenAI;
  beforeAll(async () => {
    ai = await startFakeOpenAI({ text: TIP });
    h = await createHarness(kind, { ai: { apiKey: 'sk-test', baseUrl: ai.baseUrl } });
  });
  afterAll(async () => {
    await h?.close();
    await ai?.close();
  });

  async function paidReading(user: number) {
    const saved = await h.call(user, 'POST', '/api/user/reading', { title: 'Карта дня', cards: ['Шут'], spreadType: 'free_daily' });
    const readingId = saved.body.data.readingId;
    await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'micro', readingId });
    return readingId;
  }

  it('asks the provider once per purchase, with the three cards, and stores the tip', async () => {
    ai.set({ mode: 'ok', text: TIP });
    const before = ai.requests.length;
    const readingId = await paidReading(50_001);
    const first = await h.call(50_001, 'POST', '/api/readings/micro/reveal', { readingId });
    expect(first.body.data.advice.text).toBe(TIP);
    const again = await h.call(50_001, 'POST', '/api/readings/micro/reveal', { readingId });
    expect(again.body.data.advice.text).toBe(TIP);
    expect(ai.requests.length - before).toBe(1);
    const prompt = JSON.stringify(ai.requests.at(-1)!.body.messages);
    for (const c of first.body.data.cards) expect(prompt).toContain(c.name);
  });

  it('falls back to the tip built from the cards when the provider fails', async () => {
    ai.set({ mode: 'fail' });
    const readingId = await paidReading(50_002);
    const r = await h.call(50_002, 'POST', '/api/readings/micro/reveal', { readingId });
    expect(r.status).toBe(200);
    expect(r.body.data.advice.text).toContain('Карта дня «Шут»');
    ai.set({ mode: 'ok' });
    expect((await h.call(50_002, 'POST', '/api/readings/micro/reveal', { readingId })).body.data.advice.text).toBe(r.body.data.advice.text);
  });

  it('goes through the shared AI provider: the per-user call limit counts the tip too', async () => {
    const limited = await createHarness(kind, {
      ai: { apiKey: 'sk-test', baseUrl: ai.baseUrl, timeoutMs: 30_000, rateLimit: { calls: 1, windowS: 600 } },
    });
    try {
      ai.set({ mode: 'ok', text: TIP });
      const user = 50_003;
      // The user's only provider call of the window for texts beyond readings is already used (as by a
      // follow-up a moment ago).
      const reading = await limited.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что меня ждёт сегодня?' });
      await limited.db
        .insertInto('rate_limits')
        .values({ name: 'ai:extra', key: String(user), user_id: user, window_start: new Date(), count: 1 })
        .execute();
      const before = ai.requests.length;
      await limited.call(user, 'POST', '/api/payments/create-one-time', { product: 'micro', readingId: reading.body.data.id });
      const r = await limited.call(user, 'POST', '/api/readings/micro/reveal', { readingId: reading.body.data.id });
      expect(r.status).toBe(200);
      // No provider call over the limit: the tip is the one built from the cards.
      expect(ai.requests.length).toBe(before);
      expect(r.body.data.advice.text).not.toBe(TIP);
    } finally {
      await limited.close();
    }
  });
});
