// The catalogue's arithmetic: variants stable per user, plan extension, the upsell maths, formatting.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../text/time';
import {
  chooseMicroVariant,
  chooseTone,
  convertRub,
  currencyForLanguage,
  extendPlan,
  formatMmSs,
  formatPrice,
  microPriceRub,
  pollDelayMs,
  purchaseVerdict,
  resolvePricing,
  starsPrice,
  formatTag,
  priceMode,
  priceTag,
  tagNote,
} from './pricing';
import { fnv1a32 } from '../text/variant';

const t = resolvePricing();
const now = new Date('2026-03-01T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * DAY_MS);

describe('A/B variants', () => {
  it('FNV-1a 32 matches the reference vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('a user always gets the same tone and micro variant, as a number or a string id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (id) => {
        expect(chooseTone(id)).toBe(chooseTone(id));
        expect(chooseTone(String(id))).toBe(chooseTone(id));
        expect(chooseMicroVariant(id)).toBe(chooseMicroVariant(String(id)));
        expect(['romance', 'mystic']).toContain(chooseTone(id));
        expect(['A', 'B']).toContain(chooseMicroVariant(id));
      }),
    );
  });

  it('tone and price variant are different bits of one FNV-1a of the user id, independent of each other', () => {
    for (const id of [1, 42, 123456789, 987654321012]) {
      const h = fnv1a32(String(id));
      expect(chooseTone(id)).toBe((['romance', 'mystic'] as const)[h & 1]);
      expect(chooseMicroVariant(id)).toBe((['A', 'B'] as const)[(h >>> 1) & 1]);
    }
    // All four combinations occur: one does not decide the other.
    const combos = new Set<string>();
    for (let id = 1; id < 400; id++) combos.add(`${chooseTone(id)}:${chooseMicroVariant(id)}`);
    expect(combos.size).toBe(4);
  });

  it('both variants occur, roughly evenly, and the default is A', () => {
    const counts = { A: 0, B: 0 };
    for (let id = 1_000_000; id < 1_002_000; id++) counts[chooseMicroVariant(id)]++;
    expect(counts.A).toBeGreaterThan(800);
    expect(counts.B).toBeGreaterThan(800);
    expect(chooseMicroVariant(null)).toBe('A');
    expect(chooseTone(undefined)).toBe('romance');
  });
});

describe('prices', () => {
  it('default prices and copy, overridable by configuration', () => {
    expect(t.pricesRub).toEqual({ week: 149, micro: 99, basic: 299, vip: 499, trial: 10 });
    expect(resolvePricing({ pricesRub: { week: 199 } }).pricesRub).toMatchObject({ week: 199, micro: 99 });
  });

  it('the micro promo price holds while the promo runs, then falls back to the regular price', () => {
    expect(microPriceRub(t, 'B', true)).toBe(79);
    expect(microPriceRub(t, 'B', false)).toBe(99);
    expect(microPriceRub(t, 'A', true)).toBe(99);
    expect(starsPrice(t, 'micro', 79)).toBe(Math.round((75 * 79) / 99));
    expect(starsPrice(t, 'micro', 99)).toBe(75);
  });

  it('the price as the user pays it: Stars in Telegram, roubles (with a local estimate) in a browser', () => {
    expect(priceMode(true, undefined)).toBe('stars');
    expect(priceMode(false, undefined)).toBe('rub');
    expect(priceMode(true, 'yookassa')).toBe('rub');
    expect(priceMode(false, 'stars')).toBe('stars');
    const vip = priceTag(t, 499, 385, 'UAH');
    expect(formatTag(vip, 'stars')).toBe('385\u00a0⭐');
    expect(formatTag(vip, 'rub')).toBe('499\u00a0₽');
    expect(tagNote(vip, 'rub')).toBe(`≈ ${formatPrice(Math.round(499 * t.currencyRates.UAH), 'UAH')}`);
    expect(tagNote(vip, 'stars')).toBeNull();
    expect(tagNote(priceTag(t, 499, 385, 'RUB'), 'rub')).toBeNull();
    // Not sold for Stars (the trial): roubles whatever the mode.
    expect(formatTag(priceTag(t, 10, null, 'RUB'), 'stars')).toBe('10\u00a0₽');
  });

  it('currencies: RUB, UAH, KZT, BYN in ru-RU format', () => {
    expect(currencyForLanguage('uk')).toBe('UAH');
    expect(currencyForLanguage('kk-KZ')).toBe('KZT');
    expect(currencyForLanguage('be')).toBe('BYN');
    expect(currencyForLanguage('ru')).toBe('RUB');
    expect(currencyForLanguage(null)).toBe('RUB');
    expect(convertRub(149, 'UAH', t.currencyRates)).toBe(67);
    expect(convertRub(149, 'BYN', t.currencyRates)).toBe(5.22);
    expect(formatPrice(1499, 'RUB')).toBe('1\u00a0499\u00a0₽');
    expect(formatPrice(5.22, 'BYN')).toBe('5,22\u00a0Br');
    expect(formatPrice(834, 'KZT')).toBe('834\u00a0₸');
    expect(formatPrice(67, 'UAH')).toBe('67\u00a0₴');
  });

  it('polling delays and countdowns', () => {
    expect([0, 1, 5, 10, 24].map(pollDelayMs)).toEqual([1000, 1100, 1500, 2000, 2000]);
    expect(formatMmSs(15 * 60_000)).toBe('15:00');
    expect(formatMmSs(61_500)).toBe('01:02');
    expect(formatMmSs(-5)).toBe('00:00');
  });
});

describe('extending plans', () => {
  it('a free user (or an expired plan) starts now', () => {
    expect(extendPlan({ type: 'free', expires: null }, { tier: 'basic', days: 30 }, now, t)).toEqual({ type: 'basic', expires: days(30) });
    expect(extendPlan({ type: 'vip', expires: days(-1) }, { tier: 'basic', days: 30 }, now, t)).toEqual({
      type: 'basic',
      expires: days(30),
    });
  });

  it('the same tier extends from the later of now and the current expiry', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.constantFrom(7, 30), (left, d) => {
        const r = extendPlan({ type: 'vip', expires: days(left) }, { tier: 'vip', days: d }, now, t);
        expect(r).toEqual({ type: 'vip', expires: days(left + d) });
      }),
    );
  });

  it('a different tier starts now and converts the unused days at their value', () => {
    const r = extendPlan({ type: 'basic', expires: days(15) }, { tier: 'vip', days: 30 }, now, t);
    expect(r.type).toBe('vip');
    expect(r.expires!.getTime()).toBe(days(30).getTime() + Math.floor((15 * DAY_MS * 299) / 499));
  });

  it('the unused days of a week pass are added to the new plan as days, whatever the prices', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 * 24 }), fc.constantFrom<'basic' | 'vip'>('basic', 'vip'), (hoursLeft, tier) => {
        const r = extendPlan({ type: 'week', expires: new Date(now.getTime() + hoursLeft * 3_600_000) }, { tier, days: 30 }, now, t);
        expect(r).toEqual({ type: tier, expires: new Date(days(30).getTime() + hoursLeft * 3_600_000) });
      }),
    );
  });

  it('a plan without an end date is never shortened', () => {
    expect(extendPlan({ type: 'vip', expires: null }, { tier: 'basic', days: 30 }, now, t)).toEqual({ type: 'vip', expires: null });
  });

  it('what may be bought on which plan', () => {
    expect(purchaseVerdict('free', 'week').ok).toBe(true);
    expect(purchaseVerdict('week', 'week').ok).toBe(true);
    expect(purchaseVerdict('basic', 'week').ok).toBe(false);
    expect(purchaseVerdict('vip', 'basic').ok).toBe(false);
    expect(purchaseVerdict('basic', 'vip').ok).toBe(true);
    // A VIP or week-pass user opens the micro pack's extra cards without paying: it is not sold to them.
    expect(purchaseVerdict('vip', 'micro')).toEqual({ ok: false, message: 'С VIP дополнительные карты открываются без оплаты' });
    expect(purchaseVerdict('week', 'micro')).toEqual({
      ok: false,
      message: 'С неделей безлимита дополнительные карты открываются без оплаты',
    });
    expect(purchaseVerdict('basic', 'micro').ok).toBe(true);
    expect(purchaseVerdict('free', 'micro').ok).toBe(true);
  });
});
