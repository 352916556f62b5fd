// Transits against published ephemeris positions, and the transit list for fixed natal points around moments
// whose positions are published (so its dates are known without trusting the code under test).
import { describe, expect, it } from 'vitest';
import { localDate } from '../text/time';
import { dayRangeRu } from './transit-dates';
import { bodyLongitude, favourableWindowLine, midheavenFromSidereal, transitForecast, type NatalPoint, type TransitBody } from './transits';

const arc = (a: number, b: number) => {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return Math.min(d, 360 - d);
};

/**
 * Published positions (geocentric apparent ecliptic longitude of date):
 * - Meeus, «Astronomical Algorithms» (2nd ed., 1998): example 25.b, the Sun on 1992-10-13 0h TD,
 *   λ = 199°54′21.82″ (VSOP87); example 33.a, Venus on 1992-12-20 0h TD, λ = 313.08102°. TD − UT was 59 s.
 * - USNO, «Earth's Seasons and Apsides» 2024 (aa.usno.navy.mil/data/Earth_Seasons): the equinoxes and
 *   solstices, when the Sun's apparent longitude is 0°, 90°, 180°, 270°: Mar 20 03:06, Jun 20 20:51,
 *   Sep 22 12:44, Dec 21 09:20 UT.
 * - Saturn's ingresses (astro.com's Swiss Ephemeris tables, «Saturn enters…»): Aquarius (300°) on 2020-12-17
 *   05:04 UT, Pisces (330°) on 2023-03-07 13:34 UT; the great conjunction of Jupiter and Saturn on
 *   2020-12-21 18:20 UT at 0°29′ Aquarius (300.48°).
 */
const PUBLISHED: { body: TransitBody | 'venus'; utc: string; longitude: number; tolerance: number }[] = [
  { body: 'sun', utc: '1992-10-12T23:59:01Z', longitude: 199 + 54 / 60 + 21.82 / 3600, tolerance: 0.003 },
  { body: 'sun', utc: '2024-03-20T03:06:00Z', longitude: 0, tolerance: 0.01 },
  { body: 'sun', utc: '2024-06-20T20:51:00Z', longitude: 90, tolerance: 0.01 },
  { body: 'sun', utc: '2024-09-22T12:44:00Z', longitude: 180, tolerance: 0.01 },
  { body: 'sun', utc: '2024-12-21T09:20:00Z', longitude: 270, tolerance: 0.01 },
  { body: 'saturn', utc: '2020-12-17T05:04:00Z', longitude: 300, tolerance: 0.01 },
  { body: 'saturn', utc: '2023-03-07T13:34:00Z', longitude: 330, tolerance: 0.01 },
  { body: 'saturn', utc: '2020-12-21T18:20:00Z', longitude: 300 + 29 / 60, tolerance: 0.02 },
  { body: 'jupiter', utc: '2020-12-21T18:20:00Z', longitude: 300 + 29 / 60, tolerance: 0.02 },
];

describe('transiting positions', () => {
  it.each(PUBLISHED.filter((p) => p.body !== 'venus'))('$body at $utc is at $longitude°', (p) => {
    expect(arc(bodyLongitude(p.body as TransitBody, new Date(p.utc)), p.longitude)).toBeLessThan(p.tolerance);
  });

  it('the midheaven is the meridian point: 0° at RAMC 0°, 90° at RAMC 90°, and tilts between', () => {
    expect(midheavenFromSidereal(0, 23.44)).toBeCloseTo(0, 6);
    expect(midheavenFromSidereal(90, 23.44)).toBeCloseTo(90, 6);
    expect(midheavenFromSidereal(270, 23.44)).toBeCloseTo(270, 6);
    // RAMC 30°: tan λ = tan 30° / cos ε (Meeus 13.5 with δ = 0) → 32.2°.
    expect(midheavenFromSidereal(30, 23.44)).toBeCloseTo(32.2, 1);
  });
});

const utcDay = (d: Date) => localDate(d, 'UTC');

describe('transit list', () => {
  it("the Sun's conjunction and square to fixed points span the March equinox's days", () => {
    // The Sun crosses 0° on 2024-03-20 03:06 UT and moves ~1°/day, sampled at noon: in the 2° orb from the 18th
    // (−1.6°) to the 21st (+1.4°), closest on the 20th (+0.4°).
    const points: NatalPoint[] = [
      { key: 'moon', name: 'Луна', longitude: 0 },
      { key: 'venus', name: 'Венера', longitude: 270 },
    ];
    const f = transitForecast(points, '2024-03-10', 'UTC', utcDay);
    const sun = f.transits.filter((t) => t.body === 'sun');
    expect(sun.map((t) => [t.aspect, t.point, t.start, t.exact, t.end])).toEqual([
      ['conjunction', 'moon', '2024-03-18', '2024-03-20', '2024-03-21'],
      ['square', 'venus', '2024-03-18', '2024-03-20', '2024-03-21'],
    ]);
    expect(sun[0].title).toBe('Солнце в соединении с Луной');
    expect(sun[1].title).toBe('Солнце в квадрате к Венере');
    expect(sun[1].nature).toBe('hard');
    expect(sun[0].meaning).toMatch(/в чувствах, доме и близких\.$/);
  });

  it('the great conjunction of 2020 is exact on the 21st for Jupiter and Saturn on a natal Sun at 0°29′ Aquarius', () => {
    const f = transitForecast([{ key: 'sun', name: 'Солнце', longitude: 300 + 29 / 60 }], '2020-12-10', 'UTC', utcDay);
    const conj = (b: TransitBody) => f.transits.find((t) => t.body === b && t.aspect === 'conjunction');
    expect(conj('jupiter')?.exact).toBe('2020-12-21');
    expect(conj('saturn')?.exact).toBe('2020-12-21');
    expect(conj('jupiter')?.nature).toBe('easy');
    expect(conj('saturn')?.nature).toBe('hard');
    // Slow planets are listed before the Sun.
    expect(f.transits.findIndex((t) => t.body === 'saturn')).toBeLessThan(
      Math.max(
        0,
        f.transits.findIndex((t) => t.body === 'sun'),
      ) + 1,
    );
  });

  it("lists the Moon's quarters of the 30 days with their local dates", () => {
    const f = transitForecast([], '2026-12-01', 'UTC', utcDay);
    // astronomy-engine's quarters for December 2026 (last quarter Dec 1, new Dec 9, first Dec 17, full Dec 24, last Dec 30).
    expect(f.moonPhases.map((p) => [p.name, p.date])).toEqual([
      ['Последняя четверть', '2026-12-01'],
      ['Новолуние', '2026-12-09'],
      ['Первая четверть', '2026-12-17'],
      ['Полнолуние', '2026-12-24'],
      ['Последняя четверть', '2026-12-30'],
    ]);
    expect(f.transits).toEqual([]);
  });

  it('says the next favourable window in one line', () => {
    const f = transitForecast([{ key: 'venus', name: 'Венера', longitude: 120 }], '2024-03-10', 'UTC', utcDay);
    expect(favourableWindowLine(f)).toBe('По транзитам: ближайшее благоприятное окно — 18–21 марта (Солнце в трине к Венере).');
    expect(dayRangeRu('2026-11-28', '2026-12-03')).toBe('28 ноября – 3 декабря');
  });
});
