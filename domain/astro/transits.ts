// Transits: where the Sun, Mars and the slow planets (Jupiter … Pluto) stand against the natal chart's points
// over the next 30 days, and the Moon's phases. Pure: positions come from astronomy-engine (geocentric apparent
// ecliptic longitudes of date, as natal.ts computes the chart), the days are the user's local days, sampled at
// local noon. Orbs and what counts are in docs/decisions.md («Транзиты»).
import * as Astronomy from 'astronomy-engine';
import { addDays, zonedTimeToUtc } from '../text/time';
import { dayRangeRu } from './transit-dates';
import { signAt } from './zodiac';

const TRANSIT_DAYS = 30;

const TRANSIT_BODIES = ['sun', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'] as const;
export type TransitBody = (typeof TRANSIT_BODIES)[number];

const BODY: Record<TransitBody, { body: Astronomy.Body; name: string; orb: number; scanDays: number }> = {
  // scanDays: how far before and after the window a transit's start and end are looked for (slow planets'
  // transits, retrogrades included, last months; a date beyond is given as the scan's edge).
  sun: { body: Astronomy.Body.Sun, name: 'Солнце', orb: 2, scanDays: 5 },
  mars: { body: Astronomy.Body.Mars, name: 'Марс', orb: 2, scanDays: 90 },
  jupiter: { body: Astronomy.Body.Jupiter, name: 'Юпитер', orb: 2, scanDays: 240 },
  saturn: { body: Astronomy.Body.Saturn, name: 'Сатурн', orb: 2, scanDays: 300 },
  uranus: { body: Astronomy.Body.Uranus, name: 'Уран', orb: 1.5, scanDays: 300 },
  neptune: { body: Astronomy.Body.Neptune, name: 'Нептун', orb: 1.5, scanDays: 300 },
  pluto: { body: Astronomy.Body.Pluto, name: 'Плутон', orb: 1.5, scanDays: 300 },
};

const ASPECTS = {
  conjunction: { angle: 0, name: 'соединение', phrase: 'в соединении с' },
  sextile: { angle: 60, name: 'секстиль', phrase: 'в секстиле к' },
  square: { angle: 90, name: 'квадрат', phrase: 'в квадрате к' },
  trine: { angle: 120, name: 'трин', phrase: 'в трине к' },
  opposition: { angle: 180, name: 'оппозиция', phrase: 'в оппозиции к' },
} as const;
type AspectKey = keyof typeof ASPECTS;
/** A sextile is the weakest major aspect: its orb is half a degree tighter. */
const SEXTILE_ORB_LESS = 0.5;

export type NatalPointKey = 'sun' | 'moon' | 'mercury' | 'venus' | 'mars' | 'ascendant' | 'midheaven';
export interface NatalPoint {
  key: NatalPointKey;
  /** «Солнце», «Асцендент». */
  name: string;
  longitude: number;
}

/** Favourable (trines, sextiles, the Sun's and Jupiter's conjunctions) or tense (the rest). */
type TransitNature = 'easy' | 'hard';

export interface Transit {
  body: TransitBody;
  bodyName: string;
  aspect: AspectKey;
  aspectName: string;
  point: NatalPointKey;
  pointName: string;
  /** «Юпитер в трине к Солнцу». */
  title: string;
  /** Local days 'YYYY-MM-DD': in orb from, closest, in orb until (inclusive). */
  start: string;
  exact: string;
  end: string;
  nature: TransitNature;
  /** One line of meaning. */
  meaning: string;
}

export interface MoonPhase {
  /** 0 new, 1 first quarter, 2 full, 3 last quarter. */
  quarter: 0 | 1 | 2 | 3;
  name: string;
  date: string;
  /** The Moon's sign at the phase, «в Близнецах». */
  inSign: string;
  /** The natal point within 3° of the Moon at the phase (its name), or null. */
  touches: string | null;
  meaning: string;
}

export interface TransitForecast {
  from: string;
  to: string;
  transits: Transit[];
  moonPhases: MoonPhase[];
}

const norm360 = (deg: number) => ((deg % 360) + 360) % 360;

/** Geocentric apparent ecliptic longitude of date, degrees [0, 360). */
export function bodyLongitude(body: TransitBody, utc: Date): number {
  const t = Astronomy.MakeTime(utc);
  if (body === 'sun') return norm360(Astronomy.SunPosition(t).elon);
  return norm360(Astronomy.Ecliptic(Astronomy.GeoVector(BODY[body].body, t, true)).elon);
}

/** The midheaven (MC): the ecliptic point on the meridian, from the local sidereal time (RAMC) and the obliquity. */
export function midheavenFromSidereal(ramcDeg: number, obliquity: number): number {
  const r = (ramcDeg * Math.PI) / 180;
  const e = (obliquity * Math.PI) / 180;
  return norm360((Math.atan2(Math.sin(r), Math.cos(r) * Math.cos(e)) * 180) / Math.PI);
}

const MEANING: Record<TransitBody, Record<TransitNature | 'conjunction', string>> = {
  sun: { conjunction: 'Новый личный цикл, вы в центре внимания', easy: 'Прилив сил и ясности', hard: 'Силы на пределе: не распыляйтесь' },
  mars: {
    conjunction: 'Много энергии и нетерпения',
    easy: 'Энергия для решительных шагов',
    hard: 'Горячность и спешка: считайте до десяти',
  },
  jupiter: {
    conjunction: 'Время роста и щедрых возможностей',
    easy: 'Удачный момент для роста и новых возможностей',
    hard: 'Соблазн взять лишнее: берите по силам',
  },
  saturn: {
    conjunction: 'Время взрослых решений и ответственности',
    easy: 'Хорошо для дисциплины и долгих планов',
    hard: 'Проверка на прочность: терпение окупится',
  },
  uranus: {
    conjunction: 'Пора перемен и внезапных поворотов',
    easy: 'Свежие идеи и неожиданные шансы',
    hard: 'Встряски и перемены: держите запасной план',
  },
  neptune: {
    conjunction: 'Тонкое время мечты и сомнений',
    easy: 'Вдохновение и сильная интуиция',
    hard: 'Туман и иллюзии: проверяйте факты',
  },
  pluto: {
    conjunction: 'Глубокое обновление, старое уходит',
    easy: 'Глубокая сила для перемен',
    hard: 'Давление и перемены вглубь: отпустите старое',
  },
};

const AREA: Record<NatalPointKey, string> = {
  sun: 'в том, что касается вас самих и ваших целей',
  moon: 'в чувствах, доме и близких',
  mercury: 'в делах, учёбе и разговорах',
  venus: 'в любви, дружбе и деньгах',
  mars: 'в делах, где нужен напор',
  ascendant: 'в том, как вас видят другие',
  midheaven: 'в работе и призвании',
};

/** Dative of the natal points after «к»: «к Солнцу», «к Асценденту». */
const TO_POINT: Record<NatalPointKey, string> = {
  sun: 'Солнцу',
  moon: 'Луне',
  mercury: 'Меркурию',
  venus: 'Венере',
  mars: 'Марсу',
  ascendant: 'Асценденту',
  midheaven: 'MC (Середине неба)',
};
const WITH_POINT: Record<NatalPointKey, string> = {
  sun: 'Солнцем',
  moon: 'Луной',
  mercury: 'Меркурием',
  venus: 'Венерой',
  mars: 'Марсом',
  ascendant: 'Асцендентом',
  midheaven: 'MC (Серединой неба)',
};

function natureOf(body: TransitBody, aspect: AspectKey): TransitNature {
  if (aspect === 'trine' || aspect === 'sextile') return 'easy';
  if (aspect === 'conjunction') return body === 'sun' || body === 'jupiter' ? 'easy' : 'hard';
  return 'hard';
}

function transitTitle(body: TransitBody, aspect: AspectKey, point: NatalPointKey): string {
  const target = aspect === 'conjunction' ? WITH_POINT[point] : TO_POINT[point];
  return `${BODY[body].name} ${ASPECTS[aspect].phrase} ${target}`;
}

/** |separation − aspect angle| in degrees, for a transit at `lon` to a natal point at `natal`. */
function offOrb(lon: number, natal: number, angle: number): number {
  const sep = Math.abs(norm360(lon - natal + 180) - 180);
  return Math.abs(sep - angle);
}

/** The runs of consecutive days in orb that reach into [from, to]: each with its closest day. */
function runs(days: string[], off: number[], orb: number, from: string, to: string) {
  const found: { start: string; exact: string; end: string }[] = [];
  let i = 0;
  while (i < days.length) {
    if (off[i] > orb) {
      i++;
      continue;
    }
    let best = i;
    let j = i;
    while (j + 1 < days.length && off[j + 1] <= orb) {
      j++;
      if (off[j] < off[best]) best = j;
    }
    if (days[j] >= from && days[i] <= to) found.push({ start: days[i], exact: days[best], end: days[j] });
    i = j + 1;
  }
  return found;
}

const DAY_MS = 86_400_000;

/**
 * Every day from `first` to `last` ('YYYY-MM-DD', both included), stepped in UTC milliseconds: a slow planet's
 * scan is hundreds of days in each forecast, and a date parsed and formatted twice a day was most of its time.
 */
function dayList(first: string, last: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= end; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

function bodyTransits(body: TransitBody, points: readonly NatalPoint[], from: string, to: string, timeZone: string): Transit[] {
  const info = BODY[body];
  const days = dayList(addDays(from, -info.scanDays), addDays(to, info.scanDays));
  // Local noon by the zone's offset on the window's first day: an hour of daylight saving moves no body
  // enough to change a day, and one Intl call instead of hundreds keeps the list cheap.
  const offset = Date.parse(`${from}T12:00:00Z`) - zonedTimeToUtc(from, '12:00', timeZone).getTime();
  const lons = days.map((d) => bodyLongitude(body, new Date(Date.parse(`${d}T12:00:00Z`) - offset)));
  const out: Transit[] = [];
  for (const p of points) {
    for (const aspect of Object.keys(ASPECTS) as AspectKey[]) {
      const orb = aspect === 'sextile' ? info.orb - SEXTILE_ORB_LESS : info.orb;
      const off = lons.map((l) => offOrb(l, p.longitude, ASPECTS[aspect].angle));
      for (const r of runs(days, off, orb, from, to)) {
        const nature = natureOf(body, aspect);
        out.push({
          body,
          bodyName: info.name,
          aspect,
          aspectName: ASPECTS[aspect].name,
          point: p.key,
          pointName: p.name,
          title: transitTitle(body, aspect, p.key),
          ...r,
          nature,
          meaning: `${MEANING[body][aspect === 'conjunction' ? 'conjunction' : nature]} — ${AREA[p.key]}.`,
        });
      }
    }
  }
  return out;
}

const PHASES = [
  { name: 'Новолуние', meaning: 'Время начинать и загадывать: посейте то, что хотите вырастить.' },
  { name: 'Первая четверть', meaning: 'Время действовать и преодолевать первые препятствия.' },
  { name: 'Полнолуние', meaning: 'Время итогов и ясности: многое становится видно.' },
  { name: 'Последняя четверть', meaning: 'Время отпускать, завершать и наводить порядок.' },
] as const;
/** A phase «touches» a natal point when the Moon stands this close to it. */
const PHASE_TOUCH_ORB = 3;

function moonPhases(points: readonly NatalPoint[], from: string, to: string, timeZone: string, localDay: (d: Date) => string): MoonPhase[] {
  const end = zonedTimeToUtc(addDays(to, 1), '00:00', timeZone);
  const out: MoonPhase[] = [];
  let q = Astronomy.SearchMoonQuarter(zonedTimeToUtc(from, '00:00', timeZone));
  while (q.time.date < end) {
    const moon = norm360(Astronomy.EclipticGeoMoon(q.time).lon);
    const near = points.find((p) => offOrb(moon, p.longitude, 0) <= PHASE_TOUCH_ORB);
    const phase = PHASES[q.quarter];
    out.push({
      quarter: q.quarter as MoonPhase['quarter'],
      name: phase.name,
      date: localDay(q.time.date),
      inSign: `Луна ${signAt(moon).inSign}`,
      touches: near ? near.name : null,
      meaning: near ? `${phase.meaning} Луна рядом с вашей натальной точкой (${near.name}): это особенно ощутимо.` : phase.meaning,
    });
    q = Astronomy.NextMoonQuarter(q);
  }
  return out;
}

/**
 * The transits to `points` in force on any of the `days` local days from `today` (in `timeZone`), the slow
 * planets first, then by start; and the Moon's phases in those days. `localDay` turns an instant into the
 * user's local day (time.ts's localDate, passed in so this stays a pure function of its arguments).
 */
export function transitForecast(
  points: readonly NatalPoint[],
  today: string,
  timeZone: string,
  localDay: (d: Date) => string,
  days = TRANSIT_DAYS,
): TransitForecast {
  const to = addDays(today, days - 1);
  const order = (b: TransitBody) => -TRANSIT_BODIES.indexOf(b);
  const transits = TRANSIT_BODIES.flatMap((b) => bodyTransits(b, points, today, to, timeZone)).sort(
    (a, b) => order(a.body) - order(b.body) || a.start.localeCompare(b.start) || a.exact.localeCompare(b.exact),
  );
  return { from: today, to, transits, moonPhases: moonPhases(points, today, to, timeZone, localDay) };
}

/** The later / earlier of two local days 'YYYY-MM-DD' (they sort as text). */
const laterDay = (a: string, b: string) => (a.localeCompare(b) >= 0 ? a : b);
const earlierDay = (a: string, b: string) => (a.localeCompare(b) <= 0 ? a : b);

/** The favourable transit that opens soonest (one already in force counts from today), or null. */
function nextFavourableWindow(forecast: TransitForecast): Transit | null {
  const easy = forecast.transits.filter((t) => t.nature === 'easy');
  const from = (t: Transit) => laterDay(t.start, forecast.from);
  return easy.sort((a, b) => from(a).localeCompare(from(b)) || a.end.localeCompare(b.end))[0] ?? null;
}

/** The one line a timing question's reading adds: «По транзитам: …». Null without a favourable window. */
export function favourableWindowLine(forecast: TransitForecast): string | null {
  const t = nextFavourableWindow(forecast);
  if (!t) return null;
  const window = dayRangeRu(laterDay(t.start, forecast.from), earlierDay(t.end, forecast.to));
  return `По транзитам: ближайшее благоприятное окно — ${window} (${t.title}).`;
}
