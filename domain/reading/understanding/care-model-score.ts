// The learned layers' scorer: one logistic regression per target over a text's hashed features
// (care-model-features.ts), one pass per target. The sensitive themes and the areas share it.
import { careFeatureIds } from './care-model-features';

/** A target as decoded from its stored weights (care-model-codec.ts). */
export interface DecodedTarget {
  bias: number;
  weights: Float32Array;
}

/** Each named target's probability for the text (`targets` in the order of `names`). */
export function targetProbabilities<K extends string>(
  names: readonly K[],
  targets: readonly DecodedTarget[],
  text: string,
): Record<K, number> {
  const { ids, count } = careFeatureIds(text);
  const norm = count ? 1 / Math.sqrt(count) : 0;
  const out = {} as Record<K, number>;
  names.forEach((name, t) => {
    const w = targets[t].weights;
    let sum = 0;
    for (let k = 0; k < count; k++) sum += w[ids[k]];
    out[name] = 1 / (1 + Math.exp(-(targets[t].bias + sum * norm)));
  });
  return out;
}
