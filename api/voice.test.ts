// Voice through the HTTP API with the fake provider: a reading read aloud is spoken once and then served from
// the store (one provider call), counted against the day's limit of the plan (free: one), never for another
// user's reading; a provider that fails answers a Russian 503 and counts nothing. A recorded question comes back
// as text; its size, type and duration are checked with Russian errors naming the field. Without a provider
// the status says `voice: false` and the speech is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { OGG_FIXTURE, startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';
import { createHarness, type Harness } from '../test/harness';
import { READ_ALOUD_PER_DAY } from '../domain/commerce/catalogue';
import { PROVIDER_DOWN_SPEECH, VOICE_QUESTION_MAX_BYTES } from '../services/voice';

describe.each(TEST_DB_KINDS)('voice over the API (%s)', (kind) => {
  let h: Harness;
  let ai: FakeOpenAI;
  beforeAll(async () => {
    ai = await startFakeOpenAI();
    h = await createHarness(kind, { ai: { apiKey: 'sk-test', baseUrl: ai.baseUrl } });
  });
  afterAll(async () => {
    await h?.close();
    await ai?.close();
  });

  async function readingOf(user: number, question = 'Что меня ждёт на новой работе?') {
    const r = await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question });
    expect(r.status).toBe(201);
    const id = (r.body as any).data.id as number;
    expect((await h.call(user, 'GET', `/api/readings/${id}/interpretation`)).status).toBe(200);
    return id;
  }
  const speech = (user: number, id: number) => h.app.request(`/api/readings/${id}/speech`, { headers: { Authorization: h.authFor(user) } });
  const speechCalls = () => ai.audioRequests.filter((r) => r.kind === 'speech').length;

  it('speaks a reading once as Opus in OGG, serves the second request from the store, and never for another user', async () => {
    expect((await h.call(7001, 'GET', '/api/user/status')).body.data.voice).toBe(true);
    const id = await readingOf(7001);
    const before = speechCalls();
    const first = await speech(7001, id);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('audio/ogg');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(bytes.equals(OGG_FIXTURE)).toBe(true);
    const sent = ai.audioRequests.at(-1)!.body;
    expect(sent).toMatchObject({ model: 'gpt-4o-mini-tts-2025-12-15', voice: 'marin', response_format: 'opus' });
    // The text spoken: no markdown marks, no emoji; the spread and the question first.
    expect(sent.input).toMatch(/^Расклад «.+»\.\nВопрос: Что меня ждёт на новой работе\?/);
    expect(sent.input).not.toMatch(/[#*]/);

    const second = await speech(7001, id);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-speech-cached')).toBe('1');
    expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
    expect(speechCalls()).toBe(before + 1);

    const other = await speech(7002, id);
    expect(other.status).toBe(404);
    expect(speechCalls()).toBe(before + 1);
  });

  it('«Удалить мои данные» names the readings read aloud and deletes their stored speech', async () => {
    const user = 7010;
    const id = await readingOf(user);
    expect((await speech(user, id)).status).toBe(200);
    const stored = () => h.db.selectFrom('reading_speech').select('reading_id').where('reading_id', '=', id).execute();
    expect(await stored()).toHaveLength(1);
    const preview = await h.call(user, 'GET', '/api/user/deletion');
    expect(preview.body.data.lines[0]).toContain('озвученные толкования (звук)');
    expect((await h.call(user, 'DELETE', '/api/user', { confirm: true })).status).toBe(200);
    expect(await stored()).toEqual([]);
  });

  it('free: one reading aloud a day; a provider that fails answers in Russian and counts nothing', async () => {
    const user = 7003;
    // 23:00 in Moscow: the next reading (a new local day) comes two hours later, inside the speech's 24 hours.
    h.setNow(new Date('2026-12-01T20:00:00Z'));
    const a = await readingOf(user);
    ai.audio({ speech: 'fail' });
    const down = await speech(user, a);
    expect(down.status).toBe(503);
    expect(((await down.json()) as any).error).toBe(PROVIDER_DOWN_SPEECH);
    ai.audio({ speech: 'garbage' });
    expect((await speech(user, a)).status).toBe(503);
    ai.audio({ speech: 'ok' });
    // Nothing was counted: the day's one is still there.
    expect((await speech(user, a)).status).toBe(200);

    h.setNow(new Date('2026-12-01T22:00:00Z'));
    const b = await readingOf(user, 'Как мне наладить отношения с сестрой?');
    const before = speechCalls();
    const refused = await speech(user, b);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as any).error).toMatch(
      new RegExp(`Озвучка на вашем тарифе — ${READ_ALOUD_PER_DAY.free} раз в сутки\\. Попробуйте через`),
    );
    expect(speechCalls()).toBe(before);
    // The first one is still served (from the store, no limit taken).
    expect((await speech(user, a)).status).toBe(200);
    // A day after the first: allowed again.
    h.setNow(new Date('2026-12-02T20:00:01Z'));
    expect((await speech(user, b)).status).toBe(200);
  });

  it('a recorded question becomes text; size, type and duration are checked', async () => {
    ai.audio({ transcript: '  Что меня ждёт   в новой работе? ' });
    const post = (body: Uint8Array<ArrayBuffer>, type: string, query = '') =>
      h.app.request(`/api/voice/transcription${query}`, {
        method: 'POST',
        headers: { Authorization: h.authFor(7004), 'Content-Type': type },
        body,
      });
    const res = await post(new Uint8Array(OGG_FIXTURE), 'audio/webm;codecs=opus', '?duration=4');
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).data).toEqual({ text: 'Что меня ждёт в новой работе?' });
    const sent = ai.audioRequests.at(-1)!;
    expect(sent.kind).toBe('transcription');
    expect(sent.body).toMatchObject({ model: 'gpt-transcribe', language: 'ru', file: { size: OGG_FIXTURE.length, name: 'question.webm' } });

    const big = await post(new Uint8Array(VOICE_QUESTION_MAX_BYTES + 1), 'audio/webm');
    expect(big.status).toBe(413);
    expect(((await big.json()) as any).error).toMatch(/^audio: запись больше 1 МБ/);
    const text = await post(new Uint8Array([1, 2, 3]), 'text/plain');
    expect(text.status).toBe(415);
    expect(((await text.json()) as any).error).toMatch(/^audio: ожидается звукозапись/);
    const long = await post(new Uint8Array(OGG_FIXTURE), 'audio/ogg', '?duration=61');
    expect(long.status).toBe(400);
    expect(((await long.json()) as any).error).toMatch(/^duration: голосовой вопрос — не длиннее 60 секунд/);
    const empty = await post(new Uint8Array(0), 'audio/ogg');
    expect(empty.status).toBe(400);

    ai.audio({ transcription: 'fail' });
    const down = await post(new Uint8Array(OGG_FIXTURE), 'audio/ogg');
    expect(down.status).toBe(503);
    expect(((await down.json()) as any).error).toMatch(/^Не удалось распознать голос/);
    ai.audio({ transcription: 'ok' });
  });
});

describe('voice without a provider', () => {
  it('the status says so and the speech is refused', async () => {
    const h = await createHarness(TEST_DB_KINDS[0]);
    try {
      expect((await h.call(7101, 'GET', '/api/user/status')).body.data.voice).toBe(false);
      const r = await h.call(7101, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что меня ждёт сегодня?' });
      const id = (r.body as any).data.id;
      const res = await h.app.request(`/api/readings/${id}/speech`, { headers: { Authorization: h.authFor(7101) } });
      expect(res.status).toBe(404);
    } finally {
      await h.close();
    }
  });
});
