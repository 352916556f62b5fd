// The learned layer's area of life: one logistic regression per area (one against the rest) over the same
// features as the care targets (care-model.ts), trained by `npm run train:care` on the dev corpus's topics.
// Server-side only, like care-model.ts (its weights are ~385 KiB of source); joined with the rules' area by
// question.ts. How it was measured: docs/decisions.md, «How the question model is measured».
import type { Area } from './area-concepts';
import { AREA_WEIGHTS } from './care-model-area-weights';
import { type AreaScores, joinArea, LEARNED_AREAS } from './care-model-areas';
import { decodeTarget } from './care-model-codec';
import { CARE_BUCKETS, wordsOf } from './care-model-features';
import { type DecodedTarget, targetProbabilities } from './care-model-score';

let areas: DecodedTarget[] | null = null;

/** Each area's probability. */
export function areaProbabilities(text: string): AreaScores {
  areas ??= LEARNED_AREAS.map((a) => decodeTarget(AREA_WEIGHTS[a], CARE_BUCKETS));
  return targetProbabilities(LEARNED_AREAS, areas, text);
}

/** Whether the layer votes: the training script turns it off to read the rules' own area. */
export const areaLayer = { on: true };

/** The rules' area joined with the layer's (joinArea); `themed` when a sensitive theme decided it. */
export const learnedArea = (text: string, ruled: Area, themed: boolean): Area =>
  areaLayer.on ? joinArea(() => areaProbabilities(text), ruled, themed, wordsOf(text)) : ruled;
