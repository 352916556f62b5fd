// The one-line summary under the picture: the first sentence of the interpretation's conclusion, or, before
// there is a text, the cards' main themes.
import type { ReadingView } from '../readings';

const strip = (s: string) => s.replace(/[*_`#>]/g, '').replace(/\s+/g, ' ').trim();

export function summaryLine(r: Pick<ReadingView, 'interpretation' | 'cards'>, max = 140): string {
  const text = r.interpretation ?? '';
  if (text.trim()) {
    // The last section is the conclusion in every outline; its first sentence is the gist.
    const sections = text.split(/^##\s+.*$/m).map((s) => s.trim()).filter(Boolean);
    const last = strip(sections.at(-1) ?? text);
    const sentence = /^(.+?[.!?…])(\s|$)/.exec(last)?.[1] ?? last;
    if (sentence) return sentence.length > max ? `${sentence.slice(0, max - 1).trimEnd()}…` : sentence;
  }
  const themes = r.cards.slice(0, 3).map((c) => c.keywords[0]).filter(Boolean);
  return themes.length ? `Главные темы: ${themes.join(', ')}.` : 'Карты легли — загляните в толкование.';
}
