// The AI's limits: the request fits the model (the reasoning families take max_completion_tokens), an answer
// cut at its token limit is never stored as finished (one continuation, else the cards finish it after a
// visible line), and the deadlines are a budget that grows with the spread plus an idle gap between tokens.
import { beforeAll, describe, expect, it } from 'vitest';
import { CUT_OFF_LINE } from '../domain/reading/cut-off';
import { SPREAD_BY_ID } from '../domain/tarot/spreads';
import { AI_ERRORS } from '../services/interpretation';
import { TEST_DB_KINDS } from '../test/databases';
import { tokenize, type FakeOpenAI } from '../test/fake-openai';
import type { Harness } from '../test/harness';
import { secondInstance, sse, useInterpretationFixture } from '../test/interpretation-fixture';
import { readSse, serveApp } from '../test/sse-client';

/** The old single deadline of these tests (the fixture's), and the new ones. */
const BASE_MS = 1_500;
const PER_CARD_MS = 1_000;
const IDLE_MS = 1_000;

const streamed = (events: { event: string; data: any }[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');

describe.each(TEST_DB_KINDS)('AI interpretations on %s: limits', (kind) => {
  const t = useInterpretationFixture(kind, { timeoutMs: BASE_MS, timeoutPerCardMs: PER_CARD_MS, idleTimeoutMs: IDLE_MS });
  const { newUser, newReading, interpretationUrl, readingRow } = t;
  let fake: FakeOpenAI, h: Harness;
  beforeAll(() => {
    ({ fake, h } = t);
  });

  it('asks the default model (gpt-6-luna) with max_completion_tokens and no reasoning, a classic model with max_tokens and the temperature', async () => {
    const user = newUser();
    const reading = await newReading(user);
    const before = fake.requests.length;
    await h.call(user, 'GET', `/api/readings/${reading.id}/interpretation`);
    const body = fake.requests[before].body;
    expect(body).toMatchObject({ model: 'gpt-6-luna', max_completion_tokens: 2500, reasoning_effort: 'none', stream: true });
    expect(body).not.toHaveProperty('max_tokens');
    expect(body).not.toHaveProperty('temperature');

    const classic = secondInstance(h, { apiKey: 'sk-test', baseUrl: fake.baseUrl, model: 'gpt-4o-mini' });
    const second = newUser();
    const other = await newReading(second);
    await classic.call(second, 'GET', `/api/readings/${other.id}/interpretation`);
    const sent = fake.requests.at(-1)!.body;
    expect(sent).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 2500, temperature: 0.7 });
    expect(sent).not.toHaveProperty('max_completion_tokens');
    expect(sent).not.toHaveProperty('reasoning_effort');
  });

  it('an answer cut at its token limit is continued once, and the whole text is stored and streamed', async () => {
    const outline = SPREAD_BY_ID.get('celtic_cross')!.outline;
    const first = `## ${outline[0]}\n\nКарты говорят о переменах, и **Маг** показыва`;
    const rest = `ет, что у вас есть всё нужное.\n\n## ${outline.at(-1)}\n\nДействуйте спокойно.`;
    fake.queue({ text: first, finishReason: 'length' }, { text: rest, finishReason: 'stop' });
    const user = newUser();
    const reading = await newReading(user, 'celtic_cross', 'Что будет с переездом?');
    const before = fake.requests.length;

    const events = await readSse(await sse(interpretationUrl(reading.id), h.authFor(user)));
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({ fallback: false, source: 'ai', cutOff: false, error: null });
    expect(streamed(events)).toBe(first + rest);
    expect(done.data.reading.interpretation).toBe(first + rest);
    expect(await readingRow(reading.id)).toMatchObject({ status: 'done', interpretation: first + rest, ai_error: null });

    // The continuation carried the cut text as the model's own and asked it to go on from there.
    expect(fake.requests.length - before).toBe(2);
    const messages = fake.requests[before + 1].body.messages;
    expect(messages.slice(0, 2)).toEqual(fake.requests[before].body.messages);
    expect(messages[2]).toEqual({ role: 'assistant', content: first });
    expect(messages[3].content).toMatch(/оборвался на ограничении длины/);
  });

  it('cut again, the cards finish it after a visible line: stored as done and marked, over SSE and as JSON', async () => {
    const outline = SPREAD_BY_ID.get('celtic_cross')!.outline;
    const cut = `## ${outline[0]}\n\nКарты говорят о переменах. **Маг** показывает, что у вас есть всё нужное.\n\n## ${outline[1]}\n\nЗдесь карта`;
    for (const via of ['sse', 'json'] as const) {
      fake.queue({ text: cut, finishReason: 'length' }, { text: ' будто', finishReason: 'length' });
      const user = newUser();
      const reading = await newReading(user, 'celtic_cross', 'Что будет с переездом?');
      const before = fake.requests.length;
      let state: any;
      if (via === 'sse') {
        const events = await readSse(await sse(interpretationUrl(reading.id), h.authFor(user)));
        state = events.at(-1)!.data;
        // The user read everything that was stored, as it came.
        expect(streamed(events)).toBe(state.reading.interpretation);
      } else {
        const res = await h.call(user, 'GET', `/api/readings/${reading.id}/interpretation`);
        expect(res.status).toBe(200);
        state = res.body.data;
        expect(state.interpretation).toBe(state.reading.interpretation);
      }
      expect(fake.requests.length - before).toBe(2);
      expect(state).toMatchObject({ fallback: false, source: 'ai', cutOff: true, canRetry: false, notice: null });

      const text: string = state.reading.interpretation;
      const [ai, cards] = text.split(`\n\n${CUT_OFF_LINE}\n\n`);
      expect(ai).toBe(`${cut} будто`);
      // The cards go on from the section after the last one the AI began, to the conclusion.
      const headings = cards.split('\n').filter((l) => l.startsWith('## '));
      expect(headings).toEqual(outline.slice(2).map((hd) => `## ${hd}`));
      expect(await readingRow(reading.id)).toMatchObject({ status: 'done', interpretation: text, ai_error: AI_ERRORS.cutOff });
      // Asked again, the stored text is the answer, still marked.
      const again = await h.call(user, 'GET', `/api/readings/${reading.id}/interpretation`);
      expect(again.body.data).toMatchObject({ interpretation: text, cutOff: true, fallback: false });
    }
  });

  it('a slow but steady year forecast longer than the old single deadline finishes: the budget grows with its 13 cards', async () => {
    // 60 tokens 50 ms apart: about 3 s of text, twice the old deadline, never a second of silence.
    const text = `## Тема года\n\n${Array.from({ length: 57 }, (_, i) => `слово${i}`).join(' ')}`;
    expect(tokenize(text)).toHaveLength(60);
    fake.set({ text, tokenDelayMs: 50 });
    const user = newUser();
    const reading = await newReading(user, 'year_forecast', 'Каким будет год?');
    const before = fake.requests.length;
    const events = await readSse(await sse(interpretationUrl(reading.id), h.authFor(user)));
    const rec = fake.requests[before];
    expect(rec.tokensSent).toBe(60);
    expect(rec.lastTokenAt! - rec.receivedAt).toBeGreaterThan(BASE_MS); // the premise: longer than the old deadline
    expect(events.at(-1)!.data).toMatchObject({ fallback: false, error: null, source: 'ai' });
    expect(await readingRow(reading.id)).toMatchObject({ status: 'done', interpretation: text });
    expect(rec.body.max_completion_tokens).toBe(5000);
  });

  it('a stream silent for longer than the idle gap fails over as a timeout, well inside a long budget', async () => {
    // A budget of a minute: only the idle gap can end these calls within the test.
    const patient = secondInstance(h, {
      apiKey: 'sk-test',
      baseUrl: fake.baseUrl,
      timeoutMs: 60_000,
      timeoutPerCardMs: PER_CARD_MS,
      idleTimeoutMs: IDLE_MS,
    });
    const served = await serveApp(patient.app);
    try {
      for (const stall of [{ mode: 'stall', stallAfterTokens: 3, tokenDelayMs: 1 }, { mode: 'hang' }] as const) {
        fake.set(stall);
        const user = newUser();
        const reading = await newReading(user, 'year_forecast', 'Каким будет год?');
        const events = await readSse(await sse(`${served.url}/api/readings/${reading.id}/interpretation`, h.authFor(user)));
        const done = events.at(-1)!.data;
        expect(done).toMatchObject({ fallback: true, error: AI_ERRORS.timeout, source: 'cards', canRetry: true, cutOff: false });
        for (const heading of ['Тема года', 'Общий вывод']) expect(done.reading.interpretation).toContain(`## ${heading}`);
        expect(await readingRow(reading.id)).toMatchObject({ status: 'fallback', ai_error: AI_ERRORS.timeout });
      }
    } finally {
      await served.close();
    }
  }, 20_000);
});
