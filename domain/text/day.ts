// The day a user's counters count in. Normally the local date in the user's time zone; after a change of
// time zone the day that was open keeps counting until it has ended in the old zone, so a change never
// opens a new day early (and a hop back to a zone still on an earlier date keeps that day until the new
// zone's next midnight).
import { addDays, localDate, nextLocalMidnight, zonedTimeToUtc } from './time';

export interface DayGuard {
  /** The local date that was open when the zone last changed. */
  day: string | null;
  /** When that day ends in the zone it was opened in. */
  until: Date | null;
}

export interface CountingDay {
  day: string;
  /** When the counters of `day` restart. */
  endsAt: Date;
}

export function countingDay(timeZone: string, guard: DayGuard, now: Date): CountingDay {
  if (guard.day && guard.until && now.getTime() < guard.until.getTime()) return { day: guard.day, endsAt: guard.until };
  const day = localDate(now, timeZone);
  if (guard.day && day <= guard.day) return { day: guard.day, endsAt: zonedTimeToUtc(addDays(guard.day, 1), '00:00', timeZone) };
  return { day, endsAt: nextLocalMidnight(now, timeZone) };
}

/** The guard to keep when the zone changes from `fromZone` now. */
export function guardOnZoneChange(fromZone: string, current: DayGuard, now: Date): { day: string; until: Date } {
  const open = countingDay(fromZone, current, now);
  return { day: open.day, until: open.endsAt };
}

/** The counting day of a stored user. */
export const userDay = (u: { time_zone: string; day_guard: string | null; day_guard_until: Date | null }, now: Date) =>
  countingDay(u.time_zone, { day: u.day_guard, until: u.day_guard_until }, now);
