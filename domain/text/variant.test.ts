import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
