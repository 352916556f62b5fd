// A ticking countdown in Russian units («2 ч 5 мин 3 сек», leading zero units dropped). When
// it reaches zero it calls onEnd once (screens reload the status then).
import { useEffect, useRef } from 'react';
import { formatCountdown } from '../../../domain/text/time';
import { useNow } from '../hooks/useNow';

/** The text shown for a countdown to `until` at `now`; «0 сек» once it has passed. */
export function countdownText(until: string | number | Date, now: number): string {
  return formatCountdown(new Date(until).getTime() - now);
}

export function Countdown(props: { until: string; onEnd?: () => void; now?: number; testId?: string }) {
  const now = useNow(1000, props.now);
  const remaining = new Date(props.until).getTime() - now;
  const ended = remaining <= 0;
  const onEnd = useRef(props.onEnd);
  onEnd.current = props.onEnd;
  const fired = useRef<string | null>(null);
  useEffect(() => {
    if (ended && fired.current !== props.until) {
      fired.current = props.until;
      onEnd.current?.();
    }
  }, [ended, props.until]);
  return (
    <span className="countdown" data-testid={props.testId ?? 'countdown'} role="timer">
      {formatCountdown(remaining)}
    </span>
  );
}
