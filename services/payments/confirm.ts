// From «a provider says paid» to «access granted». Every provider's confirmation ends here:
//   Stars: the bot's successful_payment (stars-events.ts) →
//   YooKassa: a notification or a re-check, always read back from YooKassa's API (yookassa-events.ts) →
//   mock: at once when the order is made (checkout.ts) →
// confirm() → applyConfirmedPayment (entitlements.ts): one transaction keyed by the provider's payment id
// that writes the ledger row, grants the plan or the micro pack (one trial per user; a plan bought today
// restarts the day's counters) and queues the bot's message. A second trial paid grants nothing and is
// refunded here, after the transaction.
import type { Db } from '../../db/connection';
import * as usersRepo from '../../db/repositories/users';
import type { PaymentContext } from './context';
import { renewalOf } from './renewal';
import { applyConfirmedPayment, SECOND_TRIAL, type AppliedPayment, type ConfirmedPayment, type Granted } from './entitlements';

export type Confirm = (c: ConfirmedPayment) => Promise<AppliedPayment>;

export function createConfirm(ctx: PaymentContext, refund: (paymentId: number) => Promise<unknown>): Confirm {
  return async function confirm(c) {
    const notifier = ctx.notifier;
    const message = notifier
      ? async (trx: Db, g: Granted) => {
          // A plan's message says whether it renews, and the next charge's amount and date.
          const user = g.kind === 'plan' ? await usersRepo.findUser(trx, c.order.user_id) : undefined;
          const renewal = user ? await renewalOf(trx, user, ctx.deps.clock(), ctx.pricing) : undefined;
          await notifier.paymentConfirmed(
            c.order.user_id,
            {
              product: g.kind === 'plan' ? g.tier : c.order.product,
              until: g.kind === 'plan' && g.expires ? new Date(g.expires) : null,
              paymentId: `${c.provider}:${c.providerPaymentId}`,
              renewal: renewal ? { text: renewal.text, renews: renewal.renews } : undefined,
            },
            trx,
          );
        }
      : undefined;
    const applied = await applyConfirmedPayment(ctx.deps.db, c, ctx.deps.clock(), ctx.pricing, message);
    // A second trial paid grants nothing and its money goes back (one trial per user).
    if (applied.applied && applied.granted.kind === 'none' && applied.granted.reason === SECOND_TRIAL) {
      await refund(applied.payment.id).catch(() => {
        /* stays in the ledger, ungranted, for /paysupport; YooKassa's own retry of the notification is a duplicate */
      });
    }
    return applied;
  };
}
