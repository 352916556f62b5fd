// domain/text/: the plain building blocks every other folder may use — local days and countdowns, Russian
// dates, numbers and plurals, Roman numerals, the interpretation's markup, a seeded generator, a bounded map and
// the A/B variant hash. Nothing here knows about cards, readings or money.
//
// Local-day arithmetic in a time zone, and the Russian countdown («2 ч 5 мин 3 сек»).
import { BoundedMap } from './bounded-map';
import { pluralRu } from './plural';

/** One day in milliseconds (24 hours of the clock, not a local day). */
export const DAY_MS = 86_400_000;

/** Zones already checked: the push loop checks each due user's zone, and building a formatter is the cost. */
const checkedZones = new BoundedMap<string, boolean>(1000);

/** True when `tz` is an IANA time zone this runtime knows. */
export function isValidTimeZone(tz: string): boolean {
  if (typeof tz !== 'string' || tz.length === 0 || tz.length > 64) return false;
  let valid = checkedZones.get(tz);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      valid = true;
    } catch {
      valid = false;
    }
    checkedZones.set(tz, valid);
  }
  return valid;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(tz, f);
  }
  return f;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function wallClock(instant: Date, tz: string): WallClock {
  const p: Record<string, number> = {};
  for (const part of formatterFor(tz).formatToParts(instant)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar date at `instant` in `tz`, as 'YYYY-MM-DD'. */
export function localDate(instant: Date, tz: string): string {
  return dayWindow(instant, tz).date;
}

function computeLocalDate(instant: Date, tz: string): string {
  const w = wallClock(instant, tz);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

// The local day around the last instant asked for, per zone: every status call asks for today and its
// end, and Intl formatting is the costly part, so it is done once a day per zone.
const dayWindows = new BoundedMap<string, { start: number; end: number; date: string }>(1000);

function dayWindow(instant: Date, tz: string) {
  const t = instant.getTime();
  const cached = dayWindows.get(tz);
  if (cached && t >= cached.start && t < cached.end) return cached;
  const date = computeLocalDate(instant, tz);
  const window = {
    date,
    start: zonedTimeToUtc(date, '00:00', tz).getTime(),
    end: zonedTimeToUtc(addDays(date, 1), '00:00', tz).getTime(),
  };
  dayWindows.set(tz, window);
  return window;
}

/** The UTC instant at which the wall clock in `tz` reads the given local time (DST-aware). */
export function zonedTimeToUtc(date: string, time: string, tz: string): Date {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // Two passes converge across DST changes: guess, measure the zone's offset at the guess, correct.
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const w = wallClock(new Date(guess), tz);
    const shown = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    guess += asUtc - shown;
  }
  return new Date(guess);
}

/** 'YYYY-MM-DD' plus `days`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** The next local midnight in `tz` after `instant`. */
export function nextLocalMidnight(instant: Date, tz: string): Date {
  return new Date(dayWindow(instant, tz).end);
}

/** Milliseconds from `instant` to the next local midnight in `tz`. */
export function msUntilLocalMidnight(instant: Date, tz: string): number {
  return nextLocalMidnight(instant, tz).getTime() - instant.getTime();
}

/**
 * The ticking countdown in Russian units, dropping leading zero units: «2 ч 5 мин 3 сек», «5 мин 0 сек», «3 сек».
 */
export function formatCountdown(ms: number): string {
  const { h, m, s } = split(ms);
  const units: [number, string][] = [
    [h, 'ч'],
    [m, 'мин'],
    [s, 'сек'],
  ];
  const first = units.findIndex(([n]) => n > 0);
  return (first === -1 ? units.slice(2) : units.slice(first)).map(([n, unit]) => `${n} ${unit}`).join(' ');
}

/** A duration in words for a sentence after «через»: «2 часа 5 минут», «1 минуту», «30 секунд». */
export function formatDurationWords(ms: number): string {
  const { h, m, s } = split(ms);
  const words = [
    h > 0 ? `${h} ${pluralRu(h, 'час', 'часа', 'часов')}` : '',
    m > 0 ? `${m} ${pluralRu(m, 'минуту', 'минуты', 'минут')}` : '',
    s > 0 && h === 0 ? `${s} ${pluralRu(s, 'секунду', 'секунды', 'секунд')}` : '',
  ].filter(Boolean);
  return words.length ? words.join(' ') : '0 секунд';
}

function split(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  return { h: Math.floor(total / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 };
}

/** A date in the ru-RU format (dd.mm.yyyy) in `tz`. */
export function formatRuDate(instant: Date | string, tz = 'Europe/Moscow'): string {
  return new Intl.DateTimeFormat('ru-RU', { timeZone: tz, day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(instant));
}
