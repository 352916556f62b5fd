// The user's status (tier, limits, today's usage): one cached answer (data.ts) shared by every screen,
// loaded once and reloaded when a screen needs it fresh, a countdown ends or an action changed it. On the
// first load the app reports the device's time zone.
import { mutate } from 'swr';
import { getStatus, putSettings, type ApiError, type DailyCardAvailability, type DailyCardView, type StatusResponse } from '../api';
import { asApiError, invalidate, keys, useApi } from '../data';
import { enableDebug } from '../debug/boot';

export interface StatusState {
  data: StatusResponse | null;
  error: ApiError | null;
  loading: boolean;
}

let timeZoneChecked = false;

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

async function fetchStatus(): Promise<StatusResponse> {
  const data = await getStatus().catch((err: unknown) => Promise.reject(asApiError(err)));
  reportTimeZone(data);
  timeZoneChecked = true;
  if (data.debug) enableDebug();
  return data;
}

/**
 * Reads the status again now, whichever screens show it (also none: the next one to open finds it fresh).
 * A failed read keeps the last known status.
 */
export function refreshStatus(): Promise<unknown> {
  return mutate(keys.status, fetchStatus(), { revalidate: false, throwOnError: false });
}

/** Replaces the status with one an action returned. */
export function setStatus(userStatus: StatusResponse['userStatus']): void {
  void mutate(keys.status, (d: StatusResponse | undefined) => (d ? { ...d, userStatus } : d), { revalidate: false });
}

/** After a reading was dealt: the day's quota, and the journal's counts. */
export function afterReading(): void {
  void refreshStatus();
  invalidate(keys.readingInProgress);
  invalidate(keys.journalPrefix);
  invalidate(keys.cardPagePrefix);
}

/**
 * After a daily card was drawn: the availability becomes what the server answers after a draw (either daily
 * screen shows the card without asking again), and the status, streak and journal are read again.
 */
export function afterDailyCard(card: DailyCardView): void {
  const drawn = (info: DailyCardAvailability | undefined): DailyCardAvailability | undefined =>
    info && { ...info, available: card.canRedraw, used: true, canRedraw: card.canRedraw, today: { ...card, milestone: null } };
  void mutate(keys.dailyCard, drawn, { revalidate: false });
  void refreshStatus();
  invalidate(keys.journalPrefix);
}

/** After the note on today's card was saved: today's card carries it, and the journal lists it. */
export function afterDailyNote(note: string | null): void {
  void mutate(
    keys.dailyCard,
    (info: DailyCardAvailability | undefined) => (info?.today ? { ...info, today: { ...info.today, note } } : info),
    {
      revalidate: false,
    },
  );
  invalidate(keys.journalPrefix);
}

/**
 * After a payment or a plan change: the tier and limits (`known`: the status the payment screen already
 * read), and what the plan decides elsewhere: the
 * follow-up allowance, the offers, what today's card has bought. Prices (a trial used up) are reloaded by
 * the paying screen, which shows them.
 */
export function afterPayment(known?: StatusResponse['userStatus']): void {
  if (known) setStatus(known);
  else void refreshStatus();
  // Offers pause for an hour after a purchase (the pricing answer says so); the renewal terms changed.
  invalidate(keys.followUpsPattern, keys.microOffer, keys.weekUpsell, keys.dailyEntitlementsPrefix, keys.pricing, keys.renewal);
}

/** The status; `fresh` reloads it when the screen opens (limits change as the user spends them). */
export function useStatus(opts: { fresh?: boolean } = {}): StatusState & { reload: () => Promise<void> } {
  const { data, error, isValidating, mutate: revalidate } = useApi(keys.status, fetchStatus, { revalidateIfStale: !!opts.fresh });
  return {
    data: data ?? null,
    error: error ?? null,
    loading: isValidating,
    reload: async () => {
      await revalidate();
    },
  };
}
