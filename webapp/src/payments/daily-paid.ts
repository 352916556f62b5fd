// What was bought for today's card, shared by the two daily screens (one cache entry, keys.dailyEntitlements).
import { getEntitlements, recoverMicro } from './client';
import { microPaymentPending, pendingReadingId } from './storage';

/**
 * The pack bought for today's card, as the server found it: by the reading this device paid for (its id), else
 * the user's pack of the last 24 hours; never by a card's name. Then what that reading has bought.
 */
export async function loadPaidState() {
  const hint = microPaymentPending() ? pendingReadingId() : null;
  const found = await recoverMicro(hint ? { readingId: hint } : { recent: true }).catch(() => null);
  const readingId = found?.readingId ?? hint;
  return { readingId, reveal: found?.state === 'revealed' ? found.reveal : null, ent: await getEntitlements(readingId).catch(() => null) };
}
