// When no AI text can be produced: the card-based text with the AI_ERRORS message, a Russian notice, the
// spread still used, «ask the AI again» at no cost, and no 500.
import { beforeAll, describe, expect, it } from 'vitest';
import { SPREAD_BY_ID } from '../domain/tarot/spreads';
import type { AiConfig } from '../services/deps';
import { AI_ERRORS } from '../services/interpretation';
import { TEST_DB_KINDS } from '../test/databases';
import { DEFAULT_FAKE_TEXT, type FakeOpenAI } from '../test/fake-openai';
import type { Harness } from '../test/harness';
import { closedPort, secondInstance, sse, useInterpretationFixture } from '../test/interpretation-fixture';
import { readSse, serveApp, type ServedApp } from '../test/sse-client';

describe.each(TEST_DB_KINDS)('AI interpretations on %s: fallback', (kind) => {
  const t = useInterpretationFixture(kind);
  const { newUser, newReading, usage } = t;
  let fake: FakeOpenAI, h: Harness, server: ServedApp;
  beforeAll(() => {
    ({ fake, h, server } = t);
  });

  describe('when no AI text can be produced', () => {
    const cases: { name: string; setup: () => Promise<Partial<AiConfig> | null>; error: string }[] = [
      { name: 'no API key', setup: async () => ({ apiKey: undefined }), error: AI_ERRORS.notInitialized },
      {
        name: 'provider down',
        setup: async () => ({ apiKey: 'sk-test', baseUrl: `http://127.0.0.1:${await closedPort()}/v1` }),
        error: 'Connection error.',
      },
      {
        name: 'provider 500',
        setup: async () => {
          fake.set({ mode: 'fail' });
          return null;
        },
        error: 'Backend API error: 500',
      },
      {
        name: 'provider hangs (timeout)',
        setup: async () => {
          fake.set({ mode: 'hang' });
          return null;
        },
        error: AI_ERRORS.timeout,
      },
      {
        name: 'provider stalls mid-stream (timeout)',
        setup: async () => {
          fake.set({ mode: 'stall', tokenDelayMs: 1 });
          return null;
        },
        error: AI_ERRORS.timeout,
      },
      {
        name: 'empty answer',
        setup: async () => {
          fake.set({ mode: 'empty' });
          return null;
        },
        error: AI_ERRORS.empty,
      },
      {
        name: 'garbage answer',
        setup: async () => {
          fake.set({ mode: 'garbage' });
          return null;
        },
        error: AI_ERRORS.unexpectedFormat,
      },
    ];

    for (const c of cases) {
      it(`${c.name}: the card-based text with the spec's message in \`error\`, a Russian notice, the spread still used, no 500`, async () => {
        const ai = await c.setup();
        const instance = ai ? secondInstance(h, ai) : null;
        const served = instance ? await serveApp(instance.app) : server;
        try {
          const user = newUser();
          await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'basic' });
          const reading = await newReading(user, 'love_relationship', 'Есть ли будущее у наших отношений?');
          await newReading(user, 'love_relationship', 'Второй вопрос о любви');
          expect((await usage(user)).dailySpreadsUsed).toBe(2);

          const res = await sse(`${served.url}/api/readings/${reading.id}/interpretation`, h.authFor(user));
          expect(res.status).toBe(200);
          const events = await readSse(res);
          const done = events.find((e) => e.event === 'done')!.data;
          expect(done.fallback).toBe(true);
          expect(done.error).toBe(c.error);
          expect(done.reading.status).toBe('fallback');
          expect(done.source).toBe('cards');
          expect(done.fallbackReason).toBe(c.name === 'no API key' ? 'no_ai' : 'ai_failed');
          expect(done.canRetry).toBe(c.name !== 'no API key');
          expect(done.notice).not.toMatch(/[A-Za-z]/);
          const text: string = done.reading.interpretation;
          for (const heading of SPREAD_BY_ID.get('love_relationship')!.outline) expect(text).toContain(`## ${heading}`);
          for (const card of reading.cards) expect(text).toContain(`**${card.name}**`);
          expect(text).toContain('Есть ли будущее у наших отношений?');
          if (!events.slice(0, -1).some((e) => e.event === 'delta' && e.data.text !== text)) {
            // Nothing was streamed before the failure: the fallback itself went out as the text.
            expect(
              events
                .filter((e) => e.event === 'delta')
                .map((e) => e.data.text)
                .join(''),
            ).toBe(text);
          }

          // The spread stays used: a failure is never turned into an extra reading.
          expect((await usage(user)).dailySpreadsUsed).toBe(2);
          const json = await h.call(user, 'GET', `/api/readings/${reading.id}/interpretation`);
          expect(json.status).toBe(200);
          expect(json.body.data).toMatchObject({ fallback: true, error: c.error, interpretation: text });
          expect((await usage(user)).dailySpreadsUsed).toBe(2);
        } finally {
          if (instance) await served.close();
        }
      });
    }

    it('a free user keeps the free spread used; «ask the AI again» sends the same cards later at no cost', async () => {
      fake.set({ mode: 'fail' });
      const user = newUser();
      const reading = await newReading(user);
      expect((await usage(user)).freeSpreadAvailable).toBe(false);
      const res = await h.call(user, 'GET', `/api/readings/${reading.id}/interpretation`);
      expect(res.body.data).toMatchObject({ fallback: true, error: 'Backend API error: 500', canRetry: true, fallbackReason: 'ai_failed' });
      // No farming: the free spread stays used, and no second reading today.
      expect(await usage(user)).toMatchObject({ dailySpreadsUsed: 1, freeSpreadAvailable: false, remainingSpreads: 0 });
      expect((await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Ещё один вопрос?' })).status).toBe(429);

      // Still failing: asking again gives the card-based text again, still no charge.
      const again = await h.call(user, 'POST', `/api/readings/${reading.id}/interpretation/retry`);
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ fallback: true, canRetry: true });

      // The provider is back: the same cards, now read by the AI, stored, and the day's quota untouched.
      fake.set({ mode: 'ok' });
      const before = fake.requests.length;
      const ok = await fetch(`${server.url}/api/readings/${reading.id}/interpretation/retry`, {
        method: 'POST',
        headers: { Accept: 'text/event-stream', Authorization: h.authFor(user) },
      });
      const events = await readSse(ok);
      expect(
        events
          .filter((e) => e.event === 'delta')
          .map((e) => e.data.text)
          .join(''),
      ).toBe(DEFAULT_FAKE_TEXT);
      const done = events.find((e) => e.event === 'done')!.data;
      expect(done).toMatchObject({ fallback: false, source: 'ai', canRetry: false, reading: { id: reading.id, status: 'done' } });
      expect(done.reading.cards.map((c: any) => [c.cardId, c.orientation])).toEqual(
        reading.cards.map((c: any) => [c.cardId, c.orientation]),
      );
      expect(fake.requests.length).toBe(before + 1);
      expect(await usage(user)).toMatchObject({ dailySpreadsUsed: 1, freeSpreadAvailable: false });
      // Done is done: asking again returns the stored AI text without a call.
      const stored = await h.call(user, 'POST', `/api/readings/${reading.id}/interpretation/retry`);
      expect(stored.body.data).toMatchObject({ interpretation: DEFAULT_FAKE_TEXT, fallback: false });
      expect(fake.requests.length).toBe(before + 1);
      // Someone else's reading cannot be retried.
      expect((await h.call(newUser(), 'POST', `/api/readings/${reading.id}/interpretation/retry`)).status).toBeGreaterThanOrEqual(403);
    });

    it('with no AI configured the cards are the interpretation: labelled, no retry offered, retry refused in Russian', async () => {
      const noAi = secondInstance(h, { apiKey: undefined });
      const user = newUser();
      const reading = await newReading(user);
      const res = await noAi.call(user, 'GET', `/api/readings/${reading.id}/interpretation`);
      expect(res.body.data).toMatchObject({
        fallback: true,
        source: 'cards',
        fallbackReason: 'no_ai',
        canRetry: false,
        notice: 'Толкование составлено по классическим значениям карт',
      });
      const retry = await noAi.call(user, 'POST', `/api/readings/${reading.id}/interpretation/retry`);
      expect(retry.status).toBe(409);
      expect(retry.body.error).not.toMatch(/[A-Za-z]/);
      expect((await usage(user)).freeSpreadAvailable).toBe(false);
      // Once a provider is configured, the same reading may ask the AI.
      const withAi = await h.call(user, 'GET', `/api/readings/${reading.id}/interpretation`);
      expect(withAi.body.data).toMatchObject({ fallback: true, canRetry: true });
      const ai = await h.call(user, 'POST', `/api/readings/${reading.id}/interpretation/retry`);
      expect(ai.body.data).toMatchObject({ fallback: false, interpretation: DEFAULT_FAKE_TEXT });
    });
  });
});
