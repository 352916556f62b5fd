// The natal chart through the real API and database: computed values, validation messages, the saved
// birth data round trip, unknown cities, the coordinates variant, historical zone rules, city search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

describe.each(TEST_DB_KINDS)('natal chart API on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { now: new Date('2026-03-10T09:00:00Z') });
  });
  afterAll(() => h.close());

  const chart = (user: number, body: unknown) => h.call(user, 'POST', '/api/natal/chart', body);

  it('computes the chart of a Moscow birth and answers the spec fields', async () => {
    const res = await chart(20_001, { date: '1990-05-15', time: '12:30', city: 'Москва' });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.birthData).toMatchObject({
      date: '1990-05-15',
      time: '12:30',
      city: 'Москва, Россия',
      cityId: 'ru-moskva',
      timeZone: 'Europe/Moscow',
      latitude: 55.7558,
      longitude: 37.6173,
      // 1990: Moscow summer time, UTC+4.
      utc: '1990-05-15T08:30:00.000Z',
      utcOffset: '+04:00',
    });
    expect(d.planets.map((p: any) => p.name)).toEqual(['Солнце', 'Луна', 'Меркурий', 'Венера', 'Марс']);
    for (const p of d.planets) {
      expect(Object.keys(p)).toEqual(expect.arrayContaining(['name', 'sign', 'degree', 'symbol', 'element']));
      expect(typeof p.degree).toBe('number');
    }
    expect(d.sunSign).toBe('Телец');
    expect(d.planets[0]).toMatchObject({ name: 'Солнце', sign: 'Телец', symbol: '☉', element: 'Земля' });
    // Sun at 24°19′ Taurus on 1990-05-15 08:30 UT (ephemeris); the ascendant of midday Moscow in May is Leo.
    expect(d.planets[0].degree).toBeGreaterThan(23.8);
    expect(d.planets[0].degree).toBeLessThan(24.8);
    expect(d.risingSign).toBe('Лев');
    expect(typeof d.moonSign).toBe('string');
    expect(d.cards[0]).toMatchObject({ title: 'Солнце в Тельце' });
    expect(d.cards.length).toBeGreaterThanOrEqual(6);
  });

  it('keeps the birth data for the user: shown again on return, cleared by «Новая карта»', async () => {
    const user = 20_002;
    expect((await h.call(user, 'GET', '/api/natal/data')).body).toEqual({ success: true, data: { birthData: null } });
    const none = await h.call(user, 'GET', '/api/natal/chart');
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('Данные рождения не найдены');

    const made = await chart(user, { date: '1985-11-03', time: '07:05', city: 'Новосибирск, Россия' });
    expect(made.status).toBe(200);
    const data = await h.call(user, 'GET', '/api/natal/data');
    expect(data.body.data.birthData).toMatchObject({
      date: '1985-11-03',
      time: '07:05',
      city: 'Новосибирск, Россия',
      timeZone: 'Asia/Novosibirsk',
    });
    const again = await h.call(user, 'GET', '/api/natal/chart');
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(made.body.data);
    // Another user sees nothing of it.
    expect((await h.call(20_099, 'GET', '/api/natal/chart')).status).toBe(404);

    // A second chart replaces the first.
    await chart(user, { date: '1986-01-01', time: '00:00', city: 'Омск' });
    expect((await h.call(user, 'GET', '/api/natal/data')).body.data.birthData!.city).toBe('Омск, Россия');

    expect((await h.call(user, 'DELETE', '/api/natal/data')).body.data).toEqual({ deleted: true });
    expect((await h.call(user, 'GET', '/api/natal/data')).body.data.birthData).toBeNull();
    expect((await h.call(user, 'GET', '/api/natal/chart')).status).toBe(404);
    expect((await h.call(user, 'DELETE', '/api/natal/data')).body.data).toEqual({ deleted: false });
  });

  it('«время рождения неизвестно»: the chart leaves out the ascendant and says so, and the form gets it back', async () => {
    const user = 20_009;
    const res = await chart(user, { date: '1990-05-15', timeUnknown: true, city: 'Москва' });
    expect(res.status).toBe(200);
    const d = res.body.data;
    // The planets of the day's noon; no ascendant, no rising sign, no ascendant card, and a note saying why.
    expect(d.birthData).toMatchObject({ date: '1990-05-15', time: '', timeKnown: false, utc: '1990-05-15T08:00:00.000Z' });
    expect(d.ascendant).toBeNull();
    expect(d.risingSign).toBeNull();
    expect(d.timeNote).toMatch(/Время рождения неизвестно, поэтому асцендент и дома не рассчитаны/);
    expect(d.cards.map((c: { key: string }) => c.key)).not.toContain('ascendant');
    expect(d.sunSign).toBe('Телец');
    // Saved as unknown: the chart and the form read it back so, not as noon.
    expect((await h.call(user, 'GET', '/api/natal/chart')).body.data.ascendant).toBeNull();
    expect((await h.call(user, 'GET', '/api/natal/data')).body.data.birthData).toMatchObject({ time: '', timeKnown: false });
    // A time sent beside the flag is ignored; without the flag a time is still required.
    expect((await chart(user, { date: '1990-05-15', time: '07:00', timeUnknown: true, city: 'Москва' })).body.data.ascendant).toBeNull();
    expect((await chart(user, { date: '1990-05-15', timeUnknown: false, city: 'Москва' })).body).toEqual({
      success: false,
      error: 'time: Укажите время рождения',
    });
    // With a time the ascendant comes back.
    const timed = (await chart(user, { date: '1990-05-15', time: '12:30', city: 'Москва' })).body.data;
    expect(timed.ascendant).not.toBeNull();
    expect(timed.timeNote).toBeNull();
    expect(timed.birthData.timeKnown).toBe(true);
  });

  it('names the missing field with the spec message, in the form order', async () => {
    const cases: [unknown, string][] = [
      [{ time: '12:00', city: 'Москва' }, 'date: Укажите дату рождения'],
      [{ date: '', time: '12:00', city: 'Москва' }, 'date: Укажите дату рождения'],
      [{ date: '   ', time: '12:00', city: 'Москва' }, 'date: Укажите дату рождения'],
      [{ date: '1990-01-01', city: 'Москва' }, 'time: Укажите время рождения'],
      [{ date: '1990-01-01', time: '', city: 'Москва' }, 'time: Укажите время рождения'],
      [{ date: '1990-01-01', time: '12:00' }, 'city: Укажите место рождения'],
      [{ date: '1990-01-01', time: '12:00', city: '   ' }, 'city: Укажите место рождения'],
      [{}, 'date: Укажите дату рождения'],
      [{ date: '1990-02-30', time: '12:00', city: 'Москва' }, 'date: Укажите дату рождения в формате ГГГГ-ММ-ДД'],
      [{ date: '15.05.1990', time: '12:00', city: 'Москва' }, 'date: Укажите дату рождения в формате ГГГГ-ММ-ДД'],
      [{ date: '1990-01-01', time: '25:00', city: 'Москва' }, 'time: Укажите время рождения в формате ЧЧ:ММ'],
      [{ date: 19900101, time: '12:00', city: 'Москва' }, 'date: Укажите дату рождения'],
      [{ date: '1899-12-31', time: '12:00', city: 'Москва' }, 'date: Дата рождения не может быть раньше 1900 года'],
    ];
    for (const [body, error] of cases) {
      const res = await chart(20_003, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual({ success: false, error });
    }
    // Nothing was saved by the refused calls.
    expect((await h.call(20_003, 'GET', '/api/natal/data')).body.data.birthData).toBeNull();
  });

  it('refuses a date later than today in the user time zone', async () => {
    // 2026-03-10 09:00 UTC is 12:00 of 2026-03-10 in Moscow.
    const tomorrow = await chart(20_004, { date: '2026-03-11', time: '10:00', city: 'Москва' });
    expect(tomorrow.status).toBe(400);
    expect(tomorrow.body.error).toBe('date: Дата рождения не может быть позже сегодняшнего дня');
    expect((await chart(20_004, { date: '2026-03-10', time: '08:00', city: 'Москва' })).status).toBe(200);

    // At 20:30 UTC it is 23:30 in Moscow and already 06:30 of the next day in Vladivostok.
    h.setNow(new Date('2026-03-10T20:30:00Z'));
    await h.call(20_005, 'PUT', '/api/user/settings', { timeZone: 'Asia/Vladivostok' });
    expect((await chart(20_005, { date: '2026-03-11', time: '08:00', city: 'Владивосток' })).status).toBe(200);
    expect((await chart(20_004, { date: '2026-03-11', time: '08:00', city: 'Москва' })).status).toBe(400);
  });

  it('answers 400 naming city for a place not in the list', async () => {
    const res = await chart(20_006, { date: '1990-01-01', time: '12:00', city: 'Атлантида' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^city: Город «Атлантида» не найден/);
    expect(res.body.error).toMatch(/координаты/);
    expect((await chart(20_006, { date: '1990-01-01', time: '12:00', city: 'Москва, Казахстан' })).body.error).toMatch(/^city: /);
  });

  it('takes a place by coordinates and time zone', async () => {
    const res = await chart(20_007, {
      date: '1990-05-15',
      time: '12:30',
      latitude: 55.7558,
      longitude: 37.6173,
      timeZone: 'Europe/Moscow',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.birthData).toMatchObject({
      city: '55,76° с. ш., 37,62° в. д.',
      cityId: null,
      timeZone: 'Europe/Moscow',
      utc: '1990-05-15T08:30:00.000Z',
    });
    // The same place as the named city gives the same chart.
    const named = await chart(20_008, { date: '1990-05-15', time: '12:30', city: 'Москва' });
    expect(res.body.data.planets).toEqual(named.body.data.planets);
    expect(res.body.data.ascendant).toEqual(named.body.data.ascendant);

    const village = await chart(20_007, {
      date: '1990-05-15',
      time: '12:30',
      city: 'Деревня Ивановка',
      latitude: '52,5',
      longitude: '39.1',
      timeZone: 'Europe/Moscow',
    });
    expect(village.status).toBe(200);
    expect(village.body.data.birthData).toMatchObject({ city: 'Деревня Ивановка', latitude: 52.5, longitude: 39.1 });
    // Southern and western hemispheres.
    const rio = await chart(20_007, {
      date: '1990-05-15',
      time: '12:30',
      latitude: -22.9,
      longitude: -43.2,
      timeZone: 'America/Sao_Paulo',
    });
    expect(rio.body.data.birthData.city).toBe('22,90° ю. ш., 43,20° з. д.');

    const bad: [unknown, string][] = [
      [{ date: '1990-05-15', time: '12:30', latitude: 91, longitude: 37, timeZone: 'Europe/Moscow' }, 'latitude: '],
      [{ date: '1990-05-15', time: '12:30', latitude: 55, longitude: 181, timeZone: 'Europe/Moscow' }, 'longitude: '],
      [{ date: '1990-05-15', time: '12:30', latitude: 55, longitude: 37 }, 'timeZone: '],
      [{ date: '1990-05-15', time: '12:30', latitude: 55, longitude: 37, timeZone: 'Mars/Olympus' }, 'timeZone: '],
      [{ date: '1990-05-15', time: '12:30', longitude: 37, timeZone: 'Europe/Moscow' }, 'latitude: '],
      [{ date: '1990-05-15', time: '12:30', latitude: 'north', longitude: 37, timeZone: 'Europe/Moscow' }, 'latitude: '],
    ];
    for (const [body, prefix] of bad) {
      const r = await chart(20_007, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error!.startsWith(prefix), r.body.error).toBe(true);
    }
  });

  it('converts the local time with the zone rules of that date (Moscow before 2011, 2011–2014, after)', async () => {
    const utcOf = async (date: string, time: string, city: string) => {
      const r = await chart(20_009, { date, time, city });
      expect(r.status).toBe(200);
      return [r.body.data.birthData.utc, r.body.data.birthData.utcOffset];
    };
    expect(await utcOf('2010-01-15', '12:00', 'Москва')).toEqual(['2010-01-15T09:00:00.000Z', '+03:00']);
    expect(await utcOf('2010-07-15', '12:00', 'Москва')).toEqual(['2010-07-15T08:00:00.000Z', '+04:00']);
    // Permanent «summer» time, 27 March 2011 – 26 October 2014.
    expect(await utcOf('2012-01-15', '12:00', 'Москва')).toEqual(['2012-01-15T08:00:00.000Z', '+04:00']);
    expect(await utcOf('2015-01-15', '12:00', 'Москва')).toEqual(['2015-01-15T09:00:00.000Z', '+03:00']);
    // No daylight saving in the USSR before 1981.
    expect(await utcOf('1980-06-01', '12:00', 'Москва')).toEqual(['1980-06-01T09:00:00.000Z', '+03:00']);
    // Samara was on Moscow time from March 2010 to March 2011.
    expect(await utcOf('2010-12-01', '12:00', 'Самара')).toEqual(['2010-12-01T09:00:00.000Z', '+03:00']);
    expect(await utcOf('2009-12-01', '12:00', 'Самара')).toEqual(['2009-12-01T08:00:00.000Z', '+04:00']);
    // Kazakhstan went to UTC+5 on 1 March 2024.
    expect(await utcOf('2023-06-01', '12:00', 'Алматы')).toEqual(['2023-06-01T06:00:00.000Z', '+06:00']);
    expect(await utcOf('2024-06-01', '12:00', 'Алматы')).toEqual(['2024-06-01T07:00:00.000Z', '+05:00']);
  });

  it('suggests cities by Russian prefix, ranked by population', async () => {
    const q = async (text: string, limit?: number) => {
      const r = await h.call(20_010, 'GET', `/api/natal/cities?q=${encodeURIComponent(text)}${limit ? `&limit=${limit}` : ''}`);
      expect(r.status).toBe(200);
      return r.body.data.cities as { name: string; label: string; timeZone: string; rank: number }[];
    };
    expect((await q('москва'))[0]).toMatchObject({ name: 'Москва', label: 'Москва, Россия', timeZone: 'Europe/Moscow', rank: 1 });
    expect((await q('Москва'))[0].name).toBe('Москва');
    expect((await q('моск'))[0].name).toBe('Москва');
    expect((await q('орёл'))[0].name).toBe('Орёл');
    expect((await q('орел'))[0].name).toBe('Орёл');
    const k = await q('ка', 10);
    expect(k).toHaveLength(10);
    for (let i = 1; i < k.length; i++) expect(k[i].rank).toBeGreaterThan(k[i - 1].rank);
    expect(await q('Абырвалг')).toEqual([]);
    expect(await q('')).toEqual([]);
    const badLimit = await h.call(20_010, 'GET', '/api/natal/cities?q=мо&limit=0');
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error).toMatch(/^limit: /);
  });

  it('needs a signed identity', async () => {
    expect((await h.call(null, 'GET', '/api/natal/cities?q=мо')).status).toBe(401);
    expect((await h.call(null, 'POST', '/api/natal/chart', { date: '1990-01-01', time: '12:00', city: 'Москва' })).status).toBe(401);
  });

  it('never answers 500 for malformed bodies', async () => {
    for (const body of [
      'not json',
      '[]',
      'null',
      '{"date": {}}',
      JSON.stringify({ date: '1990-01-01', time: '12:00', city: 'x'.repeat(5000) }),
    ]) {
      const r = await h.call(20_011, 'POST', '/api/natal/chart', body);
      expect(r.status, body.slice(0, 40)).toBe(400);
      expect(r.body.success).toBe(false);
    }
  });
});
