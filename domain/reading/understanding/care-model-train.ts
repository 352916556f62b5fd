// Training and measuring the learned care layer (care-model.ts): logistic regression with L2 by stochastic
// gradient descent over the hashed features of care-model-features.ts, deterministic (a seeded shuffle, no
// clock, no Math.random), and leave-one-writer-out cross-validation, the honest estimate of how it reads a
// writer it never saw. Pure: the script (scripts/train-care-model.ts) and the test read the corpus and pass it in.
import { CARE_BUCKETS, careFeatures } from './care-model-features';
import { mulberry32 } from '../../text/seeded-random';

/** One labelled question of the corpus, as the model needs it. */
export interface CareExample {
  text: string;
  writer: string;
  selfHarm: boolean;
  violence: boolean;
  concern: boolean;
  /** The sensitive theme («health», «child_health», …), or null. */
  sensitive: string | null;
  /** The concept a near-miss imitates («self_harm», «death», …), or null. */
  nearMiss: string | null;
  /** The part of life (the corpus's nine topics). */
  topic: string;
}

export const CARE_TARGETS = ['selfHarm', 'violence', 'concern'] as const;
export type CareTarget = (typeof CARE_TARGETS)[number];

/**
 * What each target learns from. Concern is despair WITHOUT intent, and a crisis wins over it wherever the
 * model is used, so crisis questions are left out of its training rather than taught as «not concern».
 */
export function careLabel(target: CareTarget, e: CareExample): boolean | null {
  if (target === 'concern') return e.selfHarm || e.violence ? null : e.concern;
  return e[target];
}

export interface LinearModel {
  bias: number;
  weights: Float64Array;
}

export interface TrainOptions {
  epochs: number;
  /** L2 strength. */
  lambda: number;
  /** The first step size; it decays as eta0 / (1 + lambda·eta0·t). */
  eta0: number;
  /** How much a positive example's loss weighs against a negative one's (recall over precision). */
  positiveWeight: number;
  /**
   * Scale each feature by its naive-Bayes log-count ratio before the regression (NBSVM, Wang & Manning 2012),
   * with this add-alpha smoothing; 0 leaves features unscaled. The ratio is folded into the weights after
   * training, so the shipped model and its scoring are the same either way.
   */
  nbAlpha: number;
  seed: number;
}

/** The recall the thresholds are chosen for, on out-of-fold scores: a missed crisis costs far more than a false one. */
export const CARE_RECALL = 0.97;
/** The precision of the second operating point, `precise`, for a caller that ORs this layer with rules. */
export const CARE_PRECISION = 0.9;
/** Concern only changes the reading's first line, so its threshold aims lower. */
export const CONCERN_RECALL = 0.85;

/** One writer's file of the corpus (JSON Lines, labels as in the corpus's LABELS) as examples. */
export function parseCareCorpus(writer: string, jsonl: string): CareExample[] {
  return jsonl
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const r = JSON.parse(l) as {
        q: string;
        crisis: string;
        concern: boolean;
        sensitive: string | null;
        nearMiss: string | null;
        topic: string;
      };
      return {
        text: r.q,
        writer,
        selfHarm: r.crisis === 'self_harm',
        violence: r.crisis === 'violence',
        concern: r.concern === true,
        sensitive: r.sensitive ?? null,
        nearMiss: r.nearMiss ?? null,
        topic: r.topic,
      };
    });
}

/**
 * λ = 1e-5: leave one writer out on eight dev writers, a stronger L2 read unseen writers worse (mean crisis
 * average precision 0.875 at 3e-4, 0.894 at 1e-4, 0.907 at 1e-5, 0.908 at 3e-6), as did balancing the writers'
 * weights (0.890) or a lower positive weight (0.889 at 1.5): the n-grams that carry over need room to weigh.
 */
export const CARE_TRAINING: TrainOptions = { epochs: 20, lambda: 1e-5, eta0: 0.5, positiveWeight: 3, nbAlpha: 1, seed: 46 };

/**
 * The area layer's training (care-model-area.ts): nine areas, one against the rest, where every question is
 * some area's positive, so no class is rare enough to weigh up (leave one writer out, joined with the rules:
 * 77.3 % topic accuracy at a positive weight of 3, 77.8 % at 1).
 */
export const AREA_TRAINING: TrainOptions = { ...CARE_TRAINING, positiveWeight: 1 };

/** A seeded generator of numbers in [0, 1): the same on every machine. */
function seeded(seed: number): () => number {
  const next = mulberry32(seed);
  return () => next() / 4294967296;
}

export const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** The raw score bias + Σ w[id]/√n of a question's features. */
export function linearScore(bias: number, weights: ArrayLike<number>, features: readonly number[]): number {
  if (features.length === 0) return bias;
  let sum = 0;
  for (const id of features) sum += weights[id];
  return bias + sum / Math.sqrt(features.length);
}

/**
 * log(P(feature | positive) / P(feature | negative)), each question counting a feature once, smoothed with
 * `alpha`, scaled to a mean magnitude of 1 over the buckets in use (so the step size and L2 strength keep
 * their meaning whatever the number of buckets).
 */
function logCountRatios(rows: readonly (readonly number[])[], labels: readonly (boolean | null)[], alpha: number) {
  const pos = new Float64Array(CARE_BUCKETS).fill(alpha);
  const neg = new Float64Array(CARE_BUCKETS).fill(alpha);
  const seen = new Int32Array(CARE_BUCKETS).fill(-1);
  rows.forEach((x, i) => {
    if (labels[i] === null) return;
    const counts = labels[i] ? pos : neg;
    for (const id of x) {
      if (seen[id] === i) continue;
      seen[id] = i;
      counts[id] += 1;
    }
  });
  let sumPos = 0;
  let sumNeg = 0;
  for (let k = 0; k < CARE_BUCKETS; k++) {
    sumPos += pos[k];
    sumNeg += neg[k];
  }
  const r = new Float64Array(CARE_BUCKETS);
  // The mean over the buckets some question has: an unseen one keeps a weight of 0 whatever its ratio.
  let total = 0;
  let seenBuckets = 0;
  for (let k = 0; k < CARE_BUCKETS; k++) {
    r[k] = Math.log(pos[k] / sumPos / (neg[k] / sumNeg));
    if (seen[k] < 0) continue;
    total += Math.abs(r[k]);
    seenBuckets++;
  }
  const mean = seenBuckets ? total / seenBuckets : 1;
  for (let k = 0; k < CARE_BUCKETS; k++) r[k] /= mean || 1;
  return r;
}

/** Logistic regression with L2 by SGD; rows whose label is null are skipped. Same input, same weights. */
export function trainLinear(
  rows: readonly (readonly number[])[],
  labels: readonly (boolean | null)[],
  options: TrainOptions = CARE_TRAINING,
): LinearModel {
  const { epochs, lambda, eta0, positiveWeight, nbAlpha } = options;
  const r = nbAlpha > 0 ? logCountRatios(rows, labels, nbAlpha) : new Float64Array(CARE_BUCKETS).fill(1);
  const w = new Float64Array(CARE_BUCKETS);
  // w is kept as scale·v so that the L2 shrink of every weight is one multiplication (Bottou's trick).
  let scale = 1;
  let bias = 0;
  let t = 0;
  const random = seeded(options.seed);
  const order = labels.flatMap((l, i) => (l === null ? [] : [i]));
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const i of order) {
      const x = rows[i];
      const y = labels[i] ? 1 : 0;
      const inv = x.length ? 1 / Math.sqrt(x.length) : 0;
      let sum = 0;
      for (const id of x) sum += w[id] * r[id];
      const p = sigmoid(bias + scale * sum * inv);
      const g = (p - y) * (y ? positiveWeight : 1);
      const eta = eta0 / (1 + lambda * eta0 * t);
      scale *= 1 - eta * lambda;
      if (scale < 1e-6) {
        for (let k = 0; k < w.length; k++) w[k] *= scale;
        scale = 1;
      }
      const delta = (eta * g * inv) / scale;
      for (const id of x) w[id] -= delta * r[id];
      bias -= eta * g;
      t++;
    }
  }
  // Folded: w·(r⊙x) = (w⊙r)·x, so the model scores raw features.
  for (let k = 0; k < w.length; k++) w[k] *= scale * r[k];
  return { bias, weights: w };
}

/** The weights as stored: signed bytes with one scale per target (what the shipped model reads). */
export function quantize(model: LinearModel): { bias: number; scale: number; bytes: Int8Array } {
  let max = 0;
  for (const v of model.weights) max = Math.max(max, Math.abs(v));
  const scale = max / 127 || 1;
  const bytes = new Int8Array(model.weights.length);
  for (let k = 0; k < bytes.length; k++) bytes[k] = Math.round(model.weights[k] / scale);
  return { bias: model.bias, scale, bytes };
}

export function dequantize(q: { bias: number; scale: number; bytes: Int8Array }): LinearModel {
  return { bias: q.bias, weights: Float64Array.from(q.bytes, (b) => b * q.scale) };
}

export type CareScores = Record<CareTarget, number>;

/**
 * Out-of-fold probabilities of any targets: each writer's questions scored by models trained on the other
 * writers, each model stored as it will ship (quantized) before it scores.
 */
export function outOfFold<T extends string>(
  examples: readonly CareExample[],
  targets: readonly T[],
  label: (target: T, e: CareExample) => boolean | null,
  options: TrainOptions = CARE_TRAINING,
): Record<T, number>[] {
  const rows = examples.map((e) => careFeatures(e.text));
  const scores = examples.map(() => ({}) as Record<T, number>);
  for (const writer of [...new Set(examples.map((e) => e.writer))]) {
    for (const target of targets) {
      const labels = examples.map((e) => (e.writer === writer ? null : label(target, e)));
      const m = dequantize(quantize(trainLinear(rows, labels, options)));
      examples.forEach((e, i) => {
        if (e.writer === writer) scores[i][target] = sigmoid(linearScore(m.bias, m.weights, rows[i]));
      });
    }
  }
  return scores;
}

/** The care targets' out-of-fold probabilities (leave one writer out). */
export function leaveOneWriterOut(examples: readonly CareExample[], options: TrainOptions = CARE_TRAINING): CareScores[] {
  return outOfFold(examples, CARE_TARGETS, careLabel, options);
}

export type CareThresholds = CareScores;

/** The highest threshold whose recall on these scores is at least `recall` (ties kept on the positive side). */
export function thresholdForRecall(scores: readonly number[], labels: readonly (boolean | null)[], recall: number) {
  const positives = scores.filter((_, i) => labels[i] === true).sort((a, b) => b - a);
  if (positives.length === 0) return 0.5;
  const keep = Math.ceil(recall * positives.length);
  return positives[Math.max(0, keep - 1)];
}

/** The lowest threshold whose precision on these scores is at least `precision` (1 when none reaches it). */
export function thresholdForPrecision(scores: readonly number[], labels: readonly (boolean | null)[], precision: number): number {
  const ranked = scores
    .map((s, i) => [s, labels[i]] as const)
    .filter(([, l]) => l !== null)
    .sort((a, b) => b[0] - a[0]);
  let tp = 0;
  let best = 1;
  ranked.forEach(([s, l], k) => {
    if (l) tp++;
    // Only where the next score differs: a threshold cannot split equal scores.
    if (tp / (k + 1) >= precision && (k + 1 === ranked.length || ranked[k + 1][0] < s)) best = s;
  });
  return best;
}

/** Average precision of scores against labels (null skipped): the area under the precision–recall curve, no threshold. */
export function averagePrecision(scores: readonly number[], labels: readonly (boolean | null)[]): number {
  const ranked = scores
    .map((s, i) => [s, labels[i]] as const)
    .filter(([, l]) => l !== null)
    .sort((a, b) => b[0] - a[0]);
  let tp = 0;
  let sum = 0;
  ranked.forEach(([, l], k) => {
    if (!l) return;
    tp++;
    sum += tp / (k + 1);
  });
  return tp ? sum / tp : 0;
}

/** Per target, and for a crisis of either kind (the higher of the two scores), each writer's average precision. */
export function averagePrecisionByWriter(
  examples: readonly CareExample[],
  scores: readonly CareScores[],
): Record<string, Record<CareTarget | 'crisis', number>> {
  const out: Record<string, Record<CareTarget | 'crisis', number>> = {};
  for (const writer of new Set(examples.map((e) => e.writer))) {
    const idx = examples.flatMap((e, i) => (e.writer === writer ? [i] : []));
    const ap = (score: (s: CareScores) => number, label: (e: CareExample) => boolean | null) =>
      averagePrecision(
        idx.map((i) => score(scores[i])),
        idx.map((i) => label(examples[i])),
      );
    out[writer] = {
      crisis: ap(
        (s) => Math.max(s.selfHarm, s.violence),
        (e) => e.selfHarm || e.violence,
      ),
      selfHarm: ap(
        (s) => s.selfHarm,
        (e) => careLabel('selfHarm', e),
      ),
      violence: ap(
        (s) => s.violence,
        (e) => careLabel('violence', e),
      ),
      concern: ap(
        (s) => s.concern,
        (e) => careLabel('concern', e),
      ),
    };
  }
  return out;
}

export interface Figures {
  n: number;
  positives: number;
  truePositives: number;
  falsePositives: number;
  precision: number;
  recall: number;
}

function figures(flags: readonly boolean[], labels: readonly (boolean | null)[]): Figures {
  let tp = 0;
  let fp = 0;
  let pos = 0;
  let n = 0;
  flags.forEach((flag, i) => {
    if (labels[i] === null) return;
    n++;
    if (labels[i]) pos++;
    if (flag && labels[i]) tp++;
    if (flag && !labels[i]) fp++;
  });
  return {
    n,
    positives: pos,
    truePositives: tp,
    falsePositives: fp,
    precision: tp + fp ? tp / (tp + fp) : 1,
    recall: pos ? tp / pos : 1,
  };
}

export interface CareReport {
  selfHarm: Figures;
  violence: Figures;
  /** Either crisis kind flagged on a question that is either crisis (the kind may differ). */
  crisis: Figures;
  /** Concern as the tier decides it: flagged and not taken for a crisis, measured on every question. */
  concern: Figures;
  /** Near-misses (jokes, hyperbole, card names…) flagged as a crisis, of all near-misses. */
  nearMissFalseCrisis: { flagged: number; of: number; rate: number };
}

/** The figures of scores read with the given thresholds, over the given examples. */
export function careReport(examples: readonly CareExample[], scores: readonly CareScores[], thresholds: CareThresholds): CareReport {
  const sh = scores.map((s) => s.selfHarm >= thresholds.selfHarm);
  const vi = scores.map((s) => s.violence >= thresholds.violence);
  const crisis = sh.map((f, i) => f || vi[i]);
  const concern = scores.map((s, i) => !crisis[i] && s.concern >= thresholds.concern);
  const near = examples.flatMap((e, i) => (e.nearMiss ? [i] : []));
  const flagged = near.filter((i) => crisis[i]).length;
  return {
    selfHarm: figures(
      sh,
      examples.map((e) => e.selfHarm),
    ),
    violence: figures(
      vi,
      examples.map((e) => e.violence),
    ),
    crisis: figures(
      crisis,
      examples.map((e) => e.selfHarm || e.violence),
    ),
    concern: figures(
      concern,
      examples.map((e) => e.concern),
    ),
    nearMissFalseCrisis: { flagged, of: near.length, rate: near.length ? flagged / near.length : 0 },
  };
}

/**
 * The two operating points, chosen on out-of-fold scores: `recall` (each crisis kind at CARE_RECALL, concern
 * at CONCERN_RECALL) and `precise` (the most recall with a precision of CARE_PRECISION, per target).
 */
export function chooseThresholds(
  examples: readonly CareExample[],
  scores: readonly CareScores[],
): { recall: CareThresholds; precise: CareThresholds } {
  const column = (target: CareTarget) => [scores.map((s) => s[target]), examples.map((e) => careLabel(target, e))] as const;
  const at = (target: CareTarget, r: number) => thresholdForRecall(...column(target), r);
  const precise = (target: CareTarget) => thresholdForPrecision(...column(target), CARE_PRECISION);
  return {
    recall: { selfHarm: at('selfHarm', CARE_RECALL), violence: at('violence', CARE_RECALL), concern: at('concern', CONCERN_RECALL) },
    precise: { selfHarm: precise('selfHarm'), violence: precise('violence'), concern: precise('concern') },
  };
}

/**
 * What the shipped weights were trained from, as one hash: every example's features and labels, the buckets
 * and the training options. The script stores it with the weights; the test compares it instead of training
 * again, so a corpus or feature change without `npm run train:care` fails the test at no training cost.
 */
export function trainingFingerprint(examples: readonly CareExample[]): string {
  let h = 0x811c9dc5;
  const mix = (n: number) => {
    h ^= n;
    h = Math.imul(h, 0x01000193) >>> 0;
  };
  const text = (s: string) => {
    for (let i = 0; i < s.length; i++) mix(s.charCodeAt(i));
    mix(0);
  };
  text(JSON.stringify(CARE_TRAINING));
  text(JSON.stringify(AREA_TRAINING));
  mix(CARE_BUCKETS);
  for (const e of examples) {
    for (const id of careFeatures(e.text)) mix(id);
    text(`${e.selfHarm}|${e.violence}|${e.concern}|${e.sensitive}|${e.nearMiss}|${e.topic}`);
  }
  return h.toString(16).padStart(8, '0');
}
