import { describe, expect, it } from 'vitest';
import { SPREADS } from '../tarot/spreads';
import { canUseSpread, dailySpreadLimit, effectiveTier, entitlementFor, interpretationLevel } from './entitlement';

describe('tiers', () => {
  const spread = (id: string) => SPREADS.find((s) => s.id === id)!;
  it('has the spec limits', () => {
    expect(dailySpreadLimit(entitlementFor('free', false))).toBe(1);
    expect(dailySpreadLimit(entitlementFor('basic', false))).toBe(5);
    expect(dailySpreadLimit(entitlementFor('vip', false))).toBe(999);
    expect(dailySpreadLimit(entitlementFor('week', false))).toBe(999);
    expect(dailySpreadLimit(entitlementFor('free', true))).toBe(999);
  });
  it('gates paid and VIP spreads', () => {
    expect(canUseSpread(entitlementFor('free', false), spread('free_daily')).ok).toBe(true);
    expect(canUseSpread(entitlementFor('free', false), spread('love_relationship'))).toEqual({ ok: false, reason: 'needs_paid' });
    expect(canUseSpread(entitlementFor('week', false), spread('love_relationship')).ok).toBe(true);
    expect(canUseSpread(entitlementFor('basic', false), spread('celtic_cross'))).toEqual({ ok: false, reason: 'needs_vip' });
    expect(canUseSpread(entitlementFor('vip', false), spread('celtic_cross')).ok).toBe(true);
    expect(canUseSpread(entitlementFor('free', true), spread('spiritual_guidance')).ok).toBe(true);
  });
  it('treats an expired plan as free and picks the interpretation level', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    expect(effectiveTier('vip', new Date('2026-01-09T00:00:00Z'), now)).toBe('free');
    expect(effectiveTier('vip', new Date('2026-01-11T00:00:00Z'), now)).toBe('vip');
    expect(interpretationLevel(entitlementFor('free', false))).toBe('basic');
    expect(interpretationLevel(entitlementFor('week', false))).toBe('premium');
  });
});
