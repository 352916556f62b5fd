// domain/astro/: the sky — the natal chart, zodiac signs, synastry for two, and the cities a birth place is
// chosen from. It knows nothing of cards or readings; the reading's prompts read it.
//
// Natal chart maths over astronomy-engine: geocentric apparent ecliptic longitudes of date for the Sun,
// the Moon, Mercury, Venus and Mars, and the ascendant from local sidereal time, latitude and the true
// obliquity of date. Pure: the caller converts the local birth time to UTC (time.ts).
import * as Astronomy from 'astronomy-engine';
import { ELEMENT_TEXTS, NATAL_DISCLAIMER, PLACEMENT_TEXTS, type PlacementKey } from './natal-texts';
import {
  ASCENDANT,
  ELEMENT_NAMES,
  ELEMENTS,
  formatDegree,
  PLANET_KEYS,
  PLANETS,
  signAt,
  type ElementKey,
  type PlanetKey,
  type SignKey,
} from './zodiac';

const RAD = Math.PI / 180;
const norm360 = (deg: number) => ((deg % 360) + 360) % 360;

/** Geocentric apparent ecliptic longitudes (true equinox of date), degrees in [0, 360). */
export function planetLongitudes(utc: Date): Record<PlanetKey, number> {
  const t = Astronomy.MakeTime(utc);
  const of = (body: Astronomy.Body) => norm360(Astronomy.Ecliptic(Astronomy.GeoVector(body, t, true)).elon);
  return {
    sun: norm360(Astronomy.SunPosition(t).elon),
    moon: norm360(Astronomy.EclipticGeoMoon(t).lon),
    mercury: of(Astronomy.Body.Mercury),
    venus: of(Astronomy.Body.Venus),
    mars: of(Astronomy.Body.Mars),
  };
}

/** Local apparent sidereal time in degrees (the right ascension of the meridian, RAMC). */
export function localSiderealDegrees(utc: Date, longitude: number): number {
  return norm360(Astronomy.SiderealTime(utc) * 15 + longitude);
}

/** The true obliquity of the ecliptic of date, degrees. */
export function obliquityOfDate(utc: Date): number {
  return Astronomy.e_tilt(Astronomy.MakeTime(utc)).tobl;
}

/**
 * The ascendant: the point of the ecliptic rising on the eastern horizon, from the standard formula
 * λ = atan2(cos θ, −(sin θ·cos ε + tan φ·sin ε)) with θ the local sidereal time. Of the two points
 * where the horizon cuts the ecliptic, the eastern one (negative hour angle) is taken, which keeps the
 * answer right in polar latitudes too, where the formula's branch can land on the setting point.
 */
export function ascendantFromSidereal(lstDeg: number, latitude: number, obliquity: number): number {
  const th = lstDeg * RAD;
  const eps = obliquity * RAD;
  const phi = Math.max(-89.999, Math.min(89.999, latitude)) * RAD;
  let lambda = norm360(Math.atan2(Math.cos(th), -(Math.sin(th) * Math.cos(eps) + Math.tan(phi) * Math.sin(eps))) / RAD);
  const l = lambda * RAD;
  const ra = Math.atan2(Math.sin(l) * Math.cos(eps), Math.cos(l));
  const hourAngle = th - ra;
  if (Math.sin(hourAngle) > 0) lambda = norm360(lambda + 180);
  return lambda;
}

export function ascendantLongitude(utc: Date, latitude: number, longitude: number): number {
  return ascendantFromSidereal(localSiderealDegrees(utc, longitude), latitude, obliquityOfDate(utc));
}

export interface Placement {
  key: PlanetKey | 'ascendant';
  /** «Солнце», «Асцендент». */
  name: string;
  /** The planet's glyph (☉ ☽ ☿ ♀ ♂), «Асц» for the ascendant (Russian, as every other label). */
  symbol: string;
  /** Ecliptic longitude, degrees [0, 360). */
  longitude: number;
  /** The sign's Russian name, «Козерог». */
  sign: string;
  signKey: SignKey;
  signSymbol: string;
  /** Degrees within the sign [0, 30), two decimals, never rounded up into the next sign. */
  degree: number;
  /** «12°20′». */
  degreeText: string;
  /** The element's Russian name: Огонь, Земля, Воздух, Вода. */
  element: string;
  elementKey: ElementKey;
}

export interface NatalCard {
  key: PlacementKey | 'element';
  /** «Солнце в Козероге». */
  title: string;
  /** «суть личности». */
  subtitle: string;
  text: string;
}

export interface NatalChartCore {
  planets: Placement[];
  /** Null when the birth time is unknown: the rising point turns through every sign in a day. */
  ascendant: Placement | null;
  sunSign: string;
  moonSign: string;
  risingSign: string | null;
  /** Said instead of the ascendant and the houses when the birth time is unknown; null with a time. */
  timeNote: string | null;
  dominantElement: string;
  cards: NatalCard[];
  disclaimer: string;
}

function placement(key: Placement['key'], name: string, symbol: string, longitude: number): Placement {
  const lon = norm360(longitude);
  const s = signAt(lon);
  const within = lon - Math.min(11, Math.floor(lon / 30)) * 30;
  const degree = Math.min(29.99, Math.floor(within * 100) / 100);
  return {
    key,
    name,
    symbol,
    longitude: Math.round(lon * 1e4) / 1e4,
    sign: s.name,
    signKey: s.key,
    signSymbol: s.symbol,
    degree,
    degreeText: formatDegree(within),
    element: ELEMENT_NAMES[s.element],
    elementKey: s.element,
  };
}

/** The element most placements fall in (Sun, Moon and ascendant count double); ties go to the Sun's. */
function dominantElement(planets: Placement[], ascendant: Placement | null): ElementKey {
  const score: Record<ElementKey, number> = { fire: 0, earth: 0, air: 0, water: 0 };
  for (const p of ascendant ? [...planets, ascendant] : planets)
    score[p.elementKey] += p.key === 'sun' || p.key === 'moon' || p.key === 'ascendant' ? 2 : 1;
  const sunElement = planets[0].elementKey;
  return ELEMENTS.reduce((best, e) => (score[e] > score[best] ? e : best), sunElement);
}

/** What the chart says in place of the ascendant and the houses when the birth time is unknown. */
const NO_TIME_NOTE =
  'Время рождения неизвестно, поэтому асцендент и дома не рассчитаны: они меняются каждые несколько минут. Положения планет даны на полдень дня рождения; Луна за сутки проходит около 13°, и её знак на границе может оказаться соседним.';

/**
 * The chart for a birth instant (UTC) at a place. Without a known time (`timeKnown` false, the instant the
 * day's noon) the chart has no ascendant and says so.
 */
export function computeChart(utc: Date, latitude: number, longitude: number, timeKnown = true): NatalChartCore {
  const lons = planetLongitudes(utc);
  const planets = PLANET_KEYS.map((k) => placement(k, PLANETS[k].name, PLANETS[k].symbol, lons[k]));
  const ascendant = timeKnown
    ? placement('ascendant', ASCENDANT.name, ASCENDANT.symbol, ascendantLongitude(utc, latitude, longitude))
    : null;
  const [sun, moon] = planets;
  const card = (p: Placement, subtitle: string): NatalCard => ({
    key: p.key,
    title: `${p.name} ${signAt(p.longitude).inSign}`,
    subtitle,
    text: PLACEMENT_TEXTS[p.signKey][p.key],
  });
  const element = dominantElement(planets, ascendant);
  const cards: NatalCard[] = [
    card(sun, PLANETS.sun.theme),
    card(moon, PLANETS.moon.theme),
    ...(ascendant ? [card(ascendant, ASCENDANT.theme)] : []),
    ...planets.slice(2).map((p) => card(p, PLANETS[p.key as PlanetKey].theme)),
    { key: 'element', title: `Стихия: ${ELEMENT_NAMES[element]}`, subtitle: 'баланс карты', text: ELEMENT_TEXTS[element] },
  ];
  return {
    planets,
    ascendant,
    sunSign: sun.sign,
    moonSign: moon.sign,
    risingSign: ascendant?.sign ?? null,
    timeNote: ascendant ? null : NO_TIME_NOTE,
    dominantElement: ELEMENT_NAMES[element],
    cards,
    disclaimer: NATAL_DISCLAIMER,
  };
}
