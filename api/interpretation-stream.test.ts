// Streaming AI interpretations through the real HTTP app against a fake OpenAI on 127.0.0.1: in order and
// stored, one provider call per reading (also across two instances), and the provider request cancelled when
// the client goes away.
import { beforeAll, describe, expect, it } from 'vitest';
import { CONCERN_OPENING } from '../domain/reading/care';
import { SPREAD_BY_ID } from '../domain/tarot/spreads';
import { TEST_DB_KINDS } from '../test/databases';
import { tokenize, DEFAULT_FAKE_TEXT, type FakeOpenAI } from '../test/fake-openai';
import type { Harness } from '../test/harness';
import { secondInstance, sse, useInterpretationFixture } from '../test/interpretation-fixture';
import { readSse, serveApp, sseEvents } from '../test/sse-client';

describe.each(TEST_DB_KINDS)('AI interpretations on %s: streaming', (kind) => {
  const t = useInterpretationFixture(kind);
  const { newUser, newReading, interpretationUrl, readingRow, usage } = t;
  let fake: FakeOpenAI, h: Harness;
  beforeAll(() => {
    ({ fake, h } = t);
  });

  it('streams the text through the real HTTP app in order, as the provider writes it, and stores it', async () => {
    const user = newUser();
    const reading = await newReading(user);
    const before = fake.requests.length;
    const res = await sse(interpretationUrl(reading.id), h.authFor(user));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const events = await readSse(res);
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text);
    // One delta per provider token, in the provider's order.
    expect(deltas).toEqual(tokenize(DEFAULT_FAKE_TEXT));
    expect(events.map((e) => e.event)).toEqual([...deltas.map(() => 'delta'), 'done']);
    const done = events[events.length - 1].data;
    expect(done).toMatchObject({
      fallback: false,
      error: null,
      reading: { id: reading.id, status: 'done', interpretation: DEFAULT_FAKE_TEXT },
    });

    expect(fake.requests.length).toBe(before + 1);
    const sent = fake.requests[before];
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({ model: 'gpt-6-luna', max_completion_tokens: 2500, reasoning_effort: 'none', stream: true });
    expect(sent.body.messages[0].role).toBe('system');
    expect(sent.body.messages[1].content).toContain('<<<ВОПРОС\nЧто меня ждёт сегодня?\nВОПРОС>>>');
    expect(sent.body.messages[1].content).toContain('2–3 предложения'); // a free user's reading: basic
    for (const [i, c] of reading.cards.entries()) expect(sent.body.messages[1].content).toContain(`Карта ${i + 1}: ${c.name} (`);

    const stored = await h.call(user, 'GET', `/api/readings/${reading.id}`);
    expect(stored.body.data).toMatchObject({ status: 'done', interpretation: DEFAULT_FAKE_TEXT });
    expect((await usage(user)).dailySpreadsUsed).toBe(1); // an AI text keeps the spread charged
    // The stream asks for its token usage, and the reading keeps what the provider reported.
    expect(sent.body.stream_options).toEqual({ include_usage: true });
    const row = await readingRow(reading.id);
    expect(row.ai_input_tokens).toBe(tokenize(sent.body.messages.map((m: { content: string }) => m.content).join(' ')).length);
    expect(row.ai_output_tokens).toBe(tokenize(DEFAULT_FAKE_TEXT).length);
  });

  it('a concern-tier question: the caring line and the help line stream first, before the provider’s words', async () => {
    const user = newUser();
    const reading = await newReading(user, 'free_daily', 'Всё бессмысленно, нет сил ни на что. Что меня ждёт сегодня?');
    const events = await readSse(await sse(interpretationUrl(reading.id), h.authFor(user)));
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text);
    expect(deltas).toEqual([`${CONCERN_OPENING}\n\n`, ...tokenize(DEFAULT_FAKE_TEXT)]);
    expect(events.at(-1)!.data.reading.interpretation).toBe(`${CONCERN_OPENING}\n\n${DEFAULT_FAKE_TEXT}`);
  });

  it('a provider that reports no usage leaves the tokens empty (the dashboard estimates them)', async () => {
    const user = newUser();
    const reading = await newReading(user);
    fake.queue({ usage: false });
    const res = await h.call(user, 'GET', `/api/readings/${reading.id}/interpretation`);
    expect(res.body.data).toMatchObject({ interpretation: DEFAULT_FAKE_TEXT, fallback: false });
    const row = await readingRow(reading.id);
    expect(row).toMatchObject({ status: 'done', ai_input_tokens: null, ai_output_tokens: null, ai_output_chars: DEFAULT_FAKE_TEXT.length });
  });

  it('a paid user reading asks for the premium level', async () => {
    const user = newUser();
    const reading = await newReading(user, 'celtic_cross', 'Чем закончится эта история?');
    const before = fake.requests.length;
    const res = await h.call(user, 'GET', `/api/readings/${reading.id}/interpretation`);
    expect(res.status).toBe(200);
    const prompt = fake.requests[before].body.messages[1].content as string;
    expect(prompt).toContain('5–7 предложений');
    for (const heading of SPREAD_BY_ID.get('celtic_cross')!.outline) expect(prompt).toContain(`## ${heading}`);
    expect(prompt).toContain('позиция «Итог»');
  });

  it('asking again for a finished reading returns the stored text without a provider call', async () => {
    const user = newUser();
    const reading = await newReading(user);
    const first = await h.call(user, 'GET', `/api/readings/${reading.id}/interpretation`);
    expect(first.body).toMatchObject({ success: true, data: { interpretation: DEFAULT_FAKE_TEXT, fallback: false, error: null } });
    const calls = fake.requests.length;
    const events = await readSse(await sse(interpretationUrl(reading.id), h.authFor(user)));
    expect(events.map((e) => e.event)).toEqual(['delta', 'done']);
    expect(events[0].data.text).toBe(DEFAULT_FAKE_TEXT);
    const again = await h.call(user, 'GET', `/api/readings/${reading.id}/interpretation`);
    expect(again.body.data).toMatchObject({ interpretation: DEFAULT_FAKE_TEXT, fallback: false, reading: { status: 'done' } });
    expect(fake.requests.length).toBe(calls);
  });

  it('two simultaneous requests for one reading make one provider call and both get the whole text', async () => {
    const user = newUser();
    const reading = await newReading(user);
    const before = fake.requests.length;
    const release = fake.hold();
    // Both streams are open (headers received) while the provider has not written a token yet.
    const [a, b] = await Promise.all([
      sse(interpretationUrl(reading.id), h.authFor(user)),
      sse(interpretationUrl(reading.id), h.authFor(user)),
    ]);
    const json = h.call(user, 'GET', `/api/readings/${reading.id}/interpretation`);
    await fake.waitForRequests(before + 1);
    release();
    const [ea, eb, ej] = await Promise.all([readSse(a), readSse(b), json]);
    for (const events of [ea, eb]) {
      expect(
        events
          .filter((e) => e.event === 'delta')
          .map((e) => e.data.text)
          .join(''),
      ).toBe(DEFAULT_FAKE_TEXT);
      expect(events[events.length - 1]).toMatchObject({ event: 'done', data: { fallback: false, reading: { status: 'done' } } });
    }
    expect(ej.body.data.interpretation).toBe(DEFAULT_FAKE_TEXT);
    expect(fake.requests.length).toBe(before + 1);
  });

  it('two app instances on one database make one provider call for one reading', async () => {
    const user = newUser();
    const reading = await newReading(user);
    const other = secondInstance(h, { apiKey: 'sk-test', baseUrl: fake.baseUrl, timeoutMs: 1_500 });
    const otherServer = await serveApp(other.app);
    try {
      const before = fake.requests.length;
      const release = fake.hold();
      const a = await sse(interpretationUrl(reading.id), h.authFor(user));
      await fake.waitForRequests(before + 1);
      // The second instance finds the reading claimed in the database and waits for the stored result.
      const b = await sse(`${otherServer.url}/api/readings/${reading.id}/interpretation`, h.authFor(user));
      const bJson = other.call(user, 'GET', `/api/readings/${reading.id}/interpretation`);
      release();
      const [ea, eb, ej] = await Promise.all([readSse(a), readSse(b), bJson]);
      expect(
        ea
          .filter((e) => e.event === 'delta')
          .map((e) => e.data.text)
          .join(''),
      ).toBe(DEFAULT_FAKE_TEXT);
      expect(
        eb
          .filter((e) => e.event === 'delta')
          .map((e) => e.data.text)
          .join(''),
      ).toBe(DEFAULT_FAKE_TEXT);
      expect(eb[eb.length - 1].data.reading.status).toBe('done');
      expect(ej.body.data.interpretation).toBe(DEFAULT_FAKE_TEXT);
      expect(fake.requests.length).toBe(before + 1);
    } finally {
      await otherServer.close();
    }
  });

  it('a client that goes away cancels the provider request; the reading can be interpreted later', async () => {
    const user = newUser();
    const reading = await newReading(user);
    fake.set({ tokenDelayMs: 40, text: DEFAULT_FAKE_TEXT.repeat(5) });
    const before = fake.requests.length;
    const ctl = new AbortController();
    const res = await sse(interpretationUrl(reading.id), h.authFor(user), ctl.signal);
    for await (const e of sseEvents(res)) {
      expect(e.event).toBe('delta');
      break; // the first words arrived; now the user closes the app
    }
    ctl.abort();
    await fake.waitForAbort(before);
    expect(fake.requests[before].finished).toBe(false);
    expect(fake.requests[before].tokensSent).toBeLessThan(tokenize(DEFAULT_FAKE_TEXT.repeat(5)).length);
    // Nothing half-written was stored, and the claim was given up.
    await expect.poll(async () => (await readingRow(reading.id)).ai_lease_id).toBeNull();
    const row = await readingRow(reading.id);
    expect(row.status).toBe('dealt');
    expect(row.interpretation).toBeNull();

    fake.set({ tokenDelayMs: 0, text: DEFAULT_FAKE_TEXT });
    const later = await h.call(user, 'GET', `/api/readings/${reading.id}/interpretation`);
    expect(later.body.data).toMatchObject({ interpretation: DEFAULT_FAKE_TEXT, fallback: false });
    expect(fake.requests.length).toBe(before + 2);
  });

  it('a JSON client that goes away cancels the provider request too', async () => {
    const user = newUser();
    const reading = await newReading(user);
    fake.set({ tokenDelayMs: 40, text: DEFAULT_FAKE_TEXT.repeat(5) });
    const before = fake.requests.length;
    const ctl = new AbortController();
    const pending = fetch(interpretationUrl(reading.id), { headers: { Authorization: h.authFor(user) }, signal: ctl.signal }).catch(
      (e) => e,
    );
    await fake.waitForRequests(before + 1);
    ctl.abort();
    expect((await pending).name).toBe('AbortError');
    await fake.waitForAbort(before);
    await expect.poll(async () => (await readingRow(reading.id)).ai_lease_id).toBeNull();
    expect((await readingRow(reading.id)).status).toBe('dealt');
  });

  it('a claim left by an instance that died expires, and the reading is interpreted', async () => {
    const user = newUser();
    const reading = await newReading(user);
    await h.db
      .updateTable('readings')
      .set({ ai_lease_id: 'dead-instance:1', ai_lease_until: new Date(Date.now() - 1_000) })
      .where('id', '=', reading.id)
      .execute();
    const before = fake.requests.length;
    const res = await h.call(user, 'GET', `/api/readings/${reading.id}/interpretation`);
    expect(res.body.data).toMatchObject({ interpretation: DEFAULT_FAKE_TEXT, fallback: false });
    expect(fake.requests.length).toBe(before + 1);
  });

  it('one of two listeners going away does not cancel the call the other still reads', async () => {
    const user = newUser();
    const reading = await newReading(user);
    fake.set({ tokenDelayMs: 5 });
    const before = fake.requests.length;
    const release = fake.hold();
    const ctl = new AbortController();
    const [leaving, staying] = await Promise.all([
      sse(interpretationUrl(reading.id), h.authFor(user), ctl.signal),
      sse(interpretationUrl(reading.id), h.authFor(user)),
    ]);
    ctl.abort();
    await leaving.body?.cancel().catch(() => {});
    release();
    const events = await readSse(staying);
    expect(
      events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe(DEFAULT_FAKE_TEXT);
    expect(fake.requests.length).toBe(before + 1);
    expect(fake.requests[before]).toMatchObject({ aborted: false, finished: true });
  });
});
