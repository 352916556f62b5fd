// The sensitive themes the learned layer reads (the corpus's `sensitive` labels), and how one is picked from
// their scores: shared by the model (care-model-sensitive.ts) and its training (care-model-sensitive-train.ts).

export const SENSITIVE_THEMES = ['health', 'child_health', 'pregnancy', 'death', 'legal', 'investment', 'addiction', 'pet_health'] as const;
export type SensitiveTheme = (typeof SENSITIVE_THEMES)[number];

export type ThemeScores = Record<SensitiveTheme, number>;

/** The theme whose score is furthest above its threshold (as a ratio), or null when none reaches its own. */
export function pickTheme(scores: ThemeScores, thresholds: ThemeScores): SensitiveTheme | null {
  let best: SensitiveTheme | null = null;
  let bestRatio = 1;
  for (const theme of SENSITIVE_THEMES) {
    const ratio = scores[theme] / thresholds[theme];
    if (ratio >= bestRatio) {
      best = theme;
      bestRatio = ratio;
    }
  }
  return best;
}
