// Birthplaces: the shipped city table, ranked by population, searched by Russian prefix (ё = е,
// case-insensitive, hyphens = spaces) and resolved from the label the form sends back.
import { CITY_ROWS, COUNTRY_NAMES, type CountryCode } from './cities-data';

export interface City {
  /** Stable slug, e.g. `ru-moskva`, `ru-zheleznogorsk-krasnoyarskiy-kray`. */
  id: string;
  name: string;
  /** Russian region (empty outside Russia). */
  region: string;
  country: string;
  countryCode: CountryCode;
  latitude: number;
  longitude: number;
  timeZone: string;
  /** Approximate population. */
  population: number;
  /** 1 = the most populous city of the table. */
  rank: number;
  /** What the form shows and sends back: «Москва, Россия», «Железногорск, Курская область, Россия». */
  label: string;
  /** Former and alternative names. */
  altNames: string[];
}

/** Lower case, ё → е, hyphens and repeated spaces → one space. */
export function normalizePlaceName(s: string): string {
  return s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\u2010-\u2015-]/g, ' ')
    .replace(/[.,()«»"']/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};
const slug = (s: string) =>
  [...s.toLowerCase()]
    .map((ch) => TRANSLIT[ch] ?? (/[a-z0-9]/.test(ch) ? ch : '-'))
    .join('')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

function build(): City[] {
  const nameCount = new Map<string, number>();
  for (const [name, , cc] of CITY_ROWS) nameCount.set(`${cc}:${name}`, (nameCount.get(`${cc}:${name}`) ?? 0) + 1);
  const cities = CITY_ROWS.map(([name, region, cc, latitude, longitude, timeZone, popK, alt]): Omit<City, 'rank'> => {
    const duplicate = (nameCount.get(`${cc}:${name}`) ?? 0) > 1;
    const country = COUNTRY_NAMES[cc];
    return {
      id: `${cc.toLowerCase()}-${slug(name)}${duplicate ? `-${slug(region)}` : ''}`,
      name,
      region,
      country,
      countryCode: cc,
      latitude,
      longitude,
      timeZone,
      population: popK * 1000,
      // The region tells apart namesakes (the two Железногорск); elsewhere the country is enough.
      label: duplicate && region ? `${name}, ${region}, ${country}` : `${name}, ${country}`,
      altNames: alt
        ? alt
            .split(';')
            .map((a) => a.trim())
            .filter(Boolean)
        : [],
    };
  });
  // Stable sort: equal populations keep the table's order.
  return cities
    .map((c, i) => ({ c, i }))
    .sort((a, b) => b.c.population - a.c.population || a.i - b.i)
    .map(({ c }, i) => ({ ...c, rank: i + 1 }));
}

/** Every city, most populous first. */
export const CITIES: readonly City[] = build();

const BY_ID = new Map(CITIES.map((c) => [c.id, c]));

interface IndexEntry {
  city: City;
  name: string;
  words: string[];
  alts: string[];
  altWords: string[];
}

const INDEX: IndexEntry[] = CITIES.map((city) => {
  const name = normalizePlaceName(city.name);
  const alts = city.altNames.map(normalizePlaceName);
  return {
    city,
    name,
    words: name.split(' ').slice(1),
    alts,
    altWords: alts.flatMap((a) => a.split(' ').slice(1)),
  };
});

export const CITY_SEARCH_MAX = 20;

/**
 * Cities whose name (or a former name, or a later word of the name: «новгород» finds «Нижний Новгород»)
 * starts with `query`. Order: exact names, then name prefixes, then the rest; within each, by population.
 */
export function searchCities(query: string, limit = 10): City[] {
  const q = normalizePlaceName(query ?? '');
  if (!q) return [];
  const n = Math.max(1, Math.min(CITY_SEARCH_MAX, Math.floor(limit) || 10));
  const scored: { city: City; score: number }[] = [];
  for (const e of INDEX) {
    let score = -1;
    if (e.name === q) score = 0;
    else if (e.name.startsWith(q)) score = 1;
    else if (e.alts.some((a) => a === q || a.startsWith(q))) score = 2;
    else if (e.words.some((w) => w.startsWith(q)) || e.altWords.some((w) => w.startsWith(q))) score = 3;
    if (score >= 0) scored.push({ city: e.city, score });
  }
  // INDEX is already in population order, and sort is stable.
  scored.sort((a, b) => a.score - b.score);
  return scored.slice(0, n).map((s) => s.city);
}

export function cityById(id: string): City | undefined {
  return BY_ID.get(id);
}

/**
 * The city a free-text label names: a label or id the suggestions gave, «Name, Country», «Name, Region»,
 * or a bare name (or a former name) — the most populous namesake then. Undefined when nothing matches.
 */
export function resolveCity(label: string): City | undefined {
  const raw = (label ?? '').trim();
  if (!raw) return undefined;
  const byId = BY_ID.get(raw);
  if (byId) return byId;
  const full = normalizePlaceName(raw);
  const byLabel = INDEX.find((e) => normalizePlaceName(e.city.label) === full);
  if (byLabel) return byLabel.city;
  const [head, ...rest] = raw.split(',');
  const name = normalizePlaceName(head);
  const qualifiers = rest.map(normalizePlaceName).filter(Boolean);
  const candidates = INDEX.filter((e) => e.name === name || e.alts.includes(name));
  if (candidates.length === 0) return undefined;
  const fits = candidates.filter((e) =>
    qualifiers.every(
      (q) =>
        normalizePlaceName(e.city.country) === q ||
        normalizePlaceName(e.city.region) === q ||
        normalizePlaceName(e.city.region).startsWith(q),
    ),
  );
  if (qualifiers.length > 0 && fits.length === 0) return undefined;
  const pool = fits.length ? fits : candidates;
  return (pool.find((e) => e.name === name) ?? pool[0]).city;
}
