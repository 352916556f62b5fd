import { describe, expect, it } from 'vitest';
import { addDays, formatCountdown, formatDurationWords, formatRuDate, localDate, msUntilLocalMidnight, zonedTimeToUtc } from './time';

describe('local days and countdowns', () => {
  it('computes the local date and the next midnight in a zone', () => {
    const t = new Date('2026-03-10T22:30:00Z');
    expect(localDate(t, 'Europe/Moscow')).toBe('2026-03-11');
    expect(localDate(t, 'America/New_York')).toBe('2026-03-10');
    expect(msUntilLocalMidnight(t, 'Europe/Moscow')).toBe(22.5 * 3600_000);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
  it('converts a wall-clock time across a DST change', () => {
    // New York switches to summer time on 2026-03-08 at 02:00.
    expect(zonedTimeToUtc('2026-03-07', '12:00', 'America/New_York').toISOString()).toBe('2026-03-07T17:00:00.000Z');
    expect(zonedTimeToUtc('2026-03-09', '12:00', 'America/New_York').toISOString()).toBe('2026-03-09T16:00:00.000Z');
    expect(msUntilLocalMidnight(new Date('2026-03-08T05:00:00Z'), 'America/New_York')).toBe(23 * 3600_000);
  });
  it('formats countdowns in Russian units, dropping leading zero units', () => {
    expect(formatCountdown(2 * 3600_000 + 5 * 60_000 + 3000)).toBe('2 ч 5 мин 3 сек');
    expect(formatCountdown(5 * 60_000)).toBe('5 мин 0 сек');
    expect(formatCountdown(3000)).toBe('3 сек');
    expect(formatCountdown(-5)).toBe('0 сек');
    expect(formatDurationWords(21 * 3600_000 + 60_000)).toBe('21 час 1 минуту');
    expect(formatDurationWords(2 * 3600_000 + 22 * 60_000)).toBe('2 часа 22 минуты');
    expect(formatDurationWords(11_000)).toBe('11 секунд');
  });
  it('formats dates the ru-RU way', () => {
    expect(formatRuDate('2026-11-25T12:00:00Z')).toBe('25.11.2026');
  });
});
