// Whether a user's plan renews, what the next charge is and when: read from the recurring billing, whose
// amount was fixed at consent (a Stars subscription renews at the price it was created at, not today's).
import type { Db } from '../../db/connection';
import * as paymentsRepo from '../../db/repositories/payments';
import type { User } from '../../db/schema';
import { effectiveTier } from '../../domain/commerce/entitlement';
import { chargeAmount, renewalText, type NextCharge, type Renewal } from '../../domain/commerce/renewal';
import { starsPrice, type PricingTable } from '../../domain/commerce/pricing';
import { planInfo, storedPlan } from '../../domain/commerce/catalogue';

export interface RenewalView extends Renewal {
  /** One Russian line saying it («Продлится автоматически …» / «Не продлевается …»). */
  text: string;
}

/** The renewal terms of the user's plan at `now` (db or the caller's transaction). */
export async function renewalOf(
  db: Db,
  user: Pick<User, 'id' | 'subscription_type' | 'subscription_expires' | 'subscription_auto_renew' | 'time_zone'>,
  now: Date,
  pricing: PricingTable,
): Promise<RenewalView> {
  const tier = effectiveTier(user.subscription_type, user.subscription_expires, now);
  const ends = tier === 'free' ? null : (user.subscription_expires?.toISOString() ?? null);
  const rb =
    tier === 'free' || tier === 'week' || !user.subscription_auto_renew ? undefined : await paymentsRepo.findRecurring(db, user.id);
  const periodDays = planInfo(storedPlan(rb?.plan, tier)).days;
  const view = (r: Renewal): RenewalView => ({ ...r, text: renewalText(r, user.time_zone, periodDays) });
  if (tier === 'free' || tier === 'week' || !user.subscription_auto_renew) return view({ renews: false, next: null, ends });
  const at = rb?.renews_at ?? user.subscription_expires;
  if (!rb?.active || !at) return view({ renews: false, next: null, ends });
  return view({ renews: true, next: nextCharge(rb, at, pricing), ends });
}

/** The next charge of a recurring billing: its stored amount (fixed at consent), else the price of the plan it renews. */
export function nextCharge(
  rb: { provider: string; plan: string; amount_minor: number | null; currency: string | null },
  at: Date,
  pricing: PricingTable,
): NextCharge {
  const plan = storedPlan(rb.plan);
  const currency = rb.provider === 'stars' ? 'XTR' : 'RUB';
  const amount =
    rb.amount_minor !== null && rb.currency === currency
      ? chargeAmount(rb.amount_minor, currency)
      : currency === 'XTR'
        ? starsPrice(pricing, plan)
        : pricing.pricesRub[plan];
  return { at: at.toISOString(), amount, currency };
}
