// Training and measuring the learned layer's sensitive themes (care-model-sensitive.ts): one logistic
// regression per theme (one against the rest) with the same features and trainer as the care targets
// (care-model-train.ts), measured leave-one-writer-out.
import {
  CARE_PRECISION,
  CARE_TRAINING,
  type CareExample,
  type Figures,
  outOfFold,
  type TrainOptions,
  thresholdForPrecision,
  thresholdForRecall,
} from './care-model-train';
import { pickTheme, SENSITIVE_THEMES, type SensitiveTheme, type ThemeScores } from './care-model-themes';

/** The recall each theme's `recall` threshold is chosen for (the floor for sensitive themes). */
export const SENSITIVE_RECALL = 0.95;

export const themeLabel = (theme: SensitiveTheme, e: CareExample) => e.sensitive === theme;

/** Each theme's out-of-fold probabilities (leave one writer out). */
export function themesLeaveOneWriterOut(examples: readonly CareExample[], options: TrainOptions = CARE_TRAINING): ThemeScores[] {
  return outOfFold(examples, SENSITIVE_THEMES, themeLabel, options);
}

/** Per theme, `recall` (at SENSITIVE_RECALL) and `precise` (at CARE_PRECISION), on out-of-fold scores. */
export function chooseThemeThresholds(
  examples: readonly CareExample[],
  scores: readonly ThemeScores[],
): { recall: ThemeScores; precise: ThemeScores } {
  const recall = {} as ThemeScores;
  const precise = {} as ThemeScores;
  for (const theme of SENSITIVE_THEMES) {
    const s = scores.map((x) => x[theme]);
    const l = examples.map((e) => themeLabel(theme, e));
    recall[theme] = thresholdForRecall(s, l, SENSITIVE_RECALL);
    precise[theme] = thresholdForPrecision(s, l, CARE_PRECISION);
  }
  return { recall, precise };
}

export interface ThemeReport {
  /** Some theme flagged on a question that has one (whichever). */
  any: Figures;
  /** The theme flagged is the question's own: a true positive only when it is the same theme. */
  exact: Figures;
  /** Near-misses of a theme («умираю от смеха», the Death card) flagged with any theme, of all such near-misses. */
  nearMissFalseTheme: { flagged: number; of: number; rate: number };
}

/** The figures of theme scores read with the given thresholds (the picked theme, as the model picks it). */
export function themeReport(examples: readonly CareExample[], scores: readonly ThemeScores[], thresholds: ThemeScores): ThemeReport {
  const picked = scores.map((s) => pickTheme(s, thresholds));
  const count = (exact: boolean): Figures => {
    let tp = 0;
    let fp = 0;
    const positives = examples.filter((e) => e.sensitive).length;
    picked.forEach((theme, i) => {
      if (!theme) return;
      const right = exact ? theme === examples[i].sensitive : examples[i].sensitive !== null;
      if (right) tp++;
      else fp++;
    });
    return {
      n: examples.length,
      positives,
      truePositives: tp,
      falsePositives: fp,
      precision: tp + fp ? tp / (tp + fp) : 1,
      recall: positives ? tp / positives : 1,
    };
  };
  const themes = new Set<string>([...SENSITIVE_THEMES, 'health', 'death']);
  const near = examples.flatMap((e, i) => (e.nearMiss && themes.has(e.nearMiss) ? [i] : []));
  const flagged = near.filter((i) => picked[i] !== null).length;
  return {
    any: count(false),
    exact: count(true),
    nearMissFalseTheme: { flagged, of: near.length, rate: near.length ? flagged / near.length : 0 },
  };
}
