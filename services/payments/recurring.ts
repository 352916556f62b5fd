// Stopping renewal: a Stars subscription is cancelled at Telegram (editUserStarSubscription, access lasts to
// the period's end); a YooKassa saved card is simply never charged again.
import * as paymentsRepo from '../../db/repositories/payments';
import type { ServiceDeps } from '../deps';
import { ServiceError } from '../errors';

export async function stopRecurringBilling(deps: Pick<ServiceDeps, 'db' | 'clock' | 'payments'>, userId: number): Promise<void> {
  const rb = await paymentsRepo.findRecurring(deps.db, userId);
  if (!rb || !rb.active) return;
  if (rb.provider === 'stars') {
    const api = deps.payments?.starsApi;
    // Telegram must stop charging before we say the subscription is cancelled.
    if (!api) throw new ServiceError('unavailable', 'Не удалось отменить подписку в Telegram, попробуйте позже');
    try {
      await api.editUserStarSubscription(userId, rb.reference, true);
    } catch {
      throw new ServiceError('unavailable', 'Не удалось отменить подписку в Telegram, попробуйте позже');
    }
  }
  await paymentsRepo.cancelRecurring(deps.db, userId, deps.clock());
}
