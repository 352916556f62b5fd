// Texts for the chat: Telegram HTML from our markdown-like interpretation text (## headings, **bold**,
// *italic*, "- " items), escaped so any text is safe, and split under Telegram's 4096-character limit.
import { parseRichText, type Inline } from '../domain/markup';

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function inlineHtml(inlines: Inline[]): string {
  return inlines.map((p) => (p.kind === 'bold' ? `<b>${escapeHtml(p.text)}</b>` : p.kind === 'italic' ? `<i>${escapeHtml(p.text)}</i>` : escapeHtml(p.text))).join('');
}

/**
 * The interpretation as Telegram HTML, from the same parser the web app renders: headings in bold, list items
 * with bullets. Tags are produced by us and always closed, so any prefix of a streaming text is valid too.
 */
export function markdownToHtml(text: string): string {
  return parseRichText(text)
    .map((b) => {
      if (b.kind === 'heading') return `<b>${escapeHtml(b.inlines.map((i) => i.text).join(''))}</b>`;
      if (b.kind === 'paragraph') return inlineHtml(b.inlines);
      return b.items.map((it, i) => `${b.ordered ? `${i + 1}.` : '•'} ${inlineHtml(it)}`).join('\n');
    })
    .join('\n\n');
}

/** Splits text into parts of at most `max` characters, at paragraph or line breaks where possible. */
export function splitText(text: string, max = 3800): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = rest.lastIndexOf('\n\n', max);
    if (cut < max / 2) cut = rest.lastIndexOf('\n', max);
    if (cut < max / 2) cut = rest.lastIndexOf(' ', max);
    if (cut < max / 2) cut = max;
    parts.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) parts.push(rest);
  return parts;
}
