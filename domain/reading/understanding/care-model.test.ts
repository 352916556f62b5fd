// The learned care layer: the shipped models (care targets and sensitive themes) read clear cases, is what `npm run train:care` makes from the
// corpus (the weights are not stale), trains deterministically, and still generalises across writers on the
// development corpus (leave-one-writer-out): a broken feature extractor or trainer fails the floors below.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARE_THRESHOLDS, careScores } from './care-model';
import { careFeatures, careText } from './care-model-features';
import {
  CARE_TARGETS,
  CARE_TRAINING,
  type CareExample,
  averagePrecisionByWriter,
  careLabel,
  careReport,
  chooseThresholds,
  leaveOneWriterOut,
  parseCareCorpus,
  quantize,
  trainLinear,
} from './care-model-train';
import { CARE_WEIGHTS } from './care-model-weights';
import { sensitiveTheme } from './care-model-sensitive';
import { themeLabel } from './care-model-sensitive-train';
import { SENSITIVE_WEIGHTS } from './care-model-sensitive-weights';
import { SENSITIVE_THEMES } from './care-model-themes';
import { encodeBytes } from './care-model-codec';

const CORPUS = path.join(__dirname, '../corpus/dev');

const examples: CareExample[] = fs
  .readdirSync(CORPUS)
  .filter((f) => f.endsWith('.jsonl'))
  .sort()
  .flatMap((f) => parseCareCorpus(f.replace(/\.jsonl$/, ''), fs.readFileSync(path.join(CORPUS, f), 'utf8')));

describe('the shipped care model', () => {
  const { recall, precise } = CARE_THRESHOLDS;

  it('reads clear crises, in Russian, in Latin letters and in English', () => {
    const selfHarm = ['Я хочу покончить с собой, есть ли смысл жить дальше?', 'ya hochu pokonchit s soboy', 'I want to kill myself'];
    const violence = ['Муж бьёт меня и отбирает телефон, он изменится?', 'he hits me when he drinks. will he change'];
    for (const q of selfHarm) expect(careScores(q).selfHarm, q).toBeGreaterThanOrEqual(recall.selfHarm);
    for (const q of violence) expect(careScores(q).violence, q).toBeGreaterThanOrEqual(recall.violence);
    // The plainest Russian ones clear even the precise point (precision 0.9 on an unseen writer).
    expect(careScores(selfHarm[0]).selfHarm).toBeGreaterThanOrEqual(precise.selfHarm);
    expect(careScores(violence[0]).violence).toBeGreaterThanOrEqual(precise.violence);
    const despair = careScores('Всё бессмысленно, нет сил ни на что. Когда это кончится?');
    expect(despair.concern).toBeGreaterThanOrEqual(precise.concern);
    expect(despair.selfHarm).toBeLessThan(precise.selfHarm);
  });

  it('leaves ordinary questions and near-misses below its precise thresholds', () => {
    for (const q of [
      'Позвонит ли он мне на этой неделе?',
      'Поступлю ли я в МГУ на бюджет?',
      'Умираю от смеха от его шуток — это влюблённость?',
      'Выпала карта Смерть в раскладе на любовь, что это значит?',
    ]) {
      const s = careScores(q);
      expect(s.selfHarm < precise.selfHarm && s.violence < precise.violence && s.concern < precise.concern, q).toBe(true);
    }
  });

  it('gives probabilities for any input, empty and odd ones included', () => {
    for (const q of ['', '   ', '😂😂😂', ')))', 'ё'.repeat(5000), 'a\u0000b']) {
      for (const v of Object.values(careScores(q))) expect(v >= 0 && v <= 1).toBe(true);
    }
  });

  // Exact bytes: the trainer uses only seeded arithmetic and V8's Math.exp (a port of fdlibm, the same on every
  // platform); a Node whose exp differed would show here first, and retraining would be the fix.
  it('is what npm run train:care makes from the corpus (the weights files are not stale)', () => {
    const rows = examples.map((e) => careFeatures(e.text));
    const check = (labels: boolean[] | (boolean | null)[], stored: { bias: number; weights: string }, name: string) => {
      const q = quantize(trainLinear(rows, labels, CARE_TRAINING));
      expect(encodeBytes(q.bytes) === stored.weights, name).toBe(true);
      expect(q.bias).toBe(stored.bias);
    };
    for (const target of CARE_TARGETS)
      check(
        examples.map((e) => careLabel(target, e)),
        CARE_WEIGHTS[target],
        target,
      );
    // One theme stands for its file (the script writes both at once); all eight would cost two more seconds.
    check(
      examples.map((e) => themeLabel(SENSITIVE_THEMES[0], e)),
      SENSITIVE_WEIGHTS[SENSITIVE_THEMES[0]],
      SENSITIVE_THEMES[0],
    );
  });
});

describe('the shipped theme model', () => {
  it('names the theme of clear sensitive questions at its precise point', () => {
    expect(sensitiveTheme('У сына третий день температура, это что-то серьёзное?')).toBe('child_health');
    expect(sensitiveTheme('Сколько ещё проживёт мой дедушка?')).toBe('death');
    expect(sensitiveTheme('Беременна ли я? Тест показал две полоски')).toBe('pregnancy');
    expect(sensitiveTheme('Выиграю ли я суд по алиментам?')).toBe('legal');
  });

  it('names none for ordinary questions and near-misses', () => {
    for (const q of [
      'Позвонит ли он мне на этой неделе?',
      'Умираю от смеха от его шуток — это влюблённость?',
      'Выпала карта Смерть в раскладе на любовь, что это значит?',
    ])
      expect(sensitiveTheme(q), q).toBeNull();
  });
});

describe('the features', () => {
  it('read Russian typed in Latin letters as Cyrillic and keep the Latin words', () => {
    expect(careText('Ne HOCHU zhit, pravda))')).toEqual({ cyrillic: 'не хочу жит правда ☺', latin: 'ne hochu zhit pravda' });
    expect(careText('Ооочень бессмысленно, ёлки 2024').cyrillic).toBe('очень бесмыслено елки 0');
  });
});

describe('training', () => {
  it('is deterministic: the same slice gives the same weights', () => {
    const slice = examples.filter((_, i) => i % 10 === 0);
    const rows = slice.map((e) => careFeatures(e.text));
    const labels = slice.map((e) => e.selfHarm);
    const a = trainLinear(rows, labels, { ...CARE_TRAINING, epochs: 3 });
    const b = trainLinear(rows, labels, { ...CARE_TRAINING, epochs: 3 });
    expect(a.bias).toBe(b.bias);
    expect(a.weights.every((w, k) => w === b.weights[k])).toBe(true);
    expect(a.weights.some((w) => w !== 0)).toBe(true);
  });

  it('generalises across writers on the development corpus (leave one writer out)', () => {
    const scores = leaveOneWriterOut(examples);
    // Today's figures (docs/decisions.md) are 0.61–0.88 average precision per writer; a model no better than
    // chance scores about the positives' share (0.07–0.21).
    for (const [writer, ap] of Object.entries(averagePrecisionByWriter(examples, scores))) {
      expect(ap.crisis, writer).toBeGreaterThan(0.55);
      expect(ap.selfHarm, writer).toBeGreaterThan(0.55);
      expect(ap.violence, writer).toBeGreaterThan(0.5);
      expect(ap.concern, writer).toBeGreaterThan(0.65);
    }
    const thresholds = chooseThresholds(examples, scores);
    const precise = careReport(examples, scores, thresholds.precise);
    expect(precise.crisis.precision).toBeGreaterThanOrEqual(0.85);
    expect(precise.crisis.recall).toBeGreaterThan(0.25);
    expect(precise.nearMissFalseCrisis.rate).toBeLessThanOrEqual(0.02);
    // The shipped thresholds are the ones these scores give (rounded down to six decimals).
    for (const target of CARE_TARGETS) {
      expect(CARE_THRESHOLDS.precise[target]).toBeCloseTo(thresholds.precise[target], 5);
      expect(CARE_THRESHOLDS.recall[target]).toBeCloseTo(thresholds.recall[target], 5);
    }
  });
});
