// Variety across readings, measured two ways over one shared sample (300 seeded readings of every spread
// type, questions from every part of life, both levels; domain/reading/type-sample.ts):
// - within each spread type, no sentence template (card names, the question and the position names masked)
//   appears in more than 5 % of that type's readings: a reader who asks often does not meet the same sentence;
// - over all of them together, the sentences that appear in more than a fifth of the readings make up under
//   2 % of all sentences (the whole reading: the answer, the cards, the sections and the «Общий вывод»).
import { describe, expect, it } from 'vitest';
import { ALL_SPREADS } from '../tarot/spreads';
import { templateSentences, typeSample, type TypeReading } from './type-sample';

const PER_TYPE = 300;
const sampleOf = (id: string) => typeSample(id, PER_TYPE);

/** Each template and the share of the readings it appears in, highest first. */
function shares(readings: readonly TypeReading[]): [string, number][] {
  const inReadings = new Map<string, number>();
  for (const r of readings) for (const s of new Set(templateSentences(r))) inReadings.set(s, (inReadings.get(s) ?? 0) + 1);
  return [...inReadings].map(([s, k]): [string, number] => [s, k / readings.length]).sort((a, b) => b[1] - a[1]);
}

describe('variety within each spread type', () => {
  it('the masking counts one template once whatever the cards, the question and the positions', () => {
    const [a, b] = sampleOf('celtic_cross');
    const mask = (r: TypeReading) => templateSentences(r).join(' ');
    expect(mask(a)).not.toMatch(/\*\*/);
    expect(mask(a)).not.toContain(`«${a.input.question}»`);
    expect(mask(b)).not.toContain(`«${b.input.cards[0].positionName}»`);
  });

  for (const spread of ALL_SPREADS)
    it(`${spread.id}: no sentence in more than 5 % of ${PER_TYPE} readings`, () => {
      const top = shares(sampleOf(spread.id));
      // VARIETY_FIGURE=1 prints the worst share per type (for the notes).
      if (process.env.VARIETY_FIGURE) console.log(`${spread.id}: ${(100 * top[0][1]).toFixed(1)} % — ${top[0][0]}`);
      const over = top.filter(([, share]) => share > 0.05).map(([s, share]) => `${(100 * share).toFixed(1)} % ${s}`);
      expect(over).toEqual([]);
    });
});

describe('variety across readings', () => {
  it('under 2 % of sentences appear in more than 20 % of all the readings', () => {
    const readings = ALL_SPREADS.flatMap((s) => sampleOf(s.id));
    const sentences = readings.map(templateSentences);
    const common = new Set(
      shares(readings)
        .filter(([, share]) => share > 0.2)
        .map(([s]) => s),
    );
    const total = sentences.reduce((sum, s) => sum + s.length, 0);
    const commonCount = sentences.reduce((sum, s) => sum + s.filter((x) => common.has(x)).length, 0);
    if (process.env.VARIETY_FIGURE) console.log(`variety: ${((100 * commonCount) / total).toFixed(2)} % of ${total} sentences`);
    expect(commonCount / total, [...common].join('\n')).toBeLessThan(0.02);
  });
});
