// Shake to shuffle: Telegram's accelerometer (Mini Apps, Bot API 8.0: web_app_start_accelerometer, the
// accelerometer_changed events). Only inside a Telegram client whose version has it; a client that refuses
// (accelerometer_failed) or an older one simply gives no shake, and the on-page button stays the way.
import { useEffect, useRef } from 'react';
import { insideTelegram } from './launch';

/** How often the client reports (ms; Telegram allows 20–1000). */
const REFRESH_MS = 60;
/** A jolt: the acceleration changes by this much (m/s²) between two reports. */
const JOLT = 12;
/** Two jolts this close make a shake; then a pause before the next. */
const WINDOW_MS = 900;
const COOLDOWN_MS = 1500;

type Sample = { x: number; y: number; z: number };

/** Feeds samples; true when they make a shake (two jolts within the window, outside the cooldown). */
function shakeDetector(now: () => number = Date.now) {
  let last: Sample | null = null;
  let jolts: number[] = [];
  let lastShake = -Infinity;
  return (s: Sample): boolean => {
    const prev = last;
    last = s;
    if (!prev) return false;
    const delta = Math.hypot(s.x - prev.x, s.y - prev.y, s.z - prev.z);
    const t = now();
    if (delta < JOLT || t - lastShake < COOLDOWN_MS) return false;
    jolts = [...jolts.filter((j) => t - j < WINDOW_MS), t];
    if (jolts.length < 2) return false;
    jolts = [];
    lastShake = t;
    return true;
  };
}

/** Calls `onShake` when the phone is shaken, while `enabled`; starts and stops the accelerometer with it. */
export function useShake(onShake: () => void, enabled: boolean): void {
  const latest = useRef(onShake);
  latest.current = onShake;
  useEffect(() => {
    if (!enabled || !insideTelegram()) return;
    let cancelled = false;
    let stop = () => {};
    import('@tma.js/sdk-react')
      .then(({ on, postEvent, retrieveLaunchParams, supports }) => {
        if (cancelled) return;
        const version = retrieveLaunchParams().tgWebAppVersion;
        if (!supports('web_app_start_accelerometer', version)) return;
        const shaken = shakeDetector();
        const offChanged = on('accelerometer_changed', (a) => {
          if (shaken(a)) latest.current();
        });
        const offFailed = on('accelerometer_failed', () => offChanged());
        postEvent('web_app_start_accelerometer', { refresh_rate: REFRESH_MS });
        stop = () => {
          offChanged();
          offFailed();
          postEvent('web_app_stop_accelerometer');
        };
      })
      .catch((err) => console.warn('Telegram accelerometer unavailable:', err));
    return () => {
      cancelled = true;
      stop();
    };
  }, [enabled]);
}
