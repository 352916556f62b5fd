// The catalogue's seam: every product carries its tier, its period and its renewal kind, and a Stars
// subscription is declared only for Telegram's 30 days. The type says so (the fixtures below must not
// compile), and the run-time check covers what a type cannot (a period that is not a positive whole number).
import { describe, expect, it } from 'vitest';
import {
  isStarsSubscription,
  PLAN_IDS,
  planOfTier,
  PRODUCT_INFO,
  PRODUCTS,
  RENEWAL_KINDS,
  storedPlan,
  type ProductSpec,
} from './catalogue';
import { TIERS } from '../types';

const price = { rub: 1, stars: 1 };

// A product without its period, or without its renewal kind, or a Stars subscription of 90 days, is a type error.
// @ts-expect-error: no period
const noPeriod = { name: 'x', kind: 'plan', tier: 'vip', renewal: 'card', price } satisfies ProductSpec;
// @ts-expect-error: no renewal kind
const noRenewal = { name: 'x', kind: 'plan', tier: 'vip', days: 90, price } satisfies ProductSpec;
// @ts-expect-error: Telegram renews a Stars subscription every 30 days only
const longStars = { name: 'x', kind: 'plan', tier: 'vip', days: 90, renewal: 'stars_subscription', price } satisfies ProductSpec;
const quarter = { name: 'x', kind: 'plan', tier: 'vip', days: 90, renewal: 'card', price } satisfies ProductSpec;

describe('the catalogue', () => {
  it('gives every product its tier, a period in whole days and a renewal kind', () => {
    expect([noPeriod, noRenewal, longStars, quarter].length).toBe(4);
    for (const id of PRODUCTS) {
      const p = PRODUCT_INFO[id];
      expect(p.id).toBe(id);
      expect(RENEWAL_KINDS).toContain(p.renewal);
      if (p.kind === 'micro') {
        expect(p.days, id).toBeNull();
        expect(p.renewal, id).toBe('none');
      } else {
        expect(Number.isInteger(p.days) && p.days! > 0, `${id} lasts ${p.days} days`).toBe(true);
        expect(TIERS, id).toContain(p.tier);
      }
      if (p.renewal === 'stars_subscription') expect(p.days, `${id}: a Stars subscription lasts Telegram's 30 days`).toBe(30);
    }
    // The pass is paid once; the plans renew.
    expect(PRODUCT_INFO.week.renewal).toBe('none');
    for (const id of PLAN_IDS) expect(PRODUCT_INFO[id].renewal, id).not.toBe('none');
  });

  it('sells in Stars as a subscription only a plan whose renewal kind says so and whose period is 30 days', () => {
    expect(PRODUCTS.filter(isStarsSubscription)).toEqual(PRODUCTS.filter((p) => PRODUCT_INFO[p].renewal === 'stars_subscription'));
    expect(isStarsSubscription('week')).toBe(false);
  });

  it('names the plan of a tier and of a stored plan column', () => {
    expect(planOfTier('basic')).toBe('basic');
    expect(planOfTier('vip')).toBe('vip');
    expect(planOfTier('week')).toBeUndefined();
    expect(storedPlan('basic')).toBe('basic');
    expect(storedPlan('vip')).toBe('vip');
    // An old column that holds a tier or nothing: the plan of the tier, VIP when none.
    expect(storedPlan('week', 'basic')).toBe('basic');
    expect(storedPlan(null)).toBe('vip');
  });
});
