import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deal, shuffle } from './deal';
import { DECK } from './deck';
import { validateQuestion } from './question';
import { SPREADS } from './spreads';
import { canUseSpread, dailySpreadLimit, effectiveTier, entitlementFor, interpretationLevel } from './entitlement';
import { addDays, formatCountdown, formatDurationWords, formatRuDate, localDate, msUntilLocalMidnight, zonedTimeToUtc } from './time';
import { chooseVariant, fnv1a32 } from './variant';

describe('FNV-1a 32-bit', () => {
  it('matches the reference vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });
  it('hashes the UTF-8 bytes TextEncoder writes (lone surrogates as U+FFFD), and continues a prefix’s hash', () => {
    const overBytes = (s: string) =>
      [...new TextEncoder().encode(s)].reduce((h, byte) => Math.imul(h ^ byte, 0x01000193) >>> 0, 0x811c9dc5);
    // One, two, three and four UTF-8 bytes, a lone high and a lone low surrogate, and a pair split at the seam.
    const parts = ['a', 'Ёлка', '€漢', '😊', '\uD800', '\uDC00x', 'b\uD83D', '\uDE0A'];
    for (const a of parts)
      for (const b of parts) {
        expect(fnv1a32(a + b), a + b).toBe(overBytes(a + b));
        if (!/[\uD800-\uDBFF]$/.test(a)) expect(fnv1a32(b, fnv1a32(a)), `${a} then ${b}`).toBe(fnv1a32(a + b));
      }
    // Any UTF-16 units, lone surrogates included, and whole astral characters (fast-check's own binary strings
    // cost half a second to set up).
    const unit = fc.oneof(
      fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)),
      fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (units) => fnv1a32(units.join('')) === overBytes(units.join(''))),
      { numRuns: 300 },
    );
  });
  it('chooses a stable variant, the first for a missing id', () => {
    expect(chooseVariant(123456789, ['A', 'B'])).toBe(chooseVariant(123456789, ['A', 'B']));
    expect(chooseVariant(undefined, ['A', 'B'])).toBe('A');
    const seen = new Set(Array.from({ length: 100 }, (_, i) => chooseVariant(i, ['A', 'B'])));
    expect(seen).toEqual(new Set(['A', 'B']));
  });
});

describe('question validation', () => {
  it('trims and checks 3..500', () => {
    expect(validateQuestion('  да? ')).toEqual({ ok: true, question: 'да?' });
    expect(validateQuestion('  аб  ').ok).toBe(false);
    expect(validateQuestion('я'.repeat(500)).ok).toBe(true);
    expect(validateQuestion('я'.repeat(501))).toMatchObject({ ok: false, error: expect.stringMatching(/^question: .*500/) });
    expect(validateQuestion(42).ok).toBe(false);
  });
});

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

describe('dealing', () => {
  const ids = DECK.map((c) => c.id);
  it('deals distinct cards with positions and both orientations', () => {
    let seed = 1;
    const rnd = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % max;
    };
    const cards = deal(ids, 10, rnd, { reversals: true });
    expect(new Set(cards.map((c) => c.cardId)).size).toBe(10);
    expect(cards.map((c) => c.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const orientations = new Set(
      Array.from({ length: 20 }, () => deal(ids, 3, (max) => Math.floor(Math.random() * max), { reversals: true }))
        .flat()
        .map((c) => c.orientation),
    );
    expect(orientations).toEqual(new Set(['upright', 'reversed']));
  });
  it('deals every card upright when the user turned reversed cards off', () => {
    const cards = Array.from({ length: 20 }, () => deal(ids, 10, (max) => Math.floor(Math.random() * max), { reversals: false })).flat();
    expect(cards.filter((c) => c.orientation === 'reversed')).toEqual([]);
  });
  it('is driven by the injected random source', () => {
    const first = () => 0;
    expect(shuffle([1, 2, 3, 4], first)).toEqual([2, 3, 4, 1]);
    expect(deal(ids, 2, first, { reversals: true, exclude: ['magician'] })[0].cardId).not.toBe('magician');
  });
  it('refuses to deal more cards than the deck holds', () => {
    expect(() => deal(ids, 79, () => 0, { reversals: true })).toThrow(RangeError);
  });
});

describe('local days and countdowns', () => {
  it('computes the local date and the next midnight in a zone', () => {
    const t = new Date('2026-03-10T22:30:00Z');
    expect(localDate(t, 'Europe/Moscow')).toBe('2026-03-11');
    expect(localDate(t, 'America/New_York')).toBe('2026-03-10');
    expect(msUntilLocalMidnight(t, 'Europe/Moscow')).toBe(22.5 * 3600_000);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
  it('converts a wall-clock time across a DST change', () => {
    // New York switches to summer time on 2026-03-08 at 02:00.
    expect(zonedTimeToUtc('2026-03-07', '12:00', 'America/New_York').toISOString()).toBe('2026-03-07T17:00:00.000Z');
    expect(zonedTimeToUtc('2026-03-09', '12:00', 'America/New_York').toISOString()).toBe('2026-03-09T16:00:00.000Z');
    expect(msUntilLocalMidnight(new Date('2026-03-08T05:00:00Z'), 'America/New_York')).toBe(23 * 3600_000);
  });
  it('formats countdowns in Russian units, dropping leading zero units', () => {
    expect(formatCountdown(2 * 3600_000 + 5 * 60_000 + 3000)).toBe('2 ч 5 мин 3 сек');
    expect(formatCountdown(5 * 60_000)).toBe('5 мин 0 сек');
    expect(formatCountdown(3000)).toBe('3 сек');
    expect(formatCountdown(-5)).toBe('0 сек');
    expect(formatDurationWords(21 * 3600_000 + 60_000)).toBe('21 час 1 минуту');
    expect(formatDurationWords(2 * 3600_000 + 22 * 60_000)).toBe('2 часа 22 минуты');
    expect(formatDurationWords(11_000)).toBe('11 секунд');
  });
  it('formats dates the ru-RU way', () => {
    expect(formatRuDate('2026-11-25T12:00:00Z')).toBe('25.11.2026');
  });
});
