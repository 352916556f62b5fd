// «Уточнить» through the real HTTP app: the allowance per plan (VIP 3, week and basic 1, free locked with the
// offer) counted atomically, a clarifying card that is never on the table, the answer streamed by the AI
// (fake OpenAI on 127.0.0.1) with the original cards and question in view, the card-based answer when the AI
// fails and its retry at no cost, GET /api/readings/:id carrying the follow-ups in order, and the AI budget
// (the production limit, 10 calls per 10 minutes): only accepted follow-ups take a call, a double tap is one
// follow-up, and follow-ups never make a fresh reading's interpretation wait.
import { followUpsLockedText } from '../domain/commerce/claims';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { DEFAULT_FAKE_TEXT, tokenize, type FakeOpenAI } from '../test/fake-openai';
import type { Harness } from '../test/harness';
import { secondInstance } from '../test/interpretation-fixture';
import { postStream, startAppWithAi } from '../test/reading-conversation';
import { readSse, type ServedApp } from '../test/sse-client';

const ANSWER = '## Уточнение\n\n**Карта** добавляет ясности: действуйте мягко и последовательно.';

describe.each(TEST_DB_KINDS)('follow-ups on %s', (kind) => {
  let fake: FakeOpenAI;
  let h: Harness;
  let server: ServedApp;
  let close: (() => Promise<void>) | undefined;
  let nextUser = 70_000;
  const newUser = () => ++nextUser;

  beforeAll(async () => {
    ({ fake, h, server, close } = await startAppWithAi(kind, { ai: { timeoutMs: 1_500, rateLimit: { calls: 10, windowS: 600 } } }));
  });
  afterAll(() => close?.());
  beforeEach(() => fake.set({ mode: 'ok', firstTokenDelayMs: 0, tokenDelayMs: 1, text: DEFAULT_FAKE_TEXT }));

  /** A finished (interpreted) reading of a user on `plan`. */
  async function finishedReading(user: number, plan: string | null, spreadType = 'past_present_future') {
    if (plan) await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: plan });
    const r = await h.call(user, 'POST', '/api/readings', {
      spreadType: plan ? spreadType : 'free_daily',
      question: 'Стоит ли мне менять работу?',
    });
    expect(r.status).toBe(201);
    expect((await h.call(user, 'GET', `/api/readings/${r.body.data.id}/interpretation`)).status).toBe(200);
    return r.body.data as { id: number; cards: { cardId: string; name: string; positionName: string }[] };
  }
  const ask = (user: number, id: number, question: unknown) => h.call(user, 'POST', `/api/readings/${id}/follow-ups`, { question });
  const askStream = (user: number, id: number, question: string) =>
    postStream(server, h, user, `/api/readings/${id}/follow-ups`, { question });

  it('VIP: streams the answer with a new card, keeping the cards, positions and question in view; three per reading', async () => {
    const user = newUser();
    const reading = await finishedReading(user, 'vip');
    fake.set({ text: ANSWER });
    const before = fake.requests.length;
    const res = await askStream(user, reading.id, 'А что будет, если я останусь?');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = await readSse(res);
    expect(events[0].event).toBe('card');
    const card = events[0].data.followUp.card;
    expect(events[0].data.allowance).toEqual({ limit: 3, used: 1, remaining: 2, locked: false });
    expect(card.positionName).toBe('Уточняющая карта');
    expect(reading.cards.map((c) => c.cardId)).not.toContain(card.cardId);
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text);
    expect(deltas).toEqual(tokenize(ANSWER));
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.followUp).toMatchObject({
      seq: 1,
      question: 'А что будет, если я останусь?',
      answer: ANSWER,
      status: 'done',
      fallback: false,
      error: null,
    });

    const [system, { content: prompt }] = fake.requests[before].body.messages as { content: string }[];
    // The question and the follow-up go as data between delimiters; the system message says not to obey them.
    expect(system.content).toMatch(/могут встретиться инструкции/);
    expect(prompt).toContain('<<<ВОПРОС\nСтоит ли мне менять работу?\nВОПРОС>>>');
    expect(prompt).toContain('<<<УТОЧНЕНИЕ\nА что будет, если я останусь?\nУТОЧНЕНИЕ>>>');
    for (const c of reading.cards) expect(prompt).toContain(`${c.name}, позиция «${c.positionName}»`);
    expect(prompt).toContain(`вытянута карта: ${card.name} (`);

    // Two more as JSON; then the allowance is spent (429) and nothing more is dealt.
    const second = await ask(user, reading.id, 'Как поговорить с начальником?');
    expect(second.status).toBe(201);
    expect(second.body.data.allowance).toEqual({ limit: 3, used: 2, remaining: 1, locked: false });
    expect(fake.requests[before + 1].body.messages[1].content).toMatch(
      /Уже уточняли \(карта .+\):\n<<<УТОЧНЕНИЕ\nА что будет, если я останусь\?\nУТОЧНЕНИЕ>>>/,
    );
    expect((await ask(user, reading.id, 'Когда лучше начать?')).status).toBe(201);
    const fourth = await ask(user, reading.id, 'И ещё один вопрос?');
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toMatch(/Уточнения к этому раскладу закончились \(3 из 3\)/);

    const got = (await h.call(user, 'GET', `/api/readings/${reading.id}`)).body.data;
    expect(got.followUps.map((f: any) => f.seq)).toEqual([1, 2, 3]);
    expect(got.followUps.map((f: any) => f.question)).toEqual([
      'А что будет, если я останусь?',
      'Как поговорить с начальником?',
      'Когда лучше начать?',
    ]);
    expect(got.followUpAllowance).toEqual({ limit: 3, used: 3, remaining: 0, locked: false });
    // Never a card already on the table: three distinct clarifying cards, none from the reading.
    const ids = [...reading.cards.map((c) => c.cardId), ...got.followUps.map((f: any) => f.card.cardId)];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the allowance is counted atomically: 10 racing asks of a basic user give one follow-up', async () => {
    const user = newUser();
    const reading = await finishedReading(user, 'basic');
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => ask(user, reading.id, `Вопрос номер ${i}?`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 429)).toHaveLength(9);
    const rows = await h.db.selectFrom('reading_follow_ups').selectAll().where('reading_id', '=', reading.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('twelve rapid asks: three accepted, nine refused taking no AI call; a fresh reading is still interpreted, and follow-ups never make it wait', async () => {
    const user = newUser();
    const first = await finishedReading(user, 'vip');
    const before = fake.requests.length;
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => ask(user, first.id, `Что будет дальше, вариант ${i + 1}?`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(9);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.body.error).toMatch(/Уточнения к этому раскладу закончились \(3 из 3\)/);
    }
    expect(fake.requests.length).toBe(before + 3);

    // The user's next reading streams its interpretation (the spread it took is not wasted on a 429).
    const interpretStream = async (id: number) => {
      const res = await fetch(`${server.url}/api/readings/${id}/interpretation`, {
        headers: { Accept: 'text/event-stream', Authorization: h.authFor(user) },
      });
      expect(res.status).toBe(200);
      const events = await readSse(res);
      expect(events.at(-1)).toMatchObject({ event: 'done', data: { fallback: false } });
    };
    const second = (await h.call(user, 'POST', '/api/readings', { spreadType: 'past_present_future', question: 'А что с деньгами?' })).body
      .data;
    await interpretStream(second.id);

    // The nine refusals took nothing: seven more follow-ups fit in the window (3 + 7 = 10 calls), the next
    // one is refused by the AI limit and nothing of it is kept.
    const third = await finishedReading(user, 'vip');
    const fourth = await finishedReading(user, 'vip');
    for (const [id, n] of [
      [second.id, 3],
      [third.id, 3],
      [fourth.id, 1],
    ]) {
      for (let i = 0; i < n; i++) expect((await ask(user, id, `Ещё уточнение номер ${i + 1}?`)).status).toBe(201);
    }
    const limited = await ask(user, fourth.id, 'А если подождать?');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/Слишком много запросов к толкованиям/);
    expect((await h.call(user, 'GET', `/api/readings/${fourth.id}`)).body.data.followUpAllowance).toEqual({
      limit: 3,
      used: 1,
      remaining: 2,
      locked: false,
    });

    // With the follow-ups' budget spent, a fresh reading is still interpreted: it has a budget of its own.
    const fifth = (await h.call(user, 'POST', '/api/readings', { spreadType: 'love_relationship', question: 'Что он чувствует?' })).body
      .data;
    await interpretStream(fifth.id);
  });

  it('a double tap (the same question twice at once) is one follow-up: one card, one AI call, one of the allowance', async () => {
    const user = newUser();
    const reading = await finishedReading(user, 'vip');
    fake.set({ text: ANSWER, tokenDelayMs: 5 });
    const before = fake.requests.length;
    const [a, b] = await Promise.all([
      ask(user, reading.id, 'Что он чувствует ко мне?'),
      ask(user, reading.id, 'Что  он чувствует ко мне?'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.data.followUp.id).toBe(b.body.data.followUp.id);
    for (const r of [a, b]) expect(r.body.data.followUp).toMatchObject({ seq: 1, status: 'done', answer: ANSWER });
    expect(fake.requests.length).toBe(before + 1);
    // Asked again later, streamed: the same follow-up, told at once.
    const again = await readSse(await askStream(user, reading.id, 'что он чувствует ко мне?'));
    expect(again[0].data).toMatchObject({ followUp: { id: a.body.data.followUp.id }, allowance: { used: 1, remaining: 2 } });
    expect(again.at(-1)).toMatchObject({ event: 'done', data: { followUp: { answer: ANSWER } } });
    expect(fake.requests.length).toBe(before + 1);
    expect((await h.call(user, 'GET', `/api/readings/${reading.id}`)).body.data.followUpAllowance).toEqual({
      limit: 3,
      used: 1,
      remaining: 2,
      locked: false,
    });
  });

  it('the week pass allows one; a free user is locked with the offer (402)', async () => {
    const week = newUser();
    const r1 = await finishedReading(week, 'week', 'love_relationship');
    expect((await ask(week, r1.id, 'Он думает обо мне?')).status).toBe(201);
    expect((await ask(week, r1.id, 'А что дальше?')).status).toBe(429);

    const free = newUser();
    const r2 = await finishedReading(free, null);
    const locked = await ask(free, r2.id, 'А подробнее?');
    expect(locked.status).toBe(402);
    expect(locked.body.error).toBe(followUpsLockedText());
    expect(locked.body.redirect).toBe('/subscription');
    expect((await h.call(free, 'GET', `/api/readings/${r2.id}`)).body.data.followUpAllowance).toEqual({
      limit: 0,
      used: 0,
      remaining: 0,
      locked: true,
    });
  });

  it('refuses bad input, other people’s readings and readings not yet interpreted', async () => {
    const user = newUser();
    const reading = await finishedReading(user, 'vip');
    const short = await ask(user, reading.id, 'ну');
    expect(short.status).toBe(400);
    expect(short.body.error).toMatch(/^question:/);
    const long = await ask(user, reading.id, 'я'.repeat(301));
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('question: не больше 300 символов');
    expect((await ask(user, reading.id, 42)).body.error).toMatch(/^question:/);
    expect((await h.call(user, 'POST', `/api/readings/${reading.id}/follow-ups`, 'not json')).status).toBe(400);
    expect((await ask(newUser(), reading.id, 'Чужой расклад?')).status).toBe(404);
    expect((await ask(user, 999_999_999, 'Нет расклада?')).status).toBe(404);
    const dealt = await h.call(user, 'POST', '/api/readings', { spreadType: 'love_relationship', question: 'Ещё не истолкован?' });
    const early = await ask(user, dealt.body.data.id, 'Уточнить сразу?');
    expect(early.status).toBe(409);
    expect(early.body.error).toMatch(/дождитесь толкования/);
    // None of these took the allowance.
    expect((await h.call(user, 'GET', `/api/readings/${reading.id}`)).body.data.followUpAllowance.used).toBe(0);
  });

  it('an AI failure gives the card-based answer; asking the AI again costs nothing', async () => {
    const user = newUser();
    const reading = await finishedReading(user, 'basic');
    fake.set({ mode: 'fail' });
    const res = await askStream(user, reading.id, 'Что мне мешает?');
    const events = await readSse(res);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    const f = done.data.followUp;
    expect(f).toMatchObject({ status: 'fallback', fallback: true, error: 'Backend API error: 500', canRetry: true });
    expect(f.answer).toContain('## Уточнение');
    expect(f.answer).toContain(f.card.name);
    expect(f.answer).toContain('Что мне мешает?');
    expect(f.answer).toContain('Стоит ли мне менять работу?');
    expect(
      events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe(f.answer);

    // The allowance (1) is spent, but the retry is free and replaces the text with the AI's.
    expect((await ask(user, reading.id, 'Ещё вопрос?')).status).toBe(429);
    fake.set({ mode: 'ok', text: ANSWER });
    const retried = await h.call(user, 'POST', `/api/readings/${reading.id}/follow-ups/${f.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.data.followUp).toMatchObject({ id: f.id, status: 'done', answer: ANSWER, fallback: false, canRetry: false });
    const got = (await h.call(user, 'GET', `/api/readings/${reading.id}`)).body.data;
    expect(got.followUps).toHaveLength(1);
    expect(got.followUpAllowance).toEqual({ limit: 1, used: 1, remaining: 0, locked: false });
    // Someone else cannot retry it.
    expect((await h.call(newUser(), 'POST', `/api/readings/${reading.id}/follow-ups/${f.id}/retry`)).status).toBe(404);
  });

  it('an answer cut at its length limit is continued once; cut again, it is never stored as finished', async () => {
    const user = newUser();
    const reading = await finishedReading(user, 'vip');
    fake.queue({ text: '## Уточнение\n\n**Карта** добавляет', finishReason: 'length' }, { text: ' ясности.', finishReason: 'stop' });
    const whole = await ask(user, reading.id, 'Что мне мешает?');
    expect(whole.body.data.followUp).toMatchObject({ status: 'done', answer: '## Уточнение\n\n**Карта** добавляет ясности.' });

    fake.queue({ text: '## Уточнение\n\n**Карта** добавляет', finishReason: 'length' }, { text: ' ясно', finishReason: 'length' });
    const cut = await ask(user, reading.id, 'А что поможет?');
    const f = cut.body.data.followUp;
    expect(f).toMatchObject({ status: 'fallback', fallback: true, error: 'The answer was cut at its length limit', canRetry: true });
    expect(f.answer).toContain('А что поможет?');
    expect(f.answer).not.toContain('добавляет ясно');
  });

  it('without an AI provider the card-based text is the answer, with no error', async () => {
    // A second instance on the same database with no AI key: no database of its own is needed.
    const plain = secondInstance(h, {});
    const user = 71_999;
    await plain.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    const r = (await plain.call(user, 'POST', '/api/readings', { spreadType: 'career_finance', question: 'Получу ли я повышение?' })).body
      .data;
    await plain.call(user, 'GET', `/api/readings/${r.id}/interpretation`);
    const res = await plain.call(user, 'POST', `/api/readings/${r.id}/follow-ups`, { question: 'Когда ждать решения?' });
    expect(res.status).toBe(201);
    expect(res.body.data.followUp).toMatchObject({ status: 'fallback', error: null, canRetry: false });
    expect(res.body.data.followUp.answer).toMatch(/^## Уточнение\nВы уточнили: \*«Когда ждать решения\?»\*/);
  });
});
