// Each card turned on the table is told to the server (POST /api/readings/:id/turned), so a closed app, a
// sleeping phone or a dropped network comes back to the same table. The call is idempotent and only forward:
// the highest count wins, a failed call is tried again a little later and when the network is back.
import { ApiError, postTurned } from './api';
import { invalidate, keys } from './data';

const RETRY_MS = 3000;
/** The count each reading should have on the server, and what it confirmed. */
const wanted = new Map<number, number>();
const confirmed = new Map<number, number>();
const inFlight = new Set<number>();

function send(id: number) {
  const n = wanted.get(id) ?? 0;
  if (inFlight.has(id) || n <= (confirmed.get(id) ?? 0)) return;
  inFlight.add(id);
  postTurned(id, n).then(
    (r) => {
      inFlight.delete(id);
      confirmed.set(id, Math.max(confirmed.get(id) ?? 0, r.turned));
      invalidate(keys.readingInProgress);
      // A card turned meanwhile: its count goes next.
      send(id);
    },
    (err: unknown) => {
      inFlight.delete(id);
      const status = err instanceof ApiError ? err.status : 0;
      // Refused for good (not the caller's, gone): nothing to record. Offline or a hiccup: again in a while,
      // or as soon as the browser is online.
      if (status > 0 && status < 500 && status !== 429) wanted.delete(id);
      else setTimeout(() => send(id), RETRY_MS);
    },
  );
}

/** The first `turned` cards of reading `id` are turned; `known`: the count the server already has. */
export function recordTurned(id: number, turned: number, known = 0) {
  if (known > (confirmed.get(id) ?? 0)) confirmed.set(id, known);
  if (turned <= (wanted.get(id) ?? 0)) return;
  wanted.set(id, turned);
  send(id);
}

if (typeof window !== 'undefined')
  window.addEventListener('online', () => {
    for (const id of wanted.keys()) send(id);
  });
