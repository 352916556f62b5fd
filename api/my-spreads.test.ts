// «Свои расклады» through HTTP: a VIP designs a spread (checked field by field, in Russian), keeps at most ten,
// deals a reading in it (as many cards as positions, one paid spread off the day's quota), which the card-based
// interpreter reads position by position (a role's line, or «карта о …» with the position's name) and the AI
// prompt names; the archive shows the spread's name; a shared link lets another VIP copy it; anyone without VIP
// is offered the plan; the export carries the spreads and deletion removes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';
import { createHarness, type Harness } from '../test/harness';

const DESIGN = {
  name: 'Перекрёсток',
  positions: [
    { name: 'Где я сейчас', role: 'present', x: 2, y: 1 },
    { name: 'Что мешает', role: 'obstacle', x: 2, y: 0 },
    { name: 'Моя смелость', role: null, x: 1, y: 1 },
    { name: 'Итог', role: 'outcome', x: 3, y: 1 },
  ],
};

describe.each(TEST_DB_KINDS)('own spreads on %s', (kind) => {
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

  it('a non-VIP is offered the plan: the list says so, designing and copying answer 402 naming VIP', async () => {
    const free = 37_101;
    const list = await h.call(free, 'GET', '/api/my-spreads');
    expect(list.body.data).toMatchObject({ canDesign: false, spreads: [], limit: 10, grid: { cols: 5, rows: 4 } });
    const made = await h.call(free, 'POST', '/api/my-spreads', DESIGN);
    expect(made.status).toBe(402);
    expect(made.body.error).toBe('Свои расклады доступны с VIP-подпиской.');
    expect(made.body.requiredPlan).toBe('vip');
    expect(made.body.redirect).toBe('/subscription');
    const basic = 37_102;
    await h.call(basic, 'POST', '/api/user/subscription', { subscriptionType: 'basic' });
    expect((await h.call(basic, 'POST', '/api/my-spreads', DESIGN)).status).toBe(402);
  });

  it('checks a design field by field in Russian and keeps at most ten', async () => {
    const user = 37_103;
    await vip(h, user);
    const at = (i: number, p: Record<string, unknown>) => ({
      ...DESIGN,
      positions: DESIGN.positions.map((x, j) => (j === i ? { ...x, ...p } : x)),
    });
    const cases: [unknown, RegExp][] = [
      [{ ...DESIGN, name: '  ' }, /^name: укажите название расклада$/],
      [{ ...DESIGN, name: 'Р'.repeat(41) }, /^name: название не длиннее 40 символов$/],
      [{ ...DESIGN, positions: DESIGN.positions.slice(0, 1) }, /^positions: в раскладе от 2 до 10 позиций$/],
      [
        { ...DESIGN, positions: Array.from({ length: 11 }, (_, i) => ({ name: `П${i}`, x: i % 5, y: Math.floor(i / 5) })) },
        /^positions: в раскладе от 2 до 10 позиций$/,
      ],
      [at(1, { name: '' }), /^positions\.1\.name: назовите позицию 2$/],
      [at(0, { name: 'Д'.repeat(41) }), /^positions\.0\.name: название позиции не длиннее 40 символов$/],
      [at(2, { role: 'month' }), /^positions\.2\.role: выберите роль из списка/],
      [at(3, { x: 5 }), /^positions\.3\.x: столбец от 1 до 5$/],
      [at(3, { y: -1 }), /^positions\.3\.y: строка от 1 до 4$/],
      [at(3, { x: 2, y: 1 }), /^positions\.3: в этой клетке уже лежит другая карта$/],
      [{ name: 'Без позиций' }, /^positions: /],
    ];
    for (const [body, error] of cases) {
      const r = await h.call(user, 'POST', '/api/my-spreads', body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.error).toMatch(error);
    }
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await h.call(user, 'POST', '/api/my-spreads', { ...DESIGN, name: `Расклад ${i + 1}` });
      expect(r.status).toBe(201);
      ids.push(r.body.data.id);
    }
    const over = await h.call(user, 'POST', '/api/my-spreads', DESIGN);
    expect(over.status).toBe(429);
    expect(over.body.error).toBe('Можно сохранить не больше 10 своих раскладов. Удалите один, чтобы добавить новый.');
    const edited = await h.call(user, 'PUT', `/api/my-spreads/${ids[0]}`, { ...DESIGN, name: '  Новое   имя ' });
    expect(edited.body.data.name).toBe('Новое имя');
    expect((await h.call(user, 'DELETE', `/api/my-spreads/${ids[1]}`)).status).toBe(200);
    expect((await h.call(user, 'GET', '/api/my-spreads')).body.data.spreads).toHaveLength(9);
    expect((await h.call(37_199, 'DELETE', `/api/my-spreads/${ids[2]}`)).status).toBe(404);
  });

  it('deals, reads and archives a reading in the spread; one paid spread is charged', async () => {
    const user = 37_104;
    await vip(h, user);
    const spread = (await h.call(user, 'POST', '/api/my-spreads', DESIGN)).body.data;
    const before = (await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.remainingSpreads;
    const dealt = await h.call(user, 'POST', `/api/my-spreads/${spread.id}/readings`, { question: 'Стоит ли мне менять профессию?' });
    expect(dealt.status).toBe(201);
    const r = dealt.body.data;
    expect(r).toMatchObject({ spreadType: 'custom', spreadName: 'Перекрёсток', total: 4 });
    expect(r.cards.map((c: any) => c.positionName)).toEqual(['Где я сейчас', 'Что мешает', 'Моя смелость', 'Итог']);
    expect(r.layout).toEqual([
      { x: 2, y: 1 },
      { x: 2, y: 0 },
      { x: 1, y: 1 },
      { x: 3, y: 1 },
    ]);
    expect(new Set(r.cards.map((c: any) => c.cardId)).size).toBe(4);
    expect((await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.remainingSpreads).toBe(before - 1);

    const text = (await h.call(user, 'GET', `/api/readings/${r.id}/interpretation`)).body.data.interpretation as string;
    for (const p of DESIGN.positions) expect(text).toContain(`«${p.name}»`);
    expect(text).toMatch(/Это карта о «Моя смелость»: в ней звучат /);

    // Editing the spread later leaves the reading as it was laid.
    await h.call(user, 'PUT', `/api/my-spreads/${spread.id}`, { ...DESIGN, name: 'Другое имя' });
    const archive = (await h.call(user, 'GET', '/api/user/readings')).body.data.readings;
    expect(archive[0]).toMatchObject({ id: r.id, spreadName: 'Перекрёсток' });
    expect(archive[0].cards.map((c: any) => c.positionName)).toEqual(['Где я сейчас', 'Что мешает', 'Моя смелость', 'Итог']);

    // Someone else's spread, a bad question: refused before anything is charged.
    expect((await h.call(37_105, 'POST', `/api/my-spreads/${spread.id}/readings`, { question: 'Что будет?' })).status).toBe(402);
    const bad = await h.call(user, 'POST', `/api/my-spreads/${spread.id}/readings`, { question: '?' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^question: /);
  });

  it('the AI prompt names the spread and each position with its role or «карта о …»', async () => {
    const user = 37_106;
    await vip(withAi, user);
    const spread = (await withAi.call(user, 'POST', '/api/my-spreads', DESIGN)).body.data;
    const r = (await withAi.call(user, 'POST', `/api/my-spreads/${spread.id}/readings`, { question: 'Стоит ли мне менять профессию?' }))
      .body.data;
    expect((await withAi.call(user, 'GET', `/api/readings/${r.id}/interpretation`)).status).toBe(200);
    const prompt = ai.requests.at(-1)!.body.messages.find((m: any) => m.role === 'user').content as string;
    expect(prompt).toContain('Тип расклада: свой расклад пользователя «Перекрёсток»');
    expect(prompt).toMatch(/позиция «Что мешает» \(роль позиции: препятствие\)/);
    expect(prompt).toMatch(/позиция «Моя смелость» \(карта о «Моя смелость»\)/);
  });

  it('a shared link lets another VIP copy the spread; a non-VIP sees it but is offered the plan', async () => {
    const [owner, friend, free] = [37_107, 37_108, 37_109];
    await vip(h, owner);
    await vip(h, friend);
    const spread = (await h.call(owner, 'POST', '/api/my-spreads', DESIGN)).body.data;
    const shared = (await h.call(owner, 'POST', `/api/my-spreads/${spread.id}/share`)).body.data;
    expect(shared.path).toBe(`/my-spreads?copy=${shared.token}`);
    expect((await h.call(owner, 'POST', `/api/my-spreads/${spread.id}/share`)).body.data.token).toBe(shared.token);

    const preview = await h.call(free, 'GET', `/api/my-spreads/shared/${shared.token}`);
    expect(preview.body.data).toMatchObject({ name: 'Перекрёсток', positions: DESIGN.positions });
    const refused = await h.call(free, 'POST', `/api/my-spreads/shared/${shared.token}/copy`);
    expect(refused.status).toBe(402);
    expect(refused.body.requiredPlan).toBe('vip');

    const copied = await h.call(friend, 'POST', `/api/my-spreads/shared/${shared.token}/copy`);
    expect(copied.status).toBe(201);
    expect(copied.body.data).toMatchObject({ name: 'Перекрёсток', positions: DESIGN.positions, shareToken: null });
    expect(copied.body.data.id).not.toBe(spread.id);
    const dealt = await h.call(friend, 'POST', `/api/my-spreads/${copied.body.data.id}/readings`, {
      question: 'Что мне делать с работой?',
    });
    expect(dealt.status).toBe(201);
    // A link that never existed.
    const none = await h.call(friend, 'POST', `/api/my-spreads/shared/${'x'.repeat(22)}/copy`);
    expect(none.status).toBe(404);
    expect(none.body.error).toMatch(/^token: /);
  });

  it('the export carries the spreads; deletion removes them', async () => {
    const user = 37_110;
    await vip(h, user);
    await h.call(user, 'POST', '/api/my-spreads', DESIGN);
    const data = (await h.call(user, 'GET', '/api/user/export')).body as any;
    const section = data.sections.find((s: any) => s.table === 'custom_spreads');
    expect(section.title).toBe('Свои расклады');
    expect(section.rows).toEqual([expect.objectContaining({ name: 'Перекрёсток', positions: DESIGN.positions })]);
    expect((await h.call(user, 'DELETE', '/api/user', { confirm: true })).status).toBe(200);
    expect(await h.db.selectFrom('custom_spreads').selectAll().where('user_id', '=', user).execute()).toEqual([]);
  });
});
