// «Люди» through HTTP: saving, editing and deleting people (private to the user, at most 20 with a Russian
// refusal at the 21st, bad fields named), a reading about a saved person that speaks of them in the third
// person by name (the card-based text and, as data, the AI prompt), the one-sided synastry, and the export
// and deletion of the people.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';
import { createHarness, type Harness } from '../test/harness';

const own = (...ids: string[]) => ids.map((id) => ({ id, reversed: false }));

describe.each(TEST_DB_KINDS)('people on %s', (kind) => {
  let h: Harness;
  let ai: FakeOpenAI;
  let withAi: Harness;
  beforeAll(async () => {
    ai = await startFakeOpenAI();
    h = await createHarness(kind);
    withAi = await createHarness(kind, { ai: { apiKey: 'sk-test', baseUrl: ai.baseUrl } });
  });
  afterAll(async () => {
    await h?.close();
    await withAi?.close();
    await ai?.close();
  });

  const vip = async (hh: Harness, user: number) =>
    expect((await hh.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' })).status).toBe(200);

  it('saves, lists, edits and deletes people; another user sees none of them; bad fields are named', async () => {
    const user = 37_001;
    await vip(h, user);
    const made = await h.call(user, 'POST', '/api/people', {
      name: '  Лена ',
      relation: 'friend_f',
      birthDate: '1992-03-08',
      birthTime: '07:15',
      city: 'Казань',
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      name: 'Лена',
      relation: 'friend_f',
      relationLabel: 'подруга',
      gender: 'f',
      birth: { date: '1992-03-08', time: '07:15', timeKnown: true, city: expect.stringContaining('Казань') },
    });
    const id = made.body.data.id as number;
    const andrey = await h.call(user, 'POST', '/api/people', { name: 'Андрей', relation: 'colleague' });
    expect(andrey.body.data).toMatchObject({ gender: 'm', birth: null, relationLabel: 'коллега' });

    const list = (await h.call(user, 'GET', '/api/people')).body.data;
    expect(list.limit).toBe(20);
    expect(list.people.map((p: any) => p.name)).toEqual(['Лена', 'Андрей']);

    const edited = await h.call(user, 'PUT', `/api/people/${id}`, { name: 'Елена', relation: 'sister', birthDate: null });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Елена', relationLabel: 'сестра', birth: null });

    // Private: another user can neither see, edit, delete nor ask about them.
    expect((await h.call(37_002, 'GET', '/api/people')).body.data.people).toEqual([]);
    expect((await h.call(37_002, 'PUT', `/api/people/${id}`, { name: 'Икс', relation: 'other' })).status).toBe(404);
    expect((await h.call(37_002, 'DELETE', `/api/people/${id}`)).status).toBe(404);
    const foreign = await h.call(37_002, 'POST', '/api/readings', {
      spreadType: 'free_daily',
      question: 'Что она думает обо мне?',
      personId: id,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatch(/^personId: /);

    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '', relation: 'friend_f' }, /^name: укажите имя/],
      [{ name: 'Л'.repeat(41), relation: 'friend_f' }, /^name: имя не длиннее 40/],
      [{ name: '123', relation: 'friend_f' }, /^name: .*букв/],
      [{ name: 'Оля', relation: 'соседка' }, /^relation: /],
      [{ name: 'Оля', relation: 'other', birthDate: '2990-01-01', city: 'Москва' }, /^birthDate: .*позже/],
      [{ name: 'Оля', relation: 'other', birthDate: '1990-01-01' }, /^city: Укажите место рождения/],
      [{ name: 'Оля', relation: 'other', birthDate: '1990-01-01', city: 'Нигдебург' }, /^city: Город «Нигдебург» не найден/],
      [{ name: 'Оля', relation: 'other', birthDate: '1990-01-01', birthTime: '25:00', city: 'Москва' }, /^birthTime: /],
    ];
    for (const [body, error] of cases) {
      const r = await h.call(user, 'POST', '/api/people', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toMatch(error);
    }

    expect((await h.call(user, 'DELETE', `/api/people/${id}`)).status).toBe(200);
    expect((await h.call(user, 'GET', '/api/people')).body.data.people.map((p: any) => p.name)).toEqual(['Андрей']);
    expect((await h.call(user, 'DELETE', `/api/people/${id}`)).status).toBe(404);
  });

  it('keeps at most 20 people: the 21st is refused in Russian, and after a deletion one more fits', async () => {
    const user = 37_003;
    await vip(h, user);
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await h.call(user, 'POST', '/api/people', { name: `Друг ${i + 1}`, relation: 'friend_m' });
      expect(r.status).toBe(201);
      ids.push(r.body.data.id);
    }
    const over = await h.call(user, 'POST', '/api/people', { name: 'Двадцать первый', relation: 'other' });
    expect(over.status).toBe(429);
    expect(over.body.error).toBe('Можно сохранить не больше 20 человек. Удалите кого-нибудь, чтобы добавить нового.');
    expect((await h.call(user, 'GET', '/api/people')).body.data.people).toHaveLength(20);
    await h.call(user, 'DELETE', `/api/people/${ids[0]}`);
    expect((await h.call(user, 'POST', '/api/people', { name: 'Двадцать первый', relation: 'other' })).status).toBe(201);
  });

  it('a reading about a saved person speaks of them in the third person by name; the archive names them', async () => {
    const user = 37_004;
    await vip(h, user);
    const lena = (await h.call(user, 'POST', '/api/people', { name: 'Лена', relation: 'friend_f' })).body.data;
    const created = await h.call(user, 'POST', '/api/readings', {
      spreadType: 'past_present_future',
      question: 'Как сложатся наши отношения дальше?',
      ownCards: own('lovers', 'tower', 'star'),
      personId: lena.id,
    });
    expect(created.status).toBe(201);
    expect(created.body.data.person).toEqual({ name: 'Лена', relation: 'friend_f' });
    const text = (await h.call(user, 'GET', `/api/readings/${created.body.data.id}/interpretation`)).body.data.interpretation as string;
    expect(text).toContain('Этот расклад — о человеке, о котором вы спросили: Лена (ваша подруга).');
    expect(text).toContain('Карты говорят о том, что Лена чувствует, чего ждёт и как может поступить');
    expect(text).toContain('Здесь в центре она, а вы смотрите со стороны.');

    // Without the person, the same question names nobody.
    const plain = await h.call(user, 'POST', '/api/readings', {
      spreadType: 'past_present_future',
      question: 'Как сложатся наши отношения дальше?',
      ownCards: own('lovers', 'tower', 'star'),
    });
    const plainText = (await h.call(user, 'GET', `/api/readings/${plain.body.data.id}/interpretation`)).body.data.interpretation;
    expect(plainText).not.toContain('Лена');
    expect(plain.body.data.person).toBeNull();

    // Deleting the person later leaves the reading as it was.
    await h.call(user, 'DELETE', `/api/people/${lena.id}`);
    const archived = (await h.call(user, 'GET', `/api/readings/${created.body.data.id}`)).body.data;
    expect(archived.person).toEqual({ name: 'Лена', relation: 'friend_f' });
    expect(archived.interpretation).toContain('Лена (ваша подруга)');
  });

  it('the AI prompt names the person as data and asks for the third person by name', async () => {
    const user = 37_005;
    await vip(withAi, user);
    const dima = (await withAi.call(user, 'POST', '/api/people', { name: 'Дима', relation: 'ex_partner' })).body.data;
    expect(dima.gender).toBe('m');
    const created = await withAi.call(user, 'POST', '/api/readings', {
      spreadType: 'past_present_future',
      question: 'Вернётся ли он ко мне?',
      ownCards: own('moon', 'hermit', 'sun'),
      personId: dima.id,
    });
    expect((await withAi.call(user, 'GET', `/api/readings/${created.body.data.id}/interpretation`)).status).toBe(200);
    const prompt = ai.requests.at(-1)!.body.messages.find((m: any) => m.role === 'user').content as string;
    expect(prompt).toContain('<<<ЧЕЛОВЕК\nДима; кем приходится: бывший партнёр; мужчина\nЧЕЛОВЕК>>>');
    expect(prompt).toContain('Говори об этом человеке в третьем лице и называй по имени (Дима, «он»)');
  });

  it('a person with a birth date gets a one-sided synastry with the user, said to be one-sided', async () => {
    const user = 37_006;
    await vip(h, user);
    const p = (
      await h.call(user, 'POST', '/api/people', {
        name: 'Марина',
        relation: 'partner',
        birthDate: '1985-02-10',
        birthTime: '18:00',
        city: 'Москва',
      })
    ).body.data;
    const noChart = (await h.call(user, 'GET', `/api/people/${p.id}/synastry`)).body.data;
    expect(noChart).toMatchObject({ oneSided: true, aspects: null, reason: expect.stringMatching(/свою натальную карту/) });

    expect((await h.call(user, 'POST', '/api/natal/chart', { date: '1990-05-15', time: '12:30', city: 'Москва' })).status).toBe(200);
    const s = (await h.call(user, 'GET', `/api/people/${p.id}/synastry`)).body.data;
    expect(s.oneSided).toBe(true);
    expect(s.note).toContain('Совместимость односторонняя: данные рождения ввели вы, Марина в этом не участвовал(а)');
    expect(s.points.map((x: any) => x.key)).toEqual(['sun', 'moon', 'venus', 'mars', 'ascendant']);
    expect(s.aspects!.length).toBeGreaterThan(2);
    expect(s.aspects![0].text).toMatch(/у человека по имени Марина/);

    // The same two charts as readings for two compute them: a pair of this user and one with Марина's data.
    const partner = 37_007;
    expect((await h.call(partner, 'POST', '/api/natal/chart', { date: '1985-02-10', time: '18:00', city: 'Москва' })).status).toBe(200);
    const { token } = (await h.call(user, 'POST', '/api/pairs')).body.data;
    const joined = await h.call(partner, 'POST', '/api/pairs/accept', { token });
    expect(joined.status).toBe(201);
    const pair = (await h.call(user, 'GET', `/api/pairs/${joined.body.data.id}`)).body.data.synastry;
    expect(s.aspects!.map((a: any) => [a.a, a.b, a.aspect])).toEqual(pair.aspects!.map((a: any) => [a.a, a.b, a.aspect]));

    // Without a birth date there is nothing to compute, and it says so.
    const q = (await h.call(user, 'POST', '/api/people', { name: 'Оля', relation: 'other' })).body.data;
    expect((await h.call(user, 'GET', `/api/people/${q.id}/synastry`)).body.data.reason).toMatch(/Укажите дату рождения/);
  });

  it('the export carries the people; deletion removes them', async () => {
    const user = 37_008;
    await vip(h, user);
    await h.call(user, 'POST', '/api/people', { name: 'Костя', relation: 'brother', birthDate: '2001-07-01', city: 'Омск' });
    const data = (await h.call(user, 'GET', '/api/user/export')).body as any;
    const people = data.sections.find((s: any) => s.table === 'people');
    expect(people.title).toBe('Люди');
    expect(people.rows).toEqual([expect.objectContaining({ name: 'Костя', relation: 'brother', birth_date: '2001-07-01' })]);
    expect((await h.call(user, 'DELETE', '/api/user', { confirm: true })).status).toBe(200);
    expect(await h.db.selectFrom('people').selectAll().where('user_id', '=', user).execute()).toEqual([]);
  });
});
