// The question model keeps its floors on the held-out corpus: questions by writers whom nobody tuning the
// rules has read (domain/reading/corpus/heldout/, one JSON Lines file per writer). The floors live in
// FLOORS (metrics.ts). A checkout without the held-out part fails rather than skipping the floors. The
// dev part keeps DEV_GUARD, what it reached when the rules were last tuned.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenFloors, type CorpusRow, DEV_GUARD, evaluate, FLOORS, floorFigures, parseCorpus, type Prediction, predict } from './metrics';

function readPart(part: string): CorpusRow[] {
  const dir = path.join(__dirname, part);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) => parseCorpus(fs.readFileSync(path.join(dir, f), 'utf8'), `${part}/${f}`));
}

const heldout = readPart('heldout');
const dev = readPart('dev');

/** Each dev question read once for the whole file (the unit project's CPU). */
const read = new Map<string, Prediction>();
const readOnce = (q: string): Prediction => {
  let p = read.get(q);
  if (!p) {
    p = predict(q);
    read.set(q, p);
  }
  return p;
};

describe('held-out corpus', () => {
  it('is there: whole writers, at least 30 % of the corpus (a missing part must fail, not pass unchecked)', () => {
    expect(new Set(heldout.map((r) => r.writer)).size).toBeGreaterThanOrEqual(2);
    expect(heldout.length / (heldout.length + dev.length)).toBeGreaterThanOrEqual(0.3);
    // No writer on both sides of the split.
    const devWriters = new Set(dev.map((r) => r.writer.split('/').pop()));
    expect(heldout.filter((r) => devWriters.has(r.writer.split('/').pop())).map((r) => r.writer)).toEqual([]);
  });

  it(`keeps every floor on ${heldout.length} held-out questions`, () => {
    expect(brokenFloors(evaluate(heldout))).toEqual([]);
  });
});

describe('dev corpus', () => {
  it('is there, with several writers, and every row labelled with known values', () => {
    expect(dev.length).toBeGreaterThan(500);
    expect(new Set(dev.map((r) => r.writer)).size).toBeGreaterThanOrEqual(2);
    const bad = dev.filter(
      (r) =>
        !['self_harm', 'violence', 'none'].includes(r.crisis) ||
        !['yesno', 'choice', 'timing', 'open', 'vague'].includes(r.kind) ||
        !['hoped', 'feared', 'neutral'].includes(r.polarity),
    );
    expect(bad.map((r) => r.q)).toEqual([]);
  });

  it('keeps what the dev part reached (DEV_GUARD), so a rule change that loses ground fails here first', () => {
    expect(brokenFloors(evaluate(dev, readOnce), DEV_GUARD)).toEqual([]);
  });

  it('names the floor a broken rule drops: a model that misses crises and reads every yes/no as feared', () => {
    const broken = (q: string): Prediction => ({ ...readOnce(q), crisis: 'none', polarity: 'feared' });
    const lines = brokenFloors(evaluate(dev, broken), DEV_GUARD);
    expect(lines.some((l) => l.startsWith('crisisRecall'))).toBe(true);
    expect(lines.some((l) => l.startsWith('polarityAccuracy'))).toBe(true);
    expect(Object.keys(floorFigures(evaluate(dev, readOnce)))).toEqual(Object.keys(FLOORS));
  });
});
