// Telegram's own word on a Stars subscription (the bot's `subscription` update, BotSubscriptionUpdated): the
// user cancelled it or re-enabled it in Telegram's settings, or its renewal charge failed. Each changes the
// plan's renewal once: the change is a state transition under the user's lock, so a redelivered update (or
// the same state sent again) finds nothing to change. None of them grants time: only a successful_payment
// does (stars-events.ts), so an update racing a renewal payment never grants twice.
import * as notificationsRepo from '../../db/repositories/notifications';
import * as paymentsRepo from '../../db/repositories/payments';
import * as usersRepo from '../../db/repositories/users';
import { effectiveTier } from '../../domain/commerce/entitlement';
import { formatRuDate } from '../../domain/text/time';
import { PUSH_KINDS } from '../notifications';
import { UUID, type PaymentContext } from './context';

export type StarsSubscriptionState = 'canceled' | 'active' | 'failed';

export interface SubscriptionUpdateResult {
  /** Whether the plan's renewal changed (false: already in that state, or not our subscription). */
  changed: boolean;
  reason?: string;
}

/** The gentle message after a failed renewal: nothing is lost, access runs to the end of the paid period. */
export function renewalFailedText(until: Date | null, timeZone: string): string {
  const end = until ? ` Доступ сохранится до ${formatRuDate(until, timeZone)}.` : '';
  return (
    `Telegram не смог продлить подписку — так бывает, если не хватило звёзд.${end}` +
    ' Продлить её можно в любой момент в приложении: «Подписка».'
  );
}

export function createStarsSubscriptionEvents(ctx: PaymentContext) {
  const deps = ctx.deps;
  return {
    async subscriptionUpdated(e: { userId: number; payload: string; state: StarsSubscriptionState }): Promise<SubscriptionUpdateResult> {
      const order = UUID.test(e.payload) ? await paymentsRepo.findOrder(deps.db, e.payload) : undefined;
      if (order?.provider !== 'stars' || order.user_id !== e.userId || !order.recurring)
        return { changed: false, reason: 'unknown subscription' };
      return deps.db.transaction().execute(async (trx) => {
        // The same lock successful_payment takes: an update and a renewal payment are applied one after the other.
        const user = await usersRepo.lockUser(trx, e.userId);
        const rb = await paymentsRepo.findRecurring(trx, e.userId);
        if (!user || !rb || rb.provider !== 'stars') return { changed: false, reason: 'no stars subscription' };
        const now = deps.clock();
        const running = effectiveTier(user.subscription_type, user.subscription_expires, now) !== 'free';
        if (e.state === 'active') {
          if (!running || user.subscription_type === 'week') return { changed: false, reason: 'plan not running' };
          if (rb.active && user.subscription_auto_renew) return { changed: false };
          await paymentsRepo.reactivateRecurring(trx, e.userId);
          await usersRepo.setAutoRenew(trx, e.userId, true);
          return { changed: true };
        }
        if (!rb.active && !user.subscription_auto_renew) return { changed: false };
        // Renewal stops; the plan runs to the end of the period already paid.
        await paymentsRepo.cancelRecurring(trx, e.userId, now);
        await usersRepo.setAutoRenew(trx, e.userId, false);
        if (e.state === 'failed' && running) {
          await notificationsRepo.insertNotification(trx, {
            userId: e.userId,
            kind: PUSH_KINDS.subscriptionFailed,
            dedupKey: `${e.payload}:${user.subscription_expires?.toISOString() ?? ''}`,
            priority: 10,
            notBefore: now,
            payload: {
              text: renewalFailedText(user.subscription_expires, user.time_zone),
              button: { text: '💫 Подписка', path: '/subscription' },
            },
          });
        }
        return { changed: true };
      });
    },
  };
}
