// `ru` writes each word boundary of the question model's patterns in its cheapest exact form. Every pattern
// must match exactly where the same pattern with the two-sided boundary (`ruPlain`) matches: on the questions
// the reading's tests use (as the model reads them: lower case, spaces collapsed), and on random text made of
// the patterns' own words glued by spaces, punctuation, digits and other letters.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readQuestion } from './question';
import { RU_PATTERNS, ruPlain } from './question-words';

/** The first match (index and text) of a pattern without its `g` flag: what the model's rules read. */
const matches = (re: RegExp, text: string) => {
  const m = re.exec(text);
  return m ? `${m.index}:${m[0]}` : null;
};
const once = (re: RegExp) => new RegExp(re.source, re.flags.replace('g', ''));

const normalise = (s: string) => ` ${s.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim()} `;

describe('word boundaries of the question model', () => {
  readQuestion('', 'three_cards'); // its module's own patterns are made on load
  // `loose` is the pattern without its boundaries (they only look around): where it finds nothing, neither
  // form can, so the two are compared only where it does (a tenth of the pairs, the slow ones).
  const patterns = RU_PATTERNS.map(({ written, made }) => ({
    written,
    made: once(made),
    plain: once(ruPlain(written)),
    loose: once(new RegExp(written.source.replace(/\\b/g, ''), made.flags)),
  }));

  it('the patterns use the one-sided forms (the point of them)', () => {
    expect(patterns.length).toBeGreaterThan(20);
    const oneSided = patterns.filter(({ made }) => !made.source.includes('(?<=\\p{L})(?!\\p{L})'));
    expect(oneSided.length).toBeGreaterThan(patterns.length / 2);
  });

  it('match as the two-sided boundary does, on every question the reading tests use', () => {
    const dir = path.dirname(new URL(import.meta.url).pathname);
    const questions = new Set<string>();
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.test.ts'))) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const m of text.matchAll(/'([^'\n]*\p{Script=Cyrillic}[^'\n]*)'|«([^»\n]+)»/gu)) questions.add(m[1] ?? m[2]);
    }
    expect(questions.size).toBeGreaterThan(300);
    // Tens of thousands of pairs: the mismatches are gathered and compared once.
    const differ: string[] = [];
    for (const q of [...questions].map(normalise))
      for (const { written, made, plain, loose } of patterns) {
        if (!loose.test(q)) continue;
        const got = matches(made, q);
        const want = matches(plain, q);
        if (got !== want) differ.push(`${written} on «${q}»: ${got} instead of ${want}`);
      }
    expect(differ).toEqual([]);
  });

  it('match as the two-sided boundary does, on random text of the patterns’ own words', () => {
    const words = [...new Set(patterns.flatMap(({ written }) => written.source.match(/\p{L}{2,}/gu) ?? []))];
    const glue = [' ', '  ', ', ', '-', '?', '!', '«', '»', '1', 'ж', 'ё', 'é', 'ї', 'x', '\n'];
    const text = fc.array(fc.oneof(fc.constantFrom(...words), fc.constantFrom(...glue)), { maxLength: 12 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (t) => {
        const differ = patterns.filter(({ made, plain, loose }) => loose.test(t) && matches(made, t) !== matches(plain, t));
        expect(differ.map(({ written }) => `${written} on «${t}»`)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
