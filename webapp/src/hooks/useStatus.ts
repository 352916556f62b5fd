// The user's status (tier, limits, today's usage): one shared store, loaded once and reloaded when a
// countdown ends or an action changed it. On the first load the app reports the device's time zone.
import { useEffect, useSyncExternalStore } from 'react';
import { ApiError, getStatus, putSettings, type StatusResponse } from '../api';
import { enableDebug } from '../debug/boot';

export interface StatusState {
  data: StatusResponse | null;
  error: ApiError | null;
  loading: boolean;
}

let state: StatusState = { data: null, error: null, loading: false };
let inflight: Promise<void> | null = null;
let timeZoneChecked = false;
const listeners = new Set<() => void>();

function set(next: Partial<StatusState>) {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

function deviceTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * Limits reset at the user's local midnight: when the device's zone differs from the server's, the server is
 * told, after the screen has shown the status (the first screen waits for no second round trip), and the
 * status it answers replaces the shown one.
 */
function reportTimeZone(data: StatusResponse): void {
  const tz = deviceTimeZone();
  if (timeZoneChecked || !tz || tz === data.userStatus.timeZone) return;
  putSettings({ timeZone: tz })
    .then(({ userStatus }) => setStatus(userStatus))
    .catch(() => {
      /* an unknown zone on an old device: the server keeps its default */
    });
}

/** Loads the status (deduplicated); `force` reloads even when it is already known. */
export function loadStatus(force = false): Promise<void> {
  if (inflight) return inflight;
  if (state.data && !force) return Promise.resolve();
  set({ loading: true });
  inflight = (async () => {
    try {
      const data = await getStatus();
      reportTimeZone(data);
      timeZoneChecked = true;
      if (data.debug) enableDebug();
      set({ data, error: null, loading: false });
    } catch (err) {
      set({ error: err instanceof ApiError ? err : new ApiError(0, String(err)), loading: false });
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

/** Replaces the status with one an action returned. */
export function setStatus(userStatus: StatusResponse['userStatus']) {
  if (state.data) set({ data: { ...state.data, userStatus } });
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The status; `fresh` reloads it when the screen opens (limits change as the user spends them). */
export function useStatus(opts: { fresh?: boolean } = {}): StatusState & { reload: () => Promise<void> } {
  const s = useSyncExternalStore(subscribe, () => state, () => state);
  const fresh = !!opts.fresh;
  useEffect(() => {
    void loadStatus(fresh);
  }, [fresh]);
  return { ...s, reload: () => loadStatus(true) };
}
