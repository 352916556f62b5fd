// The learned layer's areas of life (the corpus's nine topics) and how its vote joins the rules' area: shared
// by the model (care-model-area.ts) and its training (scripts/train-care-model.ts).
import type { Area } from './area-concepts';

export const LEARNED_AREAS = [
  'love',
  'family',
  'friendship',
  'work',
  'study',
  'money',
  'health',
  'self',
  'general',
] as const satisfies readonly Area[];

export type AreaScores = Record<Area, number>;

/**
 * What the rules' area adds to its own probability before the highest is taken: the layer overrules the rules
 * only where it is surer of another area by this much. Leave one writer out on the eight dev writers (the rules
 * tuned on them, so favoured), topic accuracy: rules 75.4 %, the layer alone 66.2 %; joined everywhere at 0.3
 * 76.8 %, 0.4 77.5 %, 0.5 77.8 %, 0.6 77.5 %; joined only where the rules named an area and no theme decided
 * it 76.5 %, 76.7 % and 76.4 % at 0.4, 0.5 and 0.6; and only on questions of AREA_MIN_WORDS or more (joinArea),
 * 76.5 % at 0.5.
 */
export const AREA_RULES_VOTE = 0.5;

/**
 * A short question is the rules' alone: its few words name its area plainly («что мешает мне чувствовать себя
 * лучше?» is health's), and the layer, with few features, overruled such phrasings; from 8 words up it keeps
 * almost all of its gain (76.5 % against 76.7 % everywhere, 80 of 2,626 areas changed instead of 90).
 */
export const AREA_MIN_WORDS = 8;

/** The area with the highest probability once the rules' own gets its vote. */
export function pickArea(scores: AreaScores, ruled: Area, vote = AREA_RULES_VOTE): Area {
  let best: Area = ruled;
  let top = scores[ruled] + vote;
  for (const area of LEARNED_AREAS)
    if (scores[area] > top) {
      best = area;
      top = scores[area];
    }
  return best;
}

/**
 * The rules' area joined with the layer's. The layer votes only where the rules named an area and no sensitive
 * theme decided it, on a question of AREA_MIN_WORDS words or more: a question naming none («что меня ждёт в этом
 * году?») is read on the spread's own topic, and a theme's area is a decision (an illness is health's,
 * docs/decisions.md), not a guess to overrule.
 */
export const joinArea = (scores: () => AreaScores, ruled: Area, themed: boolean, words: number): Area =>
  ruled === 'general' || themed || words < AREA_MIN_WORDS ? ruled : pickArea(scores(), ruled);
