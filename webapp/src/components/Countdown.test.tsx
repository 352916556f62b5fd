import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Countdown, countdownText } from './Countdown';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const at = (s: number) => new Date(NOW + s * 1000).toISOString();

describe('countdown', () => {
  it('shows hours, minutes and seconds in Russian units, dropping leading zero units', () => {
    expect(countdownText(at(2 * 3600 + 5 * 60 + 3), NOW)).toBe('2 ч 5 мин 3 сек');
    expect(countdownText(at(5 * 60), NOW)).toBe('5 мин 0 сек');
    expect(countdownText(at(3), NOW)).toBe('3 сек');
    expect(countdownText(at(3600), NOW)).toBe('1 ч 0 мин 0 сек');
  });

  it('stops at zero once the moment has passed', () => {
    expect(countdownText(at(-10), NOW)).toBe('0 сек');
  });

  it('renders the remaining time as a timer element', () => {
    const html = renderToString(<Countdown until={at(23 * 3600 + 59 * 60 + 59)} now={NOW} testId="t" />);
    expect(html).toContain('role="timer"');
    expect(html).toContain('data-testid="t"');
    expect(html).toContain('23 ч 59 мин 59 сек');
  });
});
