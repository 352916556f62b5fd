// «Второе мнение» through the real HTTP app: the allowance per plan and per day (VIP and special access 3,
// Basic, the trial and the week pass 1, free and micro-pack buyers 402 with no spread spent), counted in the
// user's day and restarting with the clock; the text streamed by the AI (fake OpenAI on 127.0.0.1) in the
// chosen voice, or written by the cards in that voice; the same voice again costs nothing; the reading's GET
// lists it; 400 naming `voice`, 404 for someone else's reading, 422 for a crisis question's reading.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { secondOpinionsLockedText } from '../domain/commerce/claims';
import { VOICE_INFO } from '../domain/tarot/voices';
import { TEST_DB_KINDS } from '../test/databases';
import { tokenize, type FakeOpenAI } from '../test/fake-openai';
import type { Harness } from '../test/harness';
import { postStream, startAppWithAi } from '../test/reading-conversation';
import { readSse, type ServedApp } from '../test/sse-client';

const OPINION = '## Карты\n\n**Солнце** светит вам: смелее.\n\n## Совет\n\nДействуйте.';
const DAY1 = new Date('2026-10-05T09:00:00Z');

describe.each(TEST_DB_KINDS)('second opinions on %s', (kind) => {
  let fake: FakeOpenAI;
  let h: Harness;
  let server: ServedApp;
  let close: (() => Promise<void>) | undefined;
  let nextUser = 26_100;
  const newUser = () => ++nextUser;
  const SPECIAL = 26_099;

  beforeAll(async () => {
    ({ fake, h, server, close } = await startAppWithAi(kind, {
      ai: { timeoutMs: 1_500, rateLimit: { calls: 50, windowS: 600 } },
      specialAccessUserIds: [SPECIAL],
    }));
  });
  afterAll(() => close?.());
  beforeEach(() => {
    h.setNow(DAY1);
    fake.set({ mode: 'ok', firstTokenDelayMs: 0, tokenDelayMs: 1, text: OPINION });
  });

  async function finishedReading(user: number, question = 'Стоит ли мне менять работу?', spreadType = 'past_present_future') {
    const r = await h.call(user, 'POST', '/api/readings', { spreadType, question });
    expect(r.status).toBe(201);
    expect((await h.call(user, 'GET', `/api/readings/${r.body.data.id}/interpretation`)).status).toBe(200);
    return r.body.data as { id: number };
  }
  const withPlan = async (user: number, plan: string) =>
    expect((await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: plan })).status).toBe(200);
  const ask = (user: number, id: number, voice: unknown) => h.call(user, 'POST', `/api/readings/${id}/second-opinion`, { voice });
  const spreadsUsed = async (user: number) =>
    (await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.dailySpreadsUsed as number;
  const stored = (readingId: number) => h.db.selectFrom('second_opinions').selectAll().where('reading_id', '=', readingId).execute();

  it('VIP: streams the opinion in the chosen voice, three a day, never a spread; the reading lists them', async () => {
    const user = newUser();
    await withPlan(user, 'vip');
    const reading = await finishedReading(user);
    const spreads = await spreadsUsed(user);
    const before = fake.requests.length;
    const res = await postStream(server, h, user, `/api/readings/${reading.id}/second-opinion`, { voice: 'mystic' });
    expect(res.status).toBe(200);
    const events = await readSse(res);
    expect(events[0].event).toBe('opinion');
    expect(events[0].data.allowance).toEqual({ limit: 3, used: 1, remaining: 2, locked: false });
    expect(events.filter((e) => e.event === 'delta').map((e) => e.data.text)).toEqual(tokenize(OPINION));
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: { secondOpinion: { voice: 'mystic', name: VOICE_INFO.mystic.name, text: OPINION, source: 'ai' } },
    });
    // The AI was asked in the voice, with the same cards and question.
    const prompt = fake.requests
      .slice(before)
      .map((r) => JSON.stringify(r.body.messages))
      .join('\n');
    expect(prompt).toContain(VOICE_INFO.mystic.instruction);
    expect(prompt).toContain('Стоит ли мне менять работу?');

    expect((await ask(user, reading.id, 'gentle')).status).toBe(201);
    expect((await ask(user, reading.id, 'straight')).body.data.allowance).toEqual({ limit: 3, used: 3, remaining: 0, locked: false });
    // The same voice again is that opinion: nothing counted, no AI call.
    const calls = fake.requests.length;
    const again = await ask(user, reading.id, 'mystic');
    expect(again.status).toBe(200);
    expect(again.body.data.secondOpinion.text).toBe(OPINION);
    expect(fake.requests.length).toBe(calls);
    // A fourth voice today (on another reading) is refused in Russian with 429.
    const other = await finishedReading(user, 'Что меня ждёт в любви?');
    const refused = await ask(user, other.id, 'gentle');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/Вторые мнения на сегодня закончились \(3 из 3\)/);
    expect(await stored(other.id)).toHaveLength(0);
    expect(await spreadsUsed(user)).toBe(spreads + 1);

    const view = await h.call(user, 'GET', `/api/readings/${reading.id}`);
    expect(view.body.data.secondOpinions.map((o: { voice: string }) => o.voice)).toEqual(['mystic', 'gentle', 'straight']);
    // The share picture's line (and the story's text) names the first reader; nothing of her text.
    const share = await h.call(user, 'POST', `/api/readings/${reading.id}/share`, { includeQuestion: false });
    expect(share.body.data.caption).toBe(`Второе мнение: ${VOICE_INFO.mystic.name}, ${VOICE_INFO.mystic.manner} · Вот как легли карты.`);
    const picture = await h.app.request(`/api/readings/${reading.id}/image?format=card`, { headers: { Authorization: h.authFor(user) } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(view.body.data.secondOpinionAllowance).toMatchObject({ limit: 3, used: 3, remaining: 0, locked: false });
  });

  it("the day restarts with the clock in the user's time zone: Basic one a day, again the next day", async () => {
    const user = newUser();
    await withPlan(user, 'basic');
    const reading = await finishedReading(user);
    expect((await ask(user, reading.id, 'gentle')).body.data.allowance).toEqual({ limit: 1, used: 1, remaining: 0, locked: false });
    expect((await ask(user, reading.id, 'straight')).status).toBe(429);
    // 23:30 in Moscow (the default zone) is still the same day; 00:30 is the next.
    h.setNow(new Date('2026-10-05T20:30:00Z'));
    expect((await ask(user, reading.id, 'straight')).status).toBe(429);
    h.setNow(new Date('2026-10-05T21:30:00Z'));
    const next = await ask(user, reading.id, 'straight');
    expect(next.status).toBe(201);
    expect(next.body.data.allowance).toEqual({ limit: 1, used: 1, remaining: 0, locked: false });
  });

  it('racing requests are counted once: a Basic user asking three readers at once gets one', async () => {
    const user = newUser();
    await withPlan(user, 'basic');
    const a = await finishedReading(user);
    const b = await finishedReading(user, 'Что меня ждёт в любви?');
    const results = await Promise.all([
      ask(user, a.id, 'gentle'),
      ask(user, a.id, 'mystic'),
      ask(user, b.id, 'straight'),
      ask(user, b.id, 'gentle'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 429, 429, 429]);
    const rows = await h.db.selectFrom('second_opinions').select('id').where('reading_id', 'in', [a.id, b.id]).execute();
    expect(rows).toHaveLength(1);
  });

  it('the week pass and the trial: one a day; special access: three', async () => {
    const week = newUser();
    await withPlan(week, 'week');
    const r1 = await finishedReading(week);
    expect((await ask(week, r1.id, 'gentle')).body.data.allowance.limit).toBe(1);
    expect((await ask(week, r1.id, 'mystic')).status).toBe(429);

    const trial = newUser();
    const paid = await h.call(trial, 'POST', '/api/payments/create-initial', { planId: 'vip', autopayConsent: true, trialDays: 7 });
    expect(paid.body.data).toMatchObject({ mock: true, trial: true });
    const r2 = await finishedReading(trial);
    expect((await ask(trial, r2.id, 'gentle')).body.data.allowance).toEqual({ limit: 1, used: 1, remaining: 0, locked: false });
    expect((await ask(trial, r2.id, 'mystic')).status).toBe(429);

    const r3 = await finishedReading(SPECIAL);
    expect((await ask(SPECIAL, r3.id, 'gentle')).body.data.allowance.limit).toBe(3);
  });

  it('free and micro-pack buyers: 402 naming the plans that open it, no spread and nothing stored; shown locked', async () => {
    const user = newUser();
    const reading = await finishedReading(user, 'Что меня ждёт сегодня?', 'free_daily');
    const spreads = await spreadsUsed(user);
    const r = await ask(user, reading.id, 'gentle');
    expect(r.status).toBe(402);
    expect(r.body.error).toBe(secondOpinionsLockedText());
    expect(r.body.error).toContain('«VIP» — 3 раза в день');
    expect(await spreadsUsed(user)).toBe(spreads);
    expect(await stored(reading.id)).toHaveLength(0);
    const view = await h.call(user, 'GET', `/api/readings/${reading.id}`);
    expect(view.body.data.secondOpinions).toEqual([]);
    expect(view.body.data.secondOpinionAllowance).toMatchObject({ limit: 0, locked: true, lockedText: secondOpinionsLockedText() });

    const buyer = newUser();
    const r2 = await finishedReading(buyer, 'Что меня ждёт сегодня?', 'free_daily');
    expect((await h.call(buyer, 'POST', '/api/payments/create-one-time', { product: 'micro' })).status).toBe(200);
    expect((await ask(buyer, r2.id, 'straight')).status).toBe(402);
  });

  it("400 naming voice, 404 for someone else's reading, 409 before the interpretation, 422 for a crisis question's reading", async () => {
    const user = newUser();
    await withPlan(user, 'vip');
    const reading = await finishedReading(user);
    const bad = await ask(user, reading.id, 'loud');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^voice: /);
    expect((await h.call(user, 'POST', `/api/readings/${reading.id}/second-opinion`, {})).body.error).toMatch(/^voice: /);

    const stranger = newUser();
    await withPlan(stranger, 'vip');
    const theirs = await ask(stranger, reading.id, 'gentle');
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe('Расклад не найден');

    const dealt = await h.call(user, 'POST', '/api/readings', { spreadType: 'past_present_future', question: 'Что будет дальше?' });
    expect((await ask(user, dealt.body.data.id, 'gentle')).status).toBe(409);

    // A reading stored with a crisis question (an old one) gets the help lines, never a second reading.
    await h.db.updateTable('readings').set({ question: 'Я не хочу жить, что мне делать?' }).where('id', '=', reading.id).execute();
    const crisis = await ask(user, reading.id, 'gentle');
    expect(crisis.status).toBe(422);
    expect(crisis.body.crisis.lines.length).toBeGreaterThan(0);
    expect(await stored(reading.id)).toHaveLength(0);
  });

  it('without AI text the cards speak in the voice, and a sensitive question gets no yes or no', async () => {
    const user = newUser();
    await withPlan(user, 'vip');
    const reading = await finishedReading(user, 'Вылечусь ли я от болезни?', 'health_wellbeing');
    fake.set({ mode: 'fail' });
    const r = await ask(user, reading.id, 'straight');
    expect(r.status).toBe(201);
    const o = r.body.data.secondOpinion;
    expect(o).toMatchObject({ voice: 'straight', source: 'cards' });
    expect(o.text).toContain('## Совет');
    expect(o.text).toMatch(/^## Карты\n/);
    expect(o.text).not.toMatch(/«да»|«нет»/);
    expect(o.text).toMatch(/врач|специалист/);
  });
});
