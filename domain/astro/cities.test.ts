// The shipped city table: size, valid IANA zones, sane coordinates and offsets, and the Russian prefix search.
import { describe, expect, it } from 'vitest';
import { CITIES, cityById, normalizePlaceName, resolveCity, searchCities } from './cities';
import { CITY_ROWS } from './cities-data';
import { isValidTimeZone, wallClock } from '../text/time';

/** The zone's offset from UTC in hours at `instant`. */
function offsetHours(tz: string, instant: Date): number {
  const w = wallClock(instant, tz);
  return (Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - instant.getTime()) / 3_600_000;
}

describe('city table', () => {
  it('has more than 300 cities of Russia and the other CIS countries, each ranked by population', () => {
    expect(CITIES.length).toBeGreaterThanOrEqual(300);
    const countries = new Set(CITIES.map((c) => c.country));
    for (const c of ['Россия', 'Беларусь', 'Казахстан', 'Узбекистан', 'Киргизия', 'Таджикистан', 'Армения', 'Азербайджан', 'Молдова'])
      expect(countries).toContain(c);
    expect(CITIES.filter((c) => c.countryCode === 'RU').length).toBeGreaterThanOrEqual(200);
    CITIES.forEach((c, i) => {
      expect(c.rank).toBe(i + 1);
      if (i > 0) expect(c.population).toBeLessThanOrEqual(CITIES[i - 1].population);
    });
    expect(CITIES[0].name).toBe('Москва');
    expect(CITIES[1].name).toBe('Санкт-Петербург');
  });

  it('gives every city a time zone the runtime Intl knows', () => {
    const zones = new Set(CITIES.map((c) => c.timeZone));
    for (const z of zones) expect(isValidTimeZone(z), z).toBe(true);
    // The regional Russian and Kazakh zones are used, not folded into their neighbours.
    for (const z of [
      'Europe/Kaliningrad',
      'Europe/Samara',
      'Europe/Ulyanovsk',
      'Europe/Astrakhan',
      'Europe/Saratov',
      'Europe/Volgograd',
      'Europe/Kirov',
      'Asia/Yekaterinburg',
      'Asia/Omsk',
      'Asia/Novosibirsk',
      'Asia/Barnaul',
      'Asia/Tomsk',
      'Asia/Novokuznetsk',
      'Asia/Krasnoyarsk',
      'Asia/Irkutsk',
      'Asia/Chita',
      'Asia/Yakutsk',
      'Asia/Vladivostok',
      'Asia/Sakhalin',
      'Asia/Magadan',
      'Asia/Srednekolymsk',
      'Asia/Kamchatka',
      'Asia/Anadyr',
      'Asia/Almaty',
      'Asia/Qostanay',
      'Asia/Aqtobe',
      'Asia/Aqtau',
      'Asia/Atyrau',
      'Asia/Oral',
      'Asia/Qyzylorda',
      'Asia/Tashkent',
      'Asia/Samarkand',
    ])
      expect(zones, z).toContain(z);
  });

  it('has coordinates in range and a zone whose offset fits the longitude (within 2 h of solar time)', () => {
    const now = new Date('2026-01-15T12:00:00Z');
    for (const c of CITIES) {
      expect(Math.abs(c.latitude), c.name).toBeLessThanOrEqual(90);
      expect(Math.abs(c.longitude), c.name).toBeLessThanOrEqual(180);
      // All of these lie between 35° and 70° N and 19° and 178° E.
      expect(c.latitude, c.name).toBeGreaterThan(35);
      expect(c.latitude, c.name).toBeLessThan(70);
      expect(c.longitude, c.name).toBeGreaterThan(19);
      expect(Math.abs(offsetHours(c.timeZone, now) - c.longitude / 15), `${c.name} ${c.timeZone}`).toBeLessThan(2);
    }
  });

  it('puts the cities of known zones in them', () => {
    const zoneOf = (name: string) => searchCities(name, 1)[0]?.timeZone;
    expect(zoneOf('Самара')).toBe('Europe/Samara');
    expect(zoneOf('Ижевск')).toBe('Europe/Samara');
    expect(zoneOf('Ульяновск')).toBe('Europe/Ulyanovsk');
    expect(zoneOf('Саратов')).toBe('Europe/Saratov');
    expect(zoneOf('Волгоград')).toBe('Europe/Volgograd');
    expect(zoneOf('Астрахань')).toBe('Europe/Astrakhan');
    expect(zoneOf('Киров')).toBe('Europe/Kirov');
    expect(zoneOf('Калининград')).toBe('Europe/Kaliningrad');
    expect(zoneOf('Уфа')).toBe('Asia/Yekaterinburg');
    expect(zoneOf('Барнаул')).toBe('Asia/Barnaul');
    expect(zoneOf('Томск')).toBe('Asia/Tomsk');
    expect(zoneOf('Кемерово')).toBe('Asia/Novokuznetsk');
    expect(zoneOf('Улан-Удэ')).toBe('Asia/Irkutsk');
    expect(zoneOf('Чита')).toBe('Asia/Chita');
    expect(zoneOf('Благовещенск')).toBe('Asia/Yakutsk');
    expect(zoneOf('Хабаровск')).toBe('Asia/Vladivostok');
    expect(zoneOf('Южно-Сахалинск')).toBe('Asia/Sakhalin');
    expect(zoneOf('Петропавловск-Камчатский')).toBe('Asia/Kamchatka');
    expect(zoneOf('Костанай')).toBe('Asia/Qostanay');
    expect(zoneOf('Актобе')).toBe('Asia/Aqtobe');
    expect(zoneOf('Уральск')).toBe('Asia/Oral');
  });

  it('has unique ids; namesakes are told apart by their region', () => {
    expect(new Set(CITIES.map((c) => c.id)).size).toBe(CITIES.length);
    expect(new Set(CITIES.map((c) => c.label)).size).toBe(CITIES.length);
    const z = CITIES.filter((c) => c.name === 'Железногорск');
    expect(z.map((c) => c.label)).toEqual(['Железногорск, Курская область, Россия', 'Железногорск, Красноярский край, Россия']);
    expect(cityById('ru-moskva')?.name).toBe('Москва');
    expect(CITY_ROWS.length).toBe(CITIES.length);
  });
});

describe('city search', () => {
  const names = (q: string, limit?: number) => searchCities(q, limit).map((c) => c.name);

  it('finds Moscow by its name in any case and by a prefix', () => {
    expect(names('москва')[0]).toBe('Москва');
    expect(names('Москва')[0]).toBe('Москва');
    expect(names('МОСКВА')[0]).toBe('Москва');
    expect(names('моск')[0]).toBe('Москва');
    expect(names('  мо ')[0]).toBe('Москва');
  });

  it('treats ё and е alike', () => {
    expect(names('орёл')[0]).toBe('Орёл');
    expect(names('орел')[0]).toBe('Орёл');
    expect(names('Королев')[0]).toBe('Королёв');
    expect(names('кишинев')[0]).toBe('Кишинёв');
    expect(normalizePlaceName('Щёлково')).toBe('щелково');
  });

  it('ranks prefix matches by population and finds later words and former names', () => {
    expect(names('нижн', 10).slice(0, 4)).toEqual(
      ['Нижний Новгород', 'Нижнекамск', 'Нижневартовск', 'Нижний Тагил'].sort((a, b) => rankOf(a) - rankOf(b)),
    );
    expect(names('ростов на дону')[0]).toBe('Ростов-на-Дону');
    expect(names('ростов-на')[0]).toBe('Ростов-на-Дону');
    expect(names('петербург')[0]).toBe('Санкт-Петербург');
    expect(names('ленинград')[0]).toBe('Санкт-Петербург');
    expect(names('алма-ата')[0]).toBe('Алматы');
    expect(names('новгород')).toEqual(expect.arrayContaining(['Нижний Новгород', 'Великий Новгород']));
    // An exact name beats a longer, more populous prefix match.
    expect(names('Ош')[0]).toBe('Ош');
  });

  it('finds nothing, without error, for an unknown prefix or an empty query', () => {
    expect(searchCities('Абырвалг')).toEqual([]);
    expect(searchCities('qwerty')).toEqual([]);
    expect(searchCities('')).toEqual([]);
    expect(searchCities('   ')).toEqual([]);
    expect(searchCities('%_*')).toEqual([]);
  });

  it('limits the suggestions', () => {
    expect(searchCities('к', 5)).toHaveLength(5);
    expect(searchCities('к', 500).length).toBeLessThanOrEqual(20);
  });
});

describe('resolving the form city', () => {
  it('accepts a label, a bare name, a former name or an id', () => {
    expect(resolveCity('Москва, Россия')?.id).toBe('ru-moskva');
    expect(resolveCity('москва')?.id).toBe('ru-moskva');
    expect(resolveCity('Ленинград')?.name).toBe('Санкт-Петербург');
    expect(resolveCity('Орел')?.name).toBe('Орёл');
    expect(resolveCity('ru-moskva')?.name).toBe('Москва');
  });

  it('picks the namesake the region names, else the most populous one', () => {
    expect(resolveCity('Железногорск')?.region).toBe('Курская область');
    expect(resolveCity('Железногорск, Красноярский край, Россия')?.timeZone).toBe('Asia/Krasnoyarsk');
    expect(resolveCity('Железногорск, Красноярский')?.timeZone).toBe('Asia/Krasnoyarsk');
  });

  it('refuses unknown places and a wrong country', () => {
    expect(resolveCity('Атлантида')).toBeUndefined();
    expect(resolveCity('Москва, Казахстан')).toBeUndefined();
    expect(resolveCity('')).toBeUndefined();
  });
});

function rankOf(name: string): number {
  return CITIES.find((c) => c.name === name)!.rank;
}
