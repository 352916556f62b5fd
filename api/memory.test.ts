// «Память толкователя» through HTTP: a third reading on a topic recalls the card that keeps coming up and the
// last reading on the topic, with their dates, in the card-based text and (as data) in the AI's prompt; a
// reading on another topic recalls nothing; memory off stops it; forgetting readings removes exactly them
// from memory (the archive keeps them); the export carries the switch and the marks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserExport } from '../services/user-data';
import { zonedTimeToUtc } from '../domain/text/time';
import { TEST_DB_KINDS } from '../test/databases';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';
import { createHarness, type Harness } from '../test/harness';

const TZ = 'Europe/Moscow';
const at = (day: string) => zonedTimeToUtc(day, '12:00', TZ);
const own = (...ids: string[]) => ids.map((id) => ({ id, reversed: false }));

const WORK = [
  { day: '2026-11-12', question: 'Стоит ли мне менять работу?', cards: own('tower', 'sun', 'ace-of-cups') },
  { day: '2026-11-30', question: 'Что ждёт меня на работе в декабре?', cards: own('moon', 'tower', 'star') },
  { day: '2026-12-07', question: 'Получу ли я повышение на работе?', cards: own('fool', 'hermit', 'tower') },
];

describe.each(TEST_DB_KINDS)('reader memory on %s', (kind) => {
  let h: Harness;
  let ai: FakeOpenAI;
  let withAi: Harness;
  beforeAll(async () => {
    ai = await startFakeOpenAI();
    h = await createHarness(kind, { now: at('2026-11-10') });
    withAi = await createHarness(kind, { now: at('2026-11-10'), ai: { apiKey: 'sk-test', baseUrl: ai.baseUrl } });
  });
  afterAll(async () => {
    await h?.close();
    await withAi?.close();
    await ai?.close();
  });

  /** Makes a reading of the given cards on the given day and reads it; returns its id and text. */
  async function read(hh: Harness, user: number, r: { day: string; question: string; cards: unknown }) {
    hh.setNow(at(r.day));
    const created = await hh.call(user, 'POST', '/api/readings', {
      spreadType: 'past_present_future',
      question: r.question,
      ownCards: r.cards,
    });
    expect(created.status).toBe(201);
    const read = await hh.call(user, 'GET', `/api/readings/${created.body.data.id}/interpretation`);
    expect(read.status).toBe(200);
    return { id: created.body.data.id as number, text: read.body.data.interpretation as string };
  }

  const subscribe = async (hh: Harness, user: number) =>
    expect((await hh.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' })).status).toBe(200);

  it('a third reading on work recalls the Tower twice before and the last question, with dates; another topic recalls nothing', async () => {
    const user = 52_001;
    h.setNow(at('2026-11-10'));
    await subscribe(h, user);
    const [first, second, third] = [await read(h, user, WORK[0]), await read(h, user, WORK[1]), await read(h, user, WORK[2])];
    expect(first.text).not.toMatch(/В прошлый раз|выпадает вам уже/);
    expect(second.text).toContain('**Башня** выпадает вам уже второй раз за месяц в вопросах о работе: в первый раз — 12 ноября.');
    expect(second.text).toContain('В прошлый раз, 12 ноября, вы спрашивали: «Стоит ли мне менять работу?»');
    expect(third.text).toContain('**Башня** выпадает вам уже третий раз за месяц в вопросах о работе: прежде — 12 ноября и 30 ноября.');
    expect(third.text).toContain(
      'В прошлый раз, 30 ноября, вы спрашивали: «Что ждёт меня на работе в декабре?» — тогда легли карты: **Луна**, **Башня** и **Звезда**.',
    );
    // At most two lines: nothing of the first reading's question in the third.
    expect(third.text).not.toContain('Стоит ли мне менять работу?');

    const love = await read(h, user, { day: '2026-12-07', question: 'Любит ли он меня?', cards: own('tower', 'lovers', 'star') });
    expect(love.text).not.toMatch(/В прошлый раз|выпадает вам уже|Сегодня вы уже/);

    // The settings list what memory holds: the readings, newest first, and the card that keeps returning.
    const view = (await h.call(user, 'GET', '/api/memory')).body.data;
    expect(view.on).toBe(true);
    expect(view.readings.map((r: any) => r.id)).toEqual([love.id, third.id, second.id, first.id]);
    expect(view.readings[1]).toMatchObject({ dayLabel: 'сегодня', topic: 'о работе', question: WORK[2].question });
    expect(view.readings[3]).toMatchObject({ dayLabel: '12 ноября', cards: ['Башня', 'Солнце', 'Туз Кубков'] });
    expect(view.returning[0]).toEqual({ name: 'Башня', topic: 'о работе', count: 3, days: ['2026-11-12', '2026-11-30', '2026-12-07'] });
  });

  it('the AI prompt carries the memory as data with dates, the past question in its own block', async () => {
    const user = 52_002;
    withAi.setNow(at('2026-11-10'));
    await subscribe(withAi, user);
    for (const r of WORK) await read(withAi, user, r);
    const prompt = ai.requests.at(-1)!.body.messages.find((m: any) => m.role === 'user').content as string;
    expect(prompt).toContain('Память о прошлых раскладах человека на ту же тему');
    expect(prompt).toContain(
      '- Карта «Башня» выпадает человеку в вопросах о работе уже третий раз за месяц: прежде 12 ноября и 30 ноября, теперь снова.',
    );
    expect(prompt).toContain('- Прошлый расклад на ту же тему — 30 ноября 2026; карты: Луна, Башня, Звезда');
    expect(prompt).toContain('<<<ПРОШЛЫЙ ВОПРОС\nЧто ждёт меня на работе в декабре?\nПРОШЛЫЙ ВОПРОС>>>');
  });

  it('memory off stops it; on again, it comes back; a bad switch is refused naming the field', async () => {
    const user = 52_003;
    h.setNow(at('2026-11-10'));
    await subscribe(h, user);
    await read(h, user, WORK[0]);
    await read(h, user, WORK[1]);
    const off = await h.call(user, 'PUT', '/api/memory', { on: false });
    expect(off.status).toBe(200);
    expect(off.body.data.on).toBe(false);
    const third = await read(h, user, WORK[2]);
    expect(third.text).not.toMatch(/В прошлый раз|выпадает вам уже|Сегодня вы уже/);
    const bad = await h.call(user, 'PUT', '/api/memory', { on: 'нет' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^on: /);

    expect((await h.call(user, 'PUT', '/api/memory', { on: true })).body.data.on).toBe(true);
    const again = await read(h, user, {
      day: '2026-12-08',
      question: 'Как сложится мой проект на работе?',
      cards: own('tower', 'world', 'chariot'),
    });
    expect(again.text).toContain('**Башня** выпадает вам уже четвёртый раз за месяц в вопросах о работе');
  });

  it('forgetting readings removes exactly them from memory; the archive keeps them; the export shows the marks', async () => {
    const user = 52_004;
    h.setNow(at('2026-11-10'));
    await subscribe(h, user);
    const [first, second, third] = [await read(h, user, WORK[0]), await read(h, user, WORK[1]), await read(h, user, WORK[2])];
    const forgot = await h.call(user, 'DELETE', `/api/memory/readings/${first.id}`);
    expect(forgot.status).toBe(200);
    expect(forgot.body.data.readings.map((r: any) => r.id)).toEqual([third.id, second.id]);
    await h.call(user, 'DELETE', `/api/memory/readings/${second.id}`);

    const next = await read(h, user, {
      day: '2026-12-07',
      question: 'Как сложится мой проект на работе?',
      cards: own('tower', 'world', 'chariot'),
    });
    expect(next.text).toContain('**Башня** выпадает вам уже второй раз за месяц в вопросах о работе: в первый раз — сегодня.');
    expect(next.text).toContain('Сегодня вы уже спрашивали: «Получу ли я повышение на работе?»');
    expect(next.text).not.toMatch(/12 ноября|30 ноября/);
    // Still in the archive.
    const archive = (await h.call(user, 'GET', '/api/user/readings')).body.data.readings.map((r: any) => r.id);
    expect(archive).toEqual(expect.arrayContaining([first.id, second.id]));

    // Someone else's reading or a bad id: 404 and 400 naming the field.
    expect((await h.call(52_099, 'DELETE', `/api/memory/readings/${third.id}`)).status).toBe(404);
    const bad = await h.call(user, 'DELETE', '/api/memory/readings/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^id: /);

    // «Забыть всё»: nothing is left to recall.
    expect((await h.call(user, 'DELETE', '/api/memory/readings')).body.data.readings).toEqual([]);

    await h.call(user, 'PUT', '/api/memory', { on: false });
    const data = (await h.call(user, 'GET', '/api/user/export')).body as unknown as UserExport;
    const profile = data.sections.find((s) => s.title === 'Профиль и настройки')!.rows[0] as Record<string, unknown>;
    expect(profile.memory_on).toBe(false);
    const rows = data.sections.find((s) => s.title === 'Расклады')!.rows as Record<string, unknown>[];
    expect(rows.find((r) => r.id === first.id)!.memory_forgotten).toBe(true);
  });
});
