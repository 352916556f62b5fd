// What an interpretation answers: the stored reading's text as a result (AI or card-based, and why), and the
// prompt input built from the cards the user turned.
import type { Reading } from '../../db/schema';
import { customPromptCards, promptCards, type ReadingPromptInput } from '../../domain/reading/prompts';
import { AI_ERRORS } from '../ai-provider';
import { readingView, type ReadingView } from '../readings';

export interface InterpretationResult {
  interpretation: string;
  /** True when the text is the card-based interpretation (no AI text). */
  fallback: boolean;
  /** Why the fallback was used (an AI_ERRORS text, for logs and clients that read it; never shown). */
  error: string | null;
  reading: ReadingView;
  /** Who wrote the text: the AI, or the card-based interpreter. */
  source: 'ai' | 'cards';
  /** Why the cards wrote it: no AI is configured, or the AI failed. Null for an AI text. */
  fallbackReason: 'no_ai' | 'ai_failed' | null;
  /** «Спросить ИИ ещё раз» is possible: a card-based reading while an AI provider is configured. */
  canRetry: boolean;
  /** The calm Russian line the screen shows for a card-based text (null for an AI text). */
  notice: string | null;
  /** The AI's text stopped at its length limit and the cards finished it, after a visible line in the text. */
  cutOff: boolean;
}

/** What the screens show above a card-based interpretation. */
export const FALLBACK_NOTICES = {
  label: 'Толкование составлено по классическим значениям карт',
  aiFailed:
    'ИИ-толкователь сейчас не ответил, поэтому здесь толкование по классическим значениям карт. Расклад сохранён: чуть позже можно спросить ИИ ещё раз — бесплатно, по тем же картам.',
} as const;

export function resultOf(r: Reading, aiEnabled: boolean): InterpretationResult {
  const fallback = r.status === 'fallback';
  const reason = !fallback ? null : !aiEnabled || r.ai_error === AI_ERRORS.notInitialized ? 'no_ai' : 'ai_failed';
  return {
    interpretation: r.interpretation ?? '',
    fallback,
    error: fallback ? (r.ai_error ?? AI_ERRORS.unknown) : null,
    reading: readingView(r),
    source: fallback ? 'cards' : 'ai',
    fallbackReason: reason,
    canRetry: fallback && aiEnabled,
    notice: reason === 'ai_failed' ? FALLBACK_NOTICES.aiFailed : reason === 'no_ai' ? FALLBACK_NOTICES.label : null,
    cutOff: r.status === 'done' && r.ai_error === AI_ERRORS.cutOff,
  };
}

/** The cards the user turned (in dealing order): all of them when the client never said. */
export function turnedCards(r: Pick<Reading, 'cards' | 'turned_count'>) {
  const sorted = [...r.cards].sort((a, b) => a.position - b.position);
  return r.turned_count && r.turned_count > 0 ? sorted.slice(0, r.turned_count) : sorted;
}

export function promptInputOf(
  r: Reading,
  extra: Pick<ReadingPromptInput, 'firstName' | 'astro' | 'reversals' | 'memory' | 'transitLine'> = {},
): ReadingPromptInput {
  return {
    spreadType: r.spread_type,
    question: r.question,
    cards: r.custom_spread ? customPromptCards(r.custom_spread, turnedCards(r)) : promptCards(r.spread_type, turnedCards(r), r.first_month),
    customSpreadName: r.custom_spread?.name ?? null,
    level: r.level,
    firstMonth: r.first_month,
    person: r.person ?? null,
    ...extra,
  };
}
