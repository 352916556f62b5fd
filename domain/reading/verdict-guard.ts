// The AI writes, the cards decide: when the model's reading states the verdict opposite to the plan's (a «нет»
// where the plan says «да», or the other option of an either/or), its text is kept but its last section, the
// conclusion, is replaced by the card-based one (the plan's answer, then its «Общий вывод»). Nothing is
// replaced for an even spread, a sensitive theme (no verdict) or an open question.
import { composeWithPlan } from '.';
import type { ReadingPlan } from './plan';
import { outlineFor, type ReadingPromptInput } from './prompts';
import { readQuestion } from './question';
import { statedOptions, statedVerdicts } from './stated-verdict';

/** The heading the reading's conclusion goes under (the outline's last). */
export const conclusionHeading = (input: ReadingPromptInput) => {
  const outline = outlineFor(input.spreadType, input.firstMonth);
  return outline[outline.length - 1];
};

/** Whether the reading's plan has a verdict or an option the model's text could contradict (then its conclusion is held). */
export function hasVerdictToKeep(input: ReadingPromptInput): boolean {
  if (!input.cards.length) return false;
  const { plan } = composeWithPlan(input);
  return !!plan && ((!!plan.verdict && plan.verdict !== 'even') || !!plan.answer.option);
}

/** Whether `text` explicitly states the verdict opposite to the plan's. */
export function contradictsPlan(text: string, plan: ReadingPlan, options: readonly [string, string] | null): boolean {
  if (plan.verdict && plan.verdict !== 'even') {
    const stated = statedVerdicts(text);
    return stated.has(plan.verdict.startsWith('yes') ? 'no' : 'yes');
  }
  if (plan.answer.option && options) {
    const lose = options[0] === plan.answer.option ? 1 : 0;
    return statedOptions(text, options).has(lose);
  }
  return false;
}

/** The card-based conclusion: its heading, the plan's answer, then the card-based «Общий вывод». */
function cardConclusion(input: ReadingPromptInput, plan: ReadingPlan, cardText: string): string {
  const heading = `## ${conclusionHeading(input)}`;
  const at = cardText.lastIndexOf(heading);
  const body = at < 0 ? '' : cardText.slice(at + heading.length).trim();
  return `${heading}\n\n${[plan.answer.text, body].filter(Boolean).join(' ')}`;
}

/**
 * The model's text with the card-based conclusion when it contradicts the plan (`replaced`), else as it was.
 * What precedes the model's last heading is kept byte for byte (it may have been shown already).
 */
export function guardVerdict(text: string, input: ReadingPromptInput): { text: string; replaced: boolean } {
  if (!input.cards.length) return { text, replaced: false };
  const { text: cardText, plan } = composeWithPlan(input);
  const options = readQuestion(input.question, input.spreadType).options;
  if (!plan || !contradictsPlan(text, plan, options)) return { text, replaced: false };
  const heading = `## ${conclusionHeading(input)}`;
  const at = lastHeadingAt(text, heading);
  const section = cardConclusion(input, plan, cardText);
  if (at >= 0) return { text: text.slice(0, at) + section, replaced: true };
  return { text: `${text}${text.endsWith('\n') ? '\n' : '\n\n'}${section}`, replaced: true };
}

/** Where the heading starts a line, last time it does (-1: never). */
export function lastHeadingAt(text: string, heading: string): number {
  if (text.startsWith(heading) && text.indexOf(`\n${heading}`) < 0) return 0;
  const i = text.lastIndexOf(`\n${heading}`);
  return i < 0 ? (text.startsWith(heading) ? 0 : -1) : i + 1;
}
