// The learned layer's sensitive themes: one logistic regression per theme over the same features as the care
// targets (care-model.ts), trained by `npm run train:care`. Server-side only, like care-model.ts (its weights
// are ~345 KiB of source); how it was measured: docs/decisions.md, «The learned care layer».
import { decodeTarget } from './care-model-codec';
import { CARE_BUCKETS } from './care-model-features';
import { type DecodedTarget, targetProbabilities } from './care-model-score';
import { SENSITIVE_WEIGHTS } from './care-model-sensitive-weights';
import { pickTheme, SENSITIVE_THEMES, type SensitiveTheme, type ThemeScores } from './care-model-themes';

/**
 * Per theme, thresholds chosen on leave-one-writer-out scores: `recall` (each theme at recall ≥ 0.95 on an
 * unseen writer; precision is then low) and `precise` (each at precision ≥ 0.9; recall is then low).
 */
export const THEME_THRESHOLDS: { recall: ThemeScores; precise: ThemeScores } = SENSITIVE_WEIGHTS.thresholds;

let themes: DecodedTarget[] | null = null;

/** Each theme's probability. */
export function themeScores(text: string): ThemeScores {
  themes ??= SENSITIVE_THEMES.map((t) => decodeTarget(SENSITIVE_WEIGHTS[t], CARE_BUCKETS));
  return targetProbabilities(SENSITIVE_THEMES, themes, text);
}

/** The question's sensitive theme at an operating point (`precise` by default; `share` of its thresholds), or null. */
export function sensitiveTheme(text: string, point: 'recall' | 'precise' = 'precise', share = 1): SensitiveTheme | null {
  const at = THEME_THRESHOLDS[point];
  if (share === 1) return pickTheme(themeScores(text), at);
  const scaled = {} as ThemeScores;
  for (const theme of SENSITIVE_THEMES) scaled[theme] = at[theme] * share;
  return pickTheme(themeScores(text), scaled);
}
