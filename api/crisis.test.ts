// A question that speaks of suicide, self-harm or violence at home, through the real app: no cards are dealt,
// no quota or follow-up is spent and nothing reaches the AI (fake OpenAI on 127.0.0.1); the answer is 422 with
// the warm message and the help lines, and the log says only that it happened, never the text.
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HELP_LINES } from '../domain/reading/crisis';
import { TEST_DB_KINDS } from '../test/databases';
import { DEFAULT_FAKE_TEXT, startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';
import { createHarness, type Harness } from '../test/harness';

const SELF_HARM = 'Я не хочу жить, стоит ли всё закончить?';
const VIOLENCE = 'Муж бьёт меня, стоит ли терпеть ради детей?';

describe.each(TEST_DB_KINDS)('crisis questions on %s', (kind) => {
  let fake: FakeOpenAI;
  let h: Harness;
  const logs: string[] = [];
  let nextUser = 91_000;
  const newUser = () => ++nextUser;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(line) });
    h = await createHarness(kind, { logger, ai: { apiKey: 'sk-test', baseUrl: fake.baseUrl, rateLimit: { calls: 100, windowS: 600 } } });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });
  beforeEach(() => fake.set({ mode: 'ok', firstTokenDelayMs: 0, tokenDelayMs: 1, text: DEFAULT_FAKE_TEXT }));

  const status = async (user: number) => (await h.call(user, 'GET', '/api/user/status')).body.data.userStatus;
  const readingsOf = (user: number) => h.db.selectFrom('readings').selectAll().where('user_id', '=', user).execute();

  it('a new reading: 422 with the help lines, no reading, no quota spent, no AI call, no text in the log', async () => {
    const user = newUser();
    const before = await status(user);
    const calls = fake.requests.length;
    const logged = logs.length;
    const res = await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: SELF_HARM });
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toContain('Похоже, вам сейчас очень тяжело');
    expect(res.body.crisis).toMatchObject({ kind: 'self_harm', returnLater: expect.stringContaining('возвращайтесь к картам') });
    expect(res.body.crisis.lines.map((l: { phone: string }) => l.phone)).toEqual([HELP_LINES.trust.phone, HELP_LINES.emergency.phone]);
    expect(await readingsOf(user)).toEqual([]);
    const after = await status(user);
    expect(after.remainingSpreads).toBe(before.remainingSpreads);
    expect(after.freeSpreadUsed ?? null).toEqual(before.freeSpreadUsed ?? null);
    expect(fake.requests.length).toBe(calls);
    // The free spread of the day is still there: an ordinary question gets its cards.
    expect((await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что меня ждёт сегодня?' })).status).toBe(
      201,
    );
    const lines = logs.slice(logged).join('\n');
    expect(lines).toContain('crisis answer');
    expect(lines).not.toContain('не хочу жить');
    expect(lines).not.toContain('закончить');
  });

  it('violence at home: the emergency number and the women’s line first', async () => {
    const user = newUser();
    const res = await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: VIOLENCE });
    expect(res.status).toBe(422);
    expect(res.body.crisis.kind).toBe('violence');
    expect(res.body.crisis.lines.map((l: { phone: string }) => l.phone)).toEqual([
      HELP_LINES.emergency.phone,
      HELP_LINES.women.phone,
      HELP_LINES.trust.phone,
    ]);
    expect(await readingsOf(user)).toEqual([]);
  });

  it('a follow-up: 422, no card dealt, the allowance untouched, no AI call', async () => {
    const user = newUser();
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    const r = await h.call(user, 'POST', '/api/readings', { spreadType: 'past_present_future', question: 'Что ждёт меня на работе?' });
    expect((await h.call(user, 'GET', `/api/readings/${r.body.data.id}/interpretation`)).status).toBe(200);
    const calls = fake.requests.length;
    const res = await h.call(
      user,
      'POST',
      `/api/readings/${r.body.data.id}/follow-ups`,
      { question: 'А если я не хочу больше жить?' },
      { Accept: 'text/event-stream' },
    );
    expect(res.status).toBe(422);
    expect(res.body.crisis.kind).toBe('self_harm');
    expect(fake.requests.length).toBe(calls);
    const list = await h.call(user, 'GET', `/api/readings/${r.body.data.id}/follow-ups`);
    expect(list.body.data.followUps).toEqual([]);
    expect(list.body.data.allowance).toMatchObject({ used: 0, remaining: 3 });
  });

  it('a reading for two and a physical-deck reading: 422 with the help lines, nothing stored, no AI call', async () => {
    const user = newUser();
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    const invite = await h.call(user, 'POST', '/api/pairs');
    const pair = await h.call({ id: newUser(), first_name: 'Маша' }, 'POST', '/api/pairs/accept', { token: invite.body.data.token });
    expect(pair.status).toBe(201);
    const before = await status(user);
    const calls = fake.requests.length;
    const forTwo = await h.call(user, 'POST', `/api/pairs/${pair.body.data.id}/readings`, { question: VIOLENCE });
    // Said sideways, as the local model reads it: a plan decided, belongings given away.
    const ownDeck = await h.call(user, 'POST', '/api/readings', {
      spreadType: 'past_present_future',
      question: 'Раздала все свои вещи подругам, скоро всё закончится, я уже решила. Что меня ждёт?',
      ownCards: [
        { id: 'sun', reversed: false },
        { id: 'tower', reversed: true },
        { id: 'star', reversed: false },
      ],
    });
    expect([forTwo.status, forTwo.body.crisis?.kind]).toEqual([422, 'violence']);
    expect([ownDeck.status, ownDeck.body.crisis?.kind]).toEqual([422, 'self_harm']);
    expect(ownDeck.body.crisis.lines.map((l: { phone: string }) => l.phone)).toContain(HELP_LINES.trust.phone);
    expect(fake.requests.length).toBe(calls);
    expect(await readingsOf(user)).toEqual([]);
    expect((await status(user)).remainingSpreads).toBe(before.remainingSpreads);
  });

  it('a chat call: 422 and no AI call', async () => {
    const user = newUser();
    const calls = fake.requests.length;
    const res = await h.call(user, 'POST', '/api/chat', {
      messages: [{ role: 'user', content: 'хочу покончить с собой, что скажут карты' }],
    });
    expect(res.status).toBe(422);
    expect(res.body.crisis.kind).toBe('self_harm');
    expect(fake.requests.length).toBe(calls);
  });

  it('a reading stored with a crisis question before the rule never reaches the AI', async () => {
    const user = newUser();
    await h.services.users.ensure(user);
    const stored = await h.db
      .insertInto('readings')
      .values({
        user_id: user,
        spread_type: 'free_daily',
        question: SELF_HARM,
        cards: JSON.stringify([{ cardId: 'sun', position: 0, orientation: 'upright' }]),
        level: 'basic',
        status: 'dealt',
        charged_day: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const calls = fake.requests.length;
    const res = await h.call(user, 'GET', `/api/readings/${stored.id}/interpretation`);
    expect(res.status).toBe(422);
    expect(res.body.crisis.kind).toBe('self_harm');
    const chat = await h.call(user, 'POST', '/api/chat', { readingId: stored.id });
    expect(chat.status).toBe(422);
    expect(fake.requests.length).toBe(calls);
  });

  it('an ordinary question still reaches the AI with the question model in its prompt', async () => {
    const user = newUser();
    const r = await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Изменяет ли мне муж?' });
    expect(r.status).toBe(201);
    const calls = fake.requests.length;
    expect((await h.call(user, 'GET', `/api/readings/${r.body.data.id}/interpretation`)).status).toBe(200);
    expect(fake.requests.length).toBe(calls + 1);
    expect(fake.requests.at(-1)!.body.messages[1].content).toContain('Человек опасается события');
  });
});
