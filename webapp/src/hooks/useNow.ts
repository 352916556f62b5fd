import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` while mounted. */
export function useNow(intervalMs = 1000, initial?: number): number {
  const [now, setNow] = useState(() => initial ?? Date.now());
  useEffect(() => {
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}
