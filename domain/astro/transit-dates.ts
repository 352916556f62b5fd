// The transit list's dates in Russian, apart from the ephemeris maths so the web app can use them without
// loading astronomy-engine.

const MONTHS_GEN = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];
const dayMonth = (d: string) => ({ day: Number(d.slice(8, 10)), month: MONTHS_GEN[Number(d.slice(5, 7)) - 1] });

/** «5 декабря» for '2026-12-05'. */
export function dayRu(d: string): string {
  const a = dayMonth(d);
  return `${a.day} ${a.month}`;
}

/** «12–16 декабря», «28 ноября – 3 декабря», «5 декабря». */
export function dayRangeRu(start: string, end: string): string {
  const a = dayMonth(start);
  const b = dayMonth(end);
  if (start === end) return `${a.day} ${a.month}`;
  if (a.month === b.month && start.slice(0, 4) === end.slice(0, 4)) return `${a.day}–${b.day} ${b.month}`;
  return `${a.day} ${a.month} – ${b.day} ${b.month}`;
}
