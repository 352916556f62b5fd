// The words a shared reading carries. With the question (the owner chose to show it): the question and the
// first sentence of the interpretation's conclusion. Without it: nothing from the interpretation (which may
// name the user and restate the matter), only the cards, their positions and a neutral line.
import type { ReadingView } from '../readings';

const strip = (s: string) =>
  s
    .replace(/[*_`#>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The line under a picture shared without the question, and the story's text. */
export const NEUTRAL_LINE = 'Вот как легли карты.';
/** The line of a reading saved with no card turned: nothing lies on the picture, so it must not say otherwise. */
export const NO_CARDS_LINE = 'Карты этого расклада не открыты.';

export function summaryLine(r: Pick<ReadingView, 'interpretation' | 'cards'>, max = 140): string {
  const text = r.interpretation ?? '';
  if (text.trim()) {
    // The last section is the conclusion in every outline; its first sentence is the gist.
    const sections = text
      .split(/^##\s+.*$/m)
      .map((s) => s.trim())
      .filter(Boolean);
    const last = strip(sections.at(-1) ?? text);
    const sentence = /^(.+?[.!?…])(\s|$)/.exec(last)?.[1] ?? last;
    if (sentence) return sentence.length > max ? `${sentence.slice(0, max - 1).trimEnd()}…` : sentence;
  }
  const themes = r.cards
    .slice(0, 3)
    .map((c) => c.keywords[0])
    .filter(Boolean);
  return themes.length ? `Главные темы: ${themes.join(', ')}.` : 'Карты легли — загляните в толкование.';
}

/** The line drawn under the cards and used as the story's text. */
export const shareLine = (r: Pick<ReadingView, 'interpretation' | 'cards'>, includeQuestion: boolean) =>
  r.cards.length === 0 ? NO_CARDS_LINE : includeQuestion ? summaryLine(r) : NEUTRAL_LINE;

/** The shared message's caption: the spread, and the question's gist or (without it) each position's card. */
export function shareCaption(r: Pick<ReadingView, 'spreadName' | 'interpretation' | 'cards'>, includeQuestion: boolean): string {
  if (includeQuestion) return `🔮 ${r.spreadName}\n${summaryLine(r)}`;
  const cards = r.cards.map((c) => `${c.positionName} — ${c.name}${c.reversed ? ' (перевёрнутая)' : ''}`);
  return [`🔮 ${r.spreadName}`, ...cards, cards.length ? NEUTRAL_LINE : NO_CARDS_LINE].join('\n');
}
