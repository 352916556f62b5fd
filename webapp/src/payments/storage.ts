// The client storage keys of the micro flow: the pending payment flag (session and local), its timestamp, the
// pending reading id and context. They only steer the screens (where to go after a payment) and hint which
// reading was paid for; the server finds the pack by its own ids and decides access.
import { PENDING_MICRO_VALID_MS } from '../../../domain/commerce/pricing';

export const KEYS = {
  pendingMicroContext: 'pendingMicroContext',
  pendingReadingId: 'pendingReadingId',
  pendingMicroPayment: 'pendingMicroPayment',
  pendingMicroPaymentAt: 'pendingMicroPaymentAt',
} as const;

export interface PendingMicroContext {
  cardName: string;
  cardMeaning: string;
  dailyContext: string;
  readingId?: number;
}

function get(store: 'local' | 'session', key: string): string | null {
  try {
    return (store === 'local' ? localStorage : sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

function put(store: 'local' | 'session', key: string, value: string | null) {
  try {
    const s = store === 'local' ? localStorage : sessionStorage;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    /* storage disabled: the flow works without it, only less forgiving */
  }
}

/** A reading id of digits only becomes a number. */
export function toReadingId(v: unknown): number | null {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return v;
  if (typeof v === 'string' && /^\d{1,16}$/.test(v.trim())) {
    const n = Number(v.trim());
    return n > 0 ? n : null;
  }
  return null;
}

/** Before leaving for the payment: the flag (both stores), its time, the reading and the context. */
export function markMicroPending(readingId: number | null, context: PendingMicroContext | null, now = Date.now()) {
  put('session', KEYS.pendingMicroPayment, '1');
  put('local', KEYS.pendingMicroPayment, '1');
  put('local', KEYS.pendingMicroPaymentAt, String(now));
  if (readingId) put('local', KEYS.pendingReadingId, String(readingId));
  if (context) put('local', KEYS.pendingMicroContext, JSON.stringify(context));
}

export function pendingReadingId(): number | null {
  return toReadingId(get('local', KEYS.pendingReadingId));
}

/** True when a micro payment is pending: the flag is set, or its timestamp is under 30 minutes old. */
export function microPaymentPending(now = Date.now()): boolean {
  const flag = get('session', KEYS.pendingMicroPayment) === '1' || get('local', KEYS.pendingMicroPayment) === '1';
  const at = Number(get('local', KEYS.pendingMicroPaymentAt));
  const fresh = Number.isFinite(at) && at > 0 && now - at < PENDING_MICRO_VALID_MS;
  return fresh || (flag && !(at > 0 && now - at >= PENDING_MICRO_VALID_MS));
}

export function clearMicroPending() {
  put('session', KEYS.pendingMicroPayment, null);
  put('local', KEYS.pendingMicroPayment, null);
  put('local', KEYS.pendingMicroPaymentAt, null);
  put('local', KEYS.pendingReadingId, null);
  put('local', KEYS.pendingMicroContext, null);
}
