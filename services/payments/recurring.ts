// Stopping renewal: a Stars subscription is cancelled at Telegram (editUserStarSubscription, access lasts to
// the period's end); a YooKassa saved card is simply never charged again.
import * as paymentsRepo from '../../db/repositories/payments';
import * as usersRepo from '../../db/repositories/users';
import { entitlementOf, isPaidTier } from '../../domain/commerce/entitlement';
import type { ServiceDeps } from '../deps';
import { ServiceError } from '../errors';
import type { UserService } from '../users';

export async function stopRecurringBilling(deps: Pick<ServiceDeps, 'db' | 'clock' | 'payments'>, userId: number): Promise<void> {
  const rb = await paymentsRepo.findRecurring(deps.db, userId);
  if (!rb?.active) return;
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

/** POST /api/user/subscription/cancel: stops renewal; access stays until the end of the paid period. */
export async function cancelSubscription(deps: Pick<ServiceDeps, 'db' | 'clock' | 'payments'>, users: UserService, userId: number) {
  const user = await users.requireUser(userId);
  if (!isPaidTier(entitlementOf(user, deps.clock(), []).tier)) throw new ServiceError('conflict', 'Нет активной подписки для отмены');
  // Telegram stops a Stars subscription first; only then is renewal marked off here.
  await stopRecurringBilling(deps, userId);
  await usersRepo.setAutoRenew(deps.db, userId, false);
  return users.status(userId);
}
