// Readings through the real app: dealt by the server, owned by one user, and no input gets a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECK } from '../domain/tarot/deck';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

describe.each(TEST_DB_KINDS)('readings on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('creates a reading with server-dealt cards, positions and orientations', async () => {
    const res = await h.call(20_001, 'POST', '/api/readings', { spreadType: 'free_daily', question: '  Что меня ждёт сегодня?  ' });
    expect(res.status).toBe(201);
    const r = res.body.data;
    expect(r).toMatchObject({
      spreadType: 'free_daily',
      spreadName: 'Расклад дня',
      question: 'Что меня ждёт сегодня?',
      level: 'basic',
      status: 'dealt',
    });
    expect(r.cards).toHaveLength(3);
    expect(new Set(r.cards.map((c: any) => c.cardId)).size).toBe(3);
    for (const [i, c] of r.cards.entries()) {
      expect(c.position).toBe(i);
      expect(c.positionName).toBeTruthy();
      expect(['upright', 'reversed']).toContain(c.orientation);
      expect(DECK.find((d) => d.id === c.cardId)?.name).toBe(c.name);
    }
    const again = await h.call(20_001, 'GET', `/api/readings/${r.id}`);
    expect(again.body.data.cards).toEqual(r.cards);
  });

  it('refuses a question with no words (emoji or signs alone) naming the field, and keeps the free spread', async () => {
    for (const question of ['🔮🔮🔮', '🔮🔮🔮🔮', '???', '1 2 3', 'я ??']) {
      const res = await h.call(20_093, 'POST', '/api/readings', { spreadType: 'free_daily', question });
      expect(res.status, question).toBe(400);
      expect(res.body.error, question).toBe('question: напишите вопрос словами — хотя бы две буквы');
    }
    const status = await h.call(20_093, 'GET', '/api/user/status');
    expect(status.body.data.userStatus.remainingSpreads).toBe(1);
    expect((await h.call(20_093, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Да?!' })).status).toBe(201);
  });

  it('ignores cards the client sends: the server deals', async () => {
    const res = await h.call(20_002, 'POST', '/api/readings', {
      spreadType: 'free_daily',
      question: 'Выбираю карты сам',
      cards: ['sun', 'star', 'world'],
    });
    expect(res.status).toBe(201);
    expect(res.body.data.cards).toHaveLength(3);
  });

  it('does not let a user read another user reading', async () => {
    const mine = await h.call(20_003, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Мой личный вопрос' });
    const theirs = await h.call(20_004, 'GET', `/api/readings/${mine.body.data.id}`);
    // Someone else's reading answers exactly as a missing one: the answer does not tell which ids exist.
    const missing = await h.call(20_004, 'GET', '/api/readings/999999999');
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ success: false, error: 'Расклад не найден' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(theirs.body);
    expect(JSON.stringify(theirs.body)).not.toContain('Мой личный вопрос');
    const list = await h.call(20_004, 'GET', '/api/user/readings');
    expect(list.body.data.readings).toEqual([]);
    expect((await h.call(20_004, 'GET', '/api/user/info/20003')).status).toBe(403);
    const saveTheirs = await h.call(20_004, 'POST', '/api/user/reading', { readingId: mine.body.data.id });
    expect(saveTheirs.status).toBe(404);
    expect(saveTheirs.body).toEqual((await h.call(20_004, 'POST', '/api/user/reading', { readingId: 999_999_999 })).body);
  });

  it('lists the user readings page by page, newest first', async () => {
    const user = 20_005;
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    for (let i = 1; i <= 3; i++)
      await h.call(user, 'POST', '/api/readings', { spreadType: 'past_present_future', question: `Вопрос номер ${i}` });
    const page1 = await h.call(user, 'GET', '/api/user/readings?limit=2&offset=0');
    expect(page1.body.data).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(page1.body.data.readings.map((r: any) => r.question)).toEqual(['Вопрос номер 3', 'Вопрос номер 2']);
    const page2 = await h.call(user, 'GET', '/api/user/readings?limit=2&offset=2');
    expect(page2.body.data.readings.map((r: any) => r.question)).toEqual(['Вопрос номер 1']);
    const defaults = await h.call(user, 'GET', '/api/user/readings');
    expect(defaults.body.data).toMatchObject({ limit: 10, offset: 0 });
  });

  it('saves a client reading as history that charges nothing', async () => {
    const user = 20_006;
    const saved = await h.call(user, 'POST', '/api/user/reading', {
      question: 'Экстренный расклад',
      cards: ['Дурак', 'Шут', 'Солнце'].slice(1),
      interpretation: 'Текст',
      spreadType: 'free_daily',
    });
    expect(saved.status).toBe(201);
    const r = await h.call(user, 'GET', `/api/readings/${saved.body.data.readingId}`);
    expect(r.body.data).toMatchObject({ status: 'saved', interpretation: 'Текст' });
    expect(r.body.data.cards.map((c: any) => c.cardId)).toEqual(['fool', 'sun']);
    expect((await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.dailySpreadsUsed).toBe(0);
    const bad = await h.call(user, 'POST', '/api/user/reading', { question: 'Вопрос', cards: ['Несуществующая'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^cards: /);
  });

  it('names the field in validation errors', async () => {
    const cases: [unknown, RegExp][] = [
      [{ spreadType: 'free_daily', question: 'аб' }, /^question: .*3/],
      [{ spreadType: 'free_daily', question: 'я'.repeat(501) }, /^question: .*500/],
      [{ spreadType: 'free_daily' }, /^question: /],
      [{ spreadType: 'tea_leaves', question: 'Что будет?' }, /^spreadType: /],
      [{ spreadType: 7, question: 'Что будет?' }, /^spreadType: /],
      [{ question: 'Что будет?' }, /^spreadType: /],
    ];
    for (const [body, message] of cases) {
      const res = await h.call(20_007, 'POST', '/api/readings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    const tz = await h.call(20_007, 'PUT', '/api/user/settings', { timeZone: 'Mars/Olympus' });
    expect(tz.status).toBe(400);
    expect(tz.body.error).toMatch(/^timeZone: /);
    const page = await h.call(20_007, 'GET', '/api/user/readings?limit=abc');
    expect(page.status).toBe(400);
    expect(page.body.error).toMatch(/^limit: /);
    // The schema holds the service's rule (the trimmed length), and a plan is one of the tiers.
    expect((await h.call(20_007, 'POST', '/api/readings', { spreadType: 'free_daily', question: ` ${'я'.repeat(501)} ` })).body.error).toBe(
      'question: вопрос должен содержать не больше 500 символов',
    );
    const plan = await h.call(20_007, 'POST', '/api/user/subscription', { subscriptionType: 'gold_999' });
    expect(plan.status).toBe(400);
    expect(plan.body.error).toBe('subscriptionType: ожидается одно из free, basic, vip, week');
  });

  it('answers malformed JSON, wrong types, huge strings and unknown fields without a 500', async () => {
    const user = 20_008;
    const bodies: unknown[] = [
      '{"spreadType": "free_daily", "question": ',
      'null',
      '[]',
      '"just a string"',
      '{"spreadType": {"$gt": ""}, "question": ["a"]}',
      { spreadType: 'free_daily', question: 'x'.repeat(60_000) },
      { spreadType: 'free_daily', question: 'Нормальный вопрос', extra: { deep: [1, 2, 3] }, __proto__: { admin: true } },
      '\u0000\uFFFF',
    ];
    const endpoints: [string, string][] = [
      ['POST', '/api/readings'],
      ['POST', '/api/user/reading'],
      ['PUT', '/api/user/settings'],
      ['POST', '/api/user/subscription'],
      ['POST', '/api/user/daily-card/use'],
      ['POST', '/api/user/free-spread/use'],
      ['POST', '/api/user/spread/use'],
    ];
    for (const [method, path] of endpoints) {
      for (const body of bodies) {
        const res = await h.call(user, method, path, body);
        expect(res.status, `${method} ${path} ${String(body).slice(0, 40)}`).toBeLessThan(500);
        expect(res.body.success, `${method} ${path}`).toBeDefined();
      }
    }
    const huge = await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toMatch(/^body: /);
    for (const path of [
      '/api/readings/abc',
      '/api/readings/-1',
      '/api/readings/1e309',
      `/api/readings/${'9'.repeat(40)}`,
      '/api/user/info/%00',
      '/api/user/readings?offset=-5',
    ]) {
      const res = await h.call(user, 'GET', path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it('serves the catalogues and the health check', async () => {
    const cards = await h.call(20_009, 'GET', '/api/cards');
    expect(cards.body.data.cards).toHaveLength(78);
    const spreads = await h.call(20_009, 'GET', '/api/spreads');
    expect(spreads.body.data.spreads.find((s: any) => s.id === 'celtic_cross')!.cards).toBe(10);
    const health = await h.call(null, 'GET', '/api/health');
    expect(health).toMatchObject({ status: 200, body: { success: true, data: { database: 'ok' } } });
    expect((await h.call(null, 'GET', '/api/cards')).status).toBe(401);
  });
});
