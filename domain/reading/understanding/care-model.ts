// The learned care layer: three logistic regressions over hashed character n-grams and words
// (care-model-features.ts), trained by `npm run train:care` on the development corpus, meant to be OR-ed with
// the hand-written rules of domain/crisis.ts. Kept apart from crisis.ts on purpose: its weights are ~65 KiB,
// so the web app must not import it (the integrator decides where it runs). How it was trained and measured,
// and what it does not catch: docs/decisions.md, «The learned care layer».
import { CARE_BUCKETS, careFeatureIds } from './care-model-features';
import { CARE_WEIGHTS } from './care-model-weights';

export interface CareScores {
  /** Probability that the asker (or someone they speak of) shows thoughts or plans of suicide or self-harm. */
  selfHarm: number;
  /** Probability of violence or coercive control at home or by a partner or family member. */
  violence: number;
  /** Probability of despair without intent (meaningful only when neither crisis is flagged). */
  concern: number;
}

/**
 * Thresholds on the probabilities, chosen on leave-one-writer-out scores of the development corpus.
 * `recall`: each crisis kind at recall ≥ 0.97 on a writer the model never saw (precision is then low: see
 * docs/decisions.md). `precise`: each target at precision ≥ 0.9 (recall is then low), the point at which OR-ing
 * the layer with the rules adds catches without adding false crises.
 */
export const CARE_THRESHOLDS: { recall: CareScores; precise: CareScores } = CARE_WEIGHTS.thresholds;

interface Target {
  bias: number;
  weights: Float32Array;
}

let targets: { selfHarm: Target; violence: Target; concern: Target } | null = null;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Signed bytes × scale from base64, decoded here (no Buffer, no atob: this module is pure and portable). */
function decode(stored: { bias: number; scale: number; weights: string }): Target {
  const out = new Float32Array(CARE_BUCKETS);
  const s = stored.weights;
  let bits = 0;
  let acc = 0;
  let k = 0;
  for (let i = 0; i < s.length && s[i] !== '='; i++) {
    acc = (acc << 6) | BASE64.indexOf(s[i]);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      const byte = (acc >> bits) & 0xff;
      out[k++] = (byte > 127 ? byte - 256 : byte) * stored.scale;
    }
  }
  if (k !== CARE_BUCKETS) throw new Error(`care model: ${k} weights for ${CARE_BUCKETS} buckets; run npm run train:care`);
  return { bias: stored.bias, weights: out };
}

/** The weights, decoded on first use and kept. */
function model() {
  targets ??= {
    selfHarm: decode(CARE_WEIGHTS.selfHarm),
    violence: decode(CARE_WEIGHTS.violence),
    concern: decode(CARE_WEIGHTS.concern),
  };
  return targets;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The three probabilities of a question (one pass over its features). */
export function careScores(text: string): CareScores {
  const m = model();
  const { ids, count } = careFeatureIds(text);
  const sw = m.selfHarm.weights;
  const vw = m.violence.weights;
  const cw = m.concern.weights;
  let sh = 0;
  let vi = 0;
  let co = 0;
  for (let k = 0; k < count; k++) {
    const id = ids[k];
    sh += sw[id];
    vi += vw[id];
    co += cw[id];
  }
  const norm = count ? 1 / Math.sqrt(count) : 0;
  return {
    selfHarm: sigmoid(m.selfHarm.bias + sh * norm),
    violence: sigmoid(m.violence.bias + vi * norm),
    concern: sigmoid(m.concern.bias + co * norm),
  };
}
