// The care tier and the sensitive theme as the server reads a question: the rules (domain/crisis.ts, which the
// web app shares for its instant check) OR the learned layer at its `precise` operating point (each target at
// precision ≥ 0.9 on writers it never saw), so the layer adds catches the rules miss without adding false
// alarms. Server only: the layer's weights stay out of the web bundle. docs/decisions.md, «Care tiers».
import { assessCare, type Care } from '../../crisis';
import { CARE_THRESHOLDS, careScores } from './care-model';
import { careText } from './care-model-features';
import { sensitiveTheme } from './care-model-sensitive';

/**
 * The layer speaks only on a text of at least this many words (the cards and the app not counted): a short
 * text has a few features, each weighing much, and «ну покажи карту на сегодня» scored as a crisis. Of the
 * development corpus's 319 crises one has fewer.
 */
const LEARNED_MIN_WORDS = 5;
const longEnough = (text: string) => {
  const words = careText(text).cyrillic;
  let n = words ? 1 : 0;
  for (let i = 0; i < words.length; i++) if (words.charCodeAt(i) === 32) n++;
  return n >= LEARNED_MIN_WORDS;
};

/** The rules' verdict joined with the learned layer's: a crisis from either wins, then concern from either. */
export function serverCare(text: string): Care {
  const rules = assessCare(text);
  if (rules.tier === 'crisis' || !longEnough(text)) return rules;
  const s = careScores(text);
  const at = CARE_THRESHOLDS.precise;
  if (s.selfHarm >= at.selfHarm) return { tier: 'crisis', crisis: 'self_harm' };
  if (s.violence >= at.violence) return { tier: 'crisis', crisis: 'violence' };
  if (rules.tier === 'concern' || s.concern >= at.concern) return { tier: 'concern', crisis: null };
  return rules;
}

/** The learned layer's sensitive theme at its `precise` point, for a question the rules found none in. */
export const learnedTheme = (text: string) => (longEnough(text) ? sensitiveTheme(text, 'precise') : null);
