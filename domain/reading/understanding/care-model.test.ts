// The learned care layer: the shipped models (care targets and sensitive themes) read clear cases, were trained
// from the corpus and features as they are (the weights are not stale: a fingerprint, no training here),
// train deterministically (on a small slice), and generalised across writers when trained (the
// leave-one-writer-out figures `npm run train:care` stored beside the weights): a broken feature extractor or
// trainer that was used to retrain fails the floors below. The unit project trains nothing larger than the slice.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARE_THRESHOLDS, careScores } from './care-model';
import { careFeatures, careText } from './care-model-features';
import { serverCare } from './server-care';
import {
  CARE_TRAINING,
  type CareExample,
  careLabel,
  dequantize,
  parseCareCorpus,
  quantize,
  trainingFingerprint,
  trainLinear,
} from './care-model-train';
import { CARE_WEIGHTS } from './care-model-weights';
import { sensitiveTheme } from './care-model-sensitive';
import { SENSITIVE_WEIGHTS } from './care-model-sensitive-weights';
import { AREA_WEIGHTS } from './care-model-area-weights';
import { areaProbabilities } from './care-model-area';
import { pickArea } from './care-model-areas';
import { decodeBytes, encodeBytes } from './care-model-codec';

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

  // Everyday questions sharing crisis words (dev writer 28 taught it): without them it refused the first one.
  it('reads everyday questions with crisis words as ordinary', () => {
    for (const q of [
      'А где мне лучше жить?',
      'Где мне будет лучше жить?',
      'Где мне будет лучше жить: в Москве или в Питере?',
      'Будет ли мне лучше без него?',
    ]) {
      expect(serverCare(q).tier, q).toBe('none');
    }
    // A crisis the rules see stays one at any length.
    expect(serverCare('Хочу покончить с собой').tier).toBe('crisis');
  });

  it('gives probabilities for any input, empty and odd ones included', () => {
    for (const q of ['', '   ', '😂😂😂', ')))', 'ё'.repeat(5000), 'a\u0000b']) {
      for (const v of Object.values(careScores(q))) expect(v >= 0 && v <= 1).toBe(true);
    }
  });

  // The fingerprint covers every example's features and labels, the buckets and the training options: a
  // changed corpus, feature extractor or option without `npm run train:care` fails here, with no training.
  it('was trained from the corpus and features as they are (the weights files are not stale)', () => {
    const now = trainingFingerprint(examples);
    expect(CARE_WEIGHTS.fingerprint, 'care-model-weights.ts is stale: run npm run train:care').toBe(now);
    expect(SENSITIVE_WEIGHTS.fingerprint, 'care-model-sensitive-weights.ts is stale: run npm run train:care').toBe(now);
    expect(AREA_WEIGHTS.fingerprint, 'care-model-area-weights.ts is stale: run npm run train:care').toBe(now);
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

describe('the shipped area model', () => {
  it('reads the part of life of plain questions', () => {
    const top = (q: string) => pickArea(areaProbabilities(q), 'general', 0);
    expect(top('Позовёт ли он меня замуж этой весной?')).toBe('love');
    expect(top('Дадут ли мне повышение на работе до конца года?')).toBe('work');
    expect(top('Помирюсь ли я со свекровью после ссоры?')).toBe('family');
  });

  it('keeps the rules’ area unless it is much surer of another', () => {
    const q = 'Позовёт ли он меня замуж этой весной?';
    expect(pickArea(areaProbabilities(q), 'love')).toBe('love');
    // A vote of 1 keeps the rules' area whatever the layer reads: no probability beats it.
    expect(pickArea(areaProbabilities(q), 'money', 1)).toBe('money');
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

  it('the quantised weights decode to the trained model within one step of the scale', () => {
    const slice = examples.filter((_, i) => i % 10 === 0);
    const model = trainLinear(
      slice.map((e) => careFeatures(e.text)),
      slice.map((e) => careLabel('selfHarm', e)),
      { ...CARE_TRAINING, epochs: 3 },
    );
    const q = quantize(model);
    const back = dequantize({ ...q, bytes: decodeBytes(encodeBytes(q.bytes)) });
    expect(back.bias).toBe(model.bias);
    expect(model.weights.every((w, k) => Math.abs(w - back.weights[k]) <= q.scale)).toBe(true);
  });

  it('generalised across every development writer when it was trained (leave one writer out, as stored)', () => {
    const { averagePrecision, precise } = CARE_WEIGHTS.crossValidation;
    // Every writer of the corpus was held out once.
    expect(Object.keys(averagePrecision).sort()).toEqual([...new Set(examples.map((e) => e.writer))].sort());
    // The figures (docs/decisions.md) are 0.77–0.96 average precision per writer; a model no better than chance
    // scores about the positives' share (0.07–0.21).
    // A writer of everyday questions only (writer 28) has no crisis to rank: average precision is not defined there.
    const has = (writer: string, label: 'selfHarm' | 'violence' | 'concern') => examples.some((e) => e.writer === writer && e[label]);
    for (const [writer, ap] of Object.entries(averagePrecision)) {
      if (has(writer, 'selfHarm') || has(writer, 'violence')) expect(ap.crisis, writer).toBeGreaterThan(0.7);
      if (has(writer, 'selfHarm')) expect(ap.selfHarm, writer).toBeGreaterThan(0.65);
      if (has(writer, 'violence')) expect(ap.violence, writer).toBeGreaterThan(0.65);
      if (has(writer, 'concern')) expect(ap.concern, writer).toBeGreaterThan(0.7);
    }
    const crisisWriters = Object.keys(averagePrecision).filter((w) => has(w, 'selfHarm') || has(w, 'violence'));
    expect(crisisWriters.length).toBeGreaterThanOrEqual(18);
    expect(precise.crisisPrecision).toBeGreaterThanOrEqual(0.85);
    expect(precise.crisisRecall).toBeGreaterThan(0.4);
    // 2.5 % since writers 13 and 14 (the earlier layer read them at 2.4 %): their near-misses borrow crises' words.
    // 4.3 % since writers 19–22 (the earlier features read the fifteen writers at 3.7 %): their jokes and idioms
    // borrow crises' words, and the precise point reaches more crises. At this point the layer alone only lifts a
    // tier (server-care.ts); the care tier's own near-miss figure is the corpus's (floors.test.ts).
    expect(precise.nearMissFalseCrisis).toBeLessThanOrEqual(0.05);
  });
});
