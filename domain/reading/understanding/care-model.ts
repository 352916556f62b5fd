// The learned care layer: three logistic regressions over hashed character n-grams and words
// (care-model-features.ts), trained by `npm run train:care` on the development corpus, meant to be OR-ed with
// the hand-written rules of domain/reading/crisis.ts. Kept apart from crisis.ts on purpose: its weights are ~130 KiB,
// so the web app must not import it (the integrator decides where it runs). How it was trained and measured,
// and what it does not catch: docs/decisions.md, «The learned care layer».
import { decodeTarget } from './care-model-codec';
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

let targets: Record<keyof CareScores, { bias: number; weights: Float32Array }> | null = null;

/** The weights, decoded on first use and kept. */
function model() {
  targets ??= {
    selfHarm: decodeTarget(CARE_WEIGHTS.selfHarm, CARE_BUCKETS),
    violence: decodeTarget(CARE_WEIGHTS.violence, CARE_BUCKETS),
    concern: decodeTarget(CARE_WEIGHTS.concern, CARE_BUCKETS),
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
