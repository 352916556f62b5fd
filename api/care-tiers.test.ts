// The care tiers through the real app. Concern (despair without intent): the reading is given and opens with
// the caring line and the help line, its step about rest; the AI is told so and the opening never depends on
// it. Crisis with an AI provider (fake OpenAI on 127.0.0.1): the provider's classification or its moderation
// saying crisis is enough at every entry point (no reading, nothing charged, no reading call); both failing
// (an error, no answer, garbage) leaves the local model to decide, and the reading is given.
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONCERN_OPENING, CRISIS_RULE, REST_STEPS } from '../domain/reading/care';
import { HELP_LINES } from '../domain/reading/crisis';
import { TEST_DB_KINDS } from '../test/databases';
import {
  classificationSays,
  DEFAULT_FAKE_TEXT,
  DEFAULT_SCREEN,
  moderationFlags,
  startFakeOpenAI,
  type FakeOpenAI,
} from '../test/fake-openai';
import { createHarness, type Harness } from '../test/harness';

const CONCERN = 'Всё бессмысленно, нет сил ни на что. Что меня ждёт в работе?';
/** A question the local model reads as ordinary: only the provider's screens can call it a crisis here. */
const ORDINARY = 'Что меня ждёт в работе в этом месяце?';

describe.each(TEST_DB_KINDS)('care tiers on %s', (kind) => {
  describe('without an AI provider', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await createHarness(kind);
    });
    afterAll(() => h?.close());

    it('a concern-tier question gets its reading, opening with the caring line and the help line, its step about rest', async () => {
      const user = 47_001;
      await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'basic' });
      const created = await h.call(user, 'POST', '/api/readings', { spreadType: 'past_present_future', question: CONCERN });
      expect(created.status).toBe(201);
      const res = await h.call(user, 'GET', `/api/readings/${created.body.data.id}/interpretation`);
      expect(res.status).toBe(200);
      const text: string = res.body.data.interpretation;
      expect(text.startsWith(`${CONCERN_OPENING}\n\n## `)).toBe(true);
      expect(text).toContain(HELP_LINES.trust.phone);
      expect(REST_STEPS.some((s) => text.includes(s))).toBe(true);
      // An ordinary question has neither.
      const plain = await h.call(user, 'POST', '/api/readings', { spreadType: 'past_present_future', question: ORDINARY });
      const plainText: string = (await h.call(user, 'GET', `/api/readings/${plain.body.data.id}/interpretation`)).body.data.interpretation;
      expect(plainText.startsWith('## ')).toBe(true);
      expect(plainText).not.toContain(HELP_LINES.trust.phone);
      expect(REST_STEPS.some((s) => plainText.includes(s))).toBe(false);
    });

    it('a concern-tier physical-deck reading opens with care too', async () => {
      const user = 47_002;
      await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'basic' });
      const created = await h.call(user, 'POST', '/api/readings', {
        spreadType: 'past_present_future',
        question: CONCERN,
        ownCards: [
          { id: 'sun', reversed: false },
          { id: 'tower', reversed: true },
          { id: 'star', reversed: false },
        ],
      });
      expect(created.status).toBe(201);
      const text: string = (await h.call(user, 'GET', `/api/readings/${created.body.data.id}/interpretation`)).body.data.interpretation;
      expect(text.startsWith(`${CONCERN_OPENING}\n\n## `)).toBe(true);
      expect(REST_STEPS.some((s) => text.includes(s))).toBe(true);
    });
  });

  describe('with an AI provider', () => {
    let fake: FakeOpenAI;
    let h: Harness;
    let nextUser = 47_100;
    const newUser = () => ++nextUser;
    const logs: string[] = [];

    beforeAll(async () => {
      fake = await startFakeOpenAI();
      h = await createHarness(kind, {
        logger: pino({ level: 'info' }, { write: (line: string) => void logs.push(line) }),
        ai: {
          apiKey: 'sk-test',
          baseUrl: fake.baseUrl,
          rateLimit: { calls: 100, windowS: 600 },
          moderation: true,
          // Long enough for a loaded machine to answer; the «hang» case waits it out once per call.
          screenTimeoutMs: 3000,
        },
      });
    });
    afterAll(async () => {
      await h?.close();
      await fake?.close();
    });
    beforeEach(() => {
      fake.set({ mode: 'ok', firstTokenDelayMs: 0, tokenDelayMs: 0, text: DEFAULT_FAKE_TEXT });
      fake.screen(DEFAULT_SCREEN);
    });

    const status = async (user: number) => (await h.call(user, 'GET', '/api/user/status')).body.data.userStatus;
    const readingsOf = (user: number) => h.db.selectFrom('readings').selectAll().where('user_id', '=', user).execute();

    /** The question is refused with help lines: no reading stored, nothing charged, no reading call made. */
    async function expectRefused(kindOfCrisis: 'self_harm' | 'violence') {
      const user = newUser();
      const before = await status(user);
      const calls = fake.requests.length;
      const screened = fake.screenRequests.length;
      const res = await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: ORDINARY });
      expect(res.status).toBe(422);
      expect(res.body.crisis.kind).toBe(kindOfCrisis);
      expect(await readingsOf(user)).toEqual([]);
      expect((await status(user)).remainingSpreads).toBe(before.remainingSpreads);
      expect(fake.requests.length).toBe(calls);
      // Both screens were asked, with the server's key, and the question as data.
      const asked = fake.screenRequests.slice(screened);
      expect(asked.map((r) => r.kind).sort()).toEqual(['classification', 'moderation']);
      expect(asked.every((r) => r.authorization === 'Bearer sk-test')).toBe(true);
      const classification = asked.find((r) => r.kind === 'classification')!.body;
      expect(classification.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'question_labels', strict: true } });
      expect(classification.stream).toBeUndefined();
      expect(asked.find((r) => r.kind === 'moderation')!.body).toEqual({ model: 'omni-moderation-latest', input: ORDINARY });
    }

    it('the classification says crisis: no reading, nothing charged, no reading call', async () => {
      fake.screen({ classification: classificationSays({ crisis: 'self_harm' }) });
      await expectRefused('self_harm');
      fake.screen({ classification: classificationSays({ crisis: 'violence' }) });
      await expectRefused('violence');
    });

    it('a classification of crisis with little confidence does not refuse', async () => {
      fake.screen({ classification: classificationSays({ crisis: 'self_harm', confidence: 0.2 }) });
      expect((await h.call(newUser(), 'POST', '/api/readings', { spreadType: 'free_daily', question: ORDINARY })).status).toBe(201);
    });

    it('the moderation flags self-harm or violence: the same refusal', async () => {
      fake.screen({ moderation: moderationFlags('self-harm/intent') });
      await expectRefused('self_harm');
      fake.screen({ moderation: moderationFlags('violence') });
      await expectRefused('violence');
    });

    it.each([
      ['an error status', 'fail'],
      ['no answer within the deadline', 'hang'],
      ['garbage', 'garbage'],
    ] as const)('both screens fail (%s): the local model decides alone and the reading is given', async (_what, failure) => {
      fake.screen({ classification: failure, moderation: failure });
      const user = newUser();
      const logged = logs.length;
      const ok = await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: ORDINARY });
      expect(ok.status).toBe(201);
      // The operator sees that each screen failed, and why, never the question.
      const warnings = logs.slice(logged).filter((l) => l.includes('question screen failed'));
      expect(warnings.map((l) => JSON.parse(l).layer).sort()).toEqual(['classification', 'moderation']);
      if (failure === 'hang') expect(warnings.every((l) => JSON.parse(l).reason === 'timeout')).toBe(true);
      expect(logs.slice(logged).join('\n')).not.toContain('работе');
      expect((await h.call(user, 'GET', `/api/readings/${ok.body.data.id}/interpretation`)).status).toBe(200);
      // The local model still refuses what it recognises, and then asks no screen at all.
      const screened = fake.screenRequests.length;
      const crisis = await h.call(newUser(), 'POST', '/api/readings', {
        spreadType: 'free_daily',
        question: 'Я не хочу жить, что делать?',
      });
      expect(crisis.status).toBe(422);
      expect(fake.screenRequests.length).toBe(screened);
    });

    it('every entry point goes through the screens: follow-up, second opinion, pair reading, own deck, chat, the day analysis plans', async () => {
      const user = newUser();
      await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
      const r = await h.call(user, 'POST', '/api/readings', { spreadType: 'past_present_future', question: ORDINARY });
      expect(r.status).toBe(201);
      const id = r.body.data.id;
      expect((await h.call(user, 'GET', `/api/readings/${id}/interpretation`)).status).toBe(200);
      const partner = newUser();
      const invite = await h.call(user, 'POST', '/api/pairs');
      const pair = await h.call({ id: partner, first_name: 'Маша' }, 'POST', '/api/pairs/accept', { token: invite.body.data.token });
      expect(pair.status).toBe(201);
      await h.call(user, 'POST', '/api/user/daily-card/use');
      const before = await status(user);
      const calls = fake.requests.length;

      fake.screen({ classification: classificationSays({ crisis: 'violence' }) });
      const refused = [
        await h.call(user, 'POST', `/api/readings/${id}/follow-ups`, { question: 'А что будет дальше?' }, { Accept: 'text/event-stream' }),
        await h.call(user, 'POST', `/api/readings/${id}/second-opinion`, { voice: 'gentle' }),
        await h.call(user, 'POST', `/api/pairs/${pair.body.data.id}/readings`, { question: 'Что нас ждёт вместе?' }),
        await h.call(user, 'POST', '/api/readings', {
          spreadType: 'past_present_future',
          question: 'Что меня ждёт?',
          ownCards: [
            { id: 'sun', reversed: false },
            { id: 'tower', reversed: true },
            { id: 'star', reversed: false },
          ],
        }),
        await h.call(user, 'POST', '/api/chat', { messages: [{ role: 'user', content: ORDINARY }] }),
        await h.call(user, 'POST', '/api/detailed-daily-guidance', { dailyPlans: 'Вечером буду дома с ним' }),
      ];
      expect(refused.map((x) => [x.status, x.body.crisis?.kind])).toEqual(refused.map(() => [422, 'violence']));
      expect(fake.requests.length).toBe(calls);
      expect((await status(user)).remainingSpreads).toBe(before.remainingSpreads);
      expect((await readingsOf(user)).length).toBe(1);
    });

    it('a concern-tier question: the AI text follows the caring line and the help line; the AI is told to open with care and keep the step about rest', async () => {
      const user = newUser();
      await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'basic' });
      const created = await h.call(user, 'POST', '/api/readings', { spreadType: 'past_present_future', question: CONCERN });
      expect(created.status).toBe(201);
      const res = await h.call(user, 'GET', `/api/readings/${created.body.data.id}/interpretation`);
      expect(res.body.data.source).toBe('ai');
      expect(res.body.data.interpretation).toBe(`${CONCERN_OPENING}\n\n${DEFAULT_FAKE_TEXT}`);
      const [system, prompt] = fake.requests.at(-1)!.body.messages;
      expect(system.content).toContain(CRISIS_RULE);
      expect(prompt.content).toContain('уровень заботы');
      expect(prompt.content).toContain('об отдыхе и поддержке');
      // The AI down: the card-based text, opening the same way once.
      fake.set({ mode: 'fail' });
      const again = await h.call(user, 'POST', '/api/readings', { spreadType: 'past_present_future', question: CONCERN });
      const fallback: string = (await h.call(user, 'GET', `/api/readings/${again.body.data.id}/interpretation`)).body.data.interpretation;
      expect(fallback.startsWith(`${CONCERN_OPENING}\n\n## `)).toBe(true);
      expect(fallback.split(HELP_LINES.trust.phone)).toHaveLength(2);
      expect(fallback.split(CONCERN_OPENING)).toHaveLength(2);
    });

    it('the classification says concern: the reading is given (the AI is told the rule in its system message)', async () => {
      fake.screen({ classification: classificationSays({ concern: true }) });
      const user = newUser();
      const created = await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: ORDINARY });
      expect(created.status).toBe(201);
    });

    it('the prompt carries the local model’s guesses as guesses, with a confidence', async () => {
      const user = newUser();
      const created = await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Изменяет ли мне муж?' });
      await h.call(user, 'GET', `/api/readings/${created.body.data.id}/interpretation`);
      const prompt: string = fake.requests.at(-1)!.body.messages[1].content;
      expect(prompt).toMatch(/Вероятно, тема вопроса — любовь и отношения \(уверенность \d+ %\)/);
      expect(prompt).toMatch(/Вероятно, человек опасается события, о котором спрашивает \(уверенность \d+ %\)/);
      expect(prompt).toContain('Правила о кризисе и о чувствительных темах не поправляй никогда');
    });
  });
});
