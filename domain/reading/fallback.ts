// The card-based interpreter's entry points: a whole reading (composed in domain/reading/), and the short
// daily-card and day-analysis texts used when no AI text can be produced. Pure and deterministic.
import { oneLine, orientationWords, type ReadingPromptInput } from './prompts';

/** « (прямое положение)» after the card's name, or nothing for a user without reversed cards. */
const orientationNote = (o: Orientation, reversals: boolean) => (reversals ? ` (${orientationWords(o)})` : '');
import { composeReading } from './';
import { composeSecondOpinion } from './voices';
import type { Voice } from '../tarot/voices';
import { wordsFor } from './lexicon';
import { adviceSentence, riskWords } from './daily-reflection';
import type { Orientation, TarotCard } from '../types';

/** 'a', 'a и b', 'a, b и c'. */
export function joinRu(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} и ${items[items.length - 1]}`;
}

const keywordsOf = (card: TarotCard, o: Orientation) => (o === 'reversed' ? card.reversedKeywords : card.keywords);
const meaningOf = (card: TarotCard, o: Orientation) => (o === 'reversed' ? card.reversedMeaning : card.meaning);
const firstSentence = (text: string) => (text.match(/^.*?[.!?](\s|$)/)?.[0] ?? text).trim();
/** A sentence as direct speech: «Текст». / «Текст!» */
const quote = (sentence: string) => (/[!?]$/.test(sentence) ? `«${sentence}»` : `«${sentence.replace(/\.$/, '')}».`);

/** The whole card-based interpretation of a reading, in the spread's outline (see domain/reading/). */
export function buildFallbackInterpretation(input: ReadingPromptInput): string {
  return composeReading(input);
}

/** «Второе мнение» without an AI: the same cards in the reader's voice (phrasing banks per voice). */
export function buildSecondOpinionFallback(input: ReadingPromptInput, voice: Voice): string {
  return composeSecondOpinion(input, voice);
}

/** The short daily-card text when no AI text is available: the card's keywords. */
export function buildDailyCardFallback(card: TarotCard, orientation: Orientation, reversals = true): string {
  return `Карта дня — **${card.name}**${orientationNote(orientation, reversals)}. Ключевые слова дня: ${joinRu(keywordsOf(card, orientation))}.`;
}

/**
 * The detailed day analysis without AI: the card's meaning, keywords and the user's plans. Every part speaks
 * of the card as it fell: no opposite meaning quoted as a «shadow» or a way out, no risk the card itself
 * advises, no «strong side» called on a card with none (each made the analysis contradict itself).
 */
export function buildDailyGuidanceFallback(card: TarotCard, orientation: Orientation, plans: string | null, reversals = true): string {
  const kw = keywordsOf(card, orientation);
  const good = wordsFor(card, orientation, 'good').slice(0, 3);
  const bad = riskWords(card, orientation).slice(0, 2);
  const chances = good.length
    ? `Возможности дня связаны с такими темами, как ${joinRu(good)}.${bad.length ? ` Беречься стоит другого: ${joinRu(bad)}.` : ''}`
    : `Сегодня карта говорит скорее о трудностях, чем о возможностях: ${joinRu(bad.length ? bad : kw.slice(0, 2))}. С ними стоит обращаться бережно.`;
  const out = [
    '## Энергия дня',
    `Сегодня с вами **${card.name}**${orientationNote(orientation, reversals)}. ${meaningOf(card, orientation)}`,
    '## Возможности и риски',
    chances,
  ];
  if (plans) {
    out.push(
      '## Ваши планы',
      `Вы планируете: «${oneLine(plans)}». Смотрите на эти дела через темы карты — ${joinRu(kw.slice(2, 5))}: где они помогают, там действуйте смело, а где мешают — не торопитесь.`,
    );
  } else {
    out.push(
      '## На что обратить внимание',
      `Замечайте в течение дня всё, что связано с темами «${kw[3]}» и «${kw[4]}»: именно там карта подсказывает ответ.`,
    );
  }
  const advice = adviceSentence(card, orientation);
  out.push(
    '## Совет на день',
    advice
      ? advice
      : `Заметьте, где сегодня это про вас: ${quote(firstSentence(meaningOf(card, orientation)))} Одного честного взгляда и одного маленького шага на сегодня достаточно.`,
  );
  return out.join('\n\n');
}
