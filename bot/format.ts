// Texts for the chat: Telegram HTML from our markdown-like interpretation text (## headings, **bold**,
// *italic*, "- " items), escaped so any text is safe, and split under Telegram's 4096-character limit.
import { parseRichText, type Inline } from '../domain/text/markup';

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function inlineHtml(inlines: Inline[]): string {
  return inlines
    .map((p) =>
      p.kind === 'bold' ? `<b>${escapeHtml(p.text)}</b>` : p.kind === 'italic' ? `<i>${escapeHtml(p.text)}</i>` : escapeHtml(p.text),
    )
    .join('');
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

/** Telegram's limit on a photo's caption: UTF-16 code units of the text the user sees, after entity parsing. */
export const CAPTION_MAX = 1024;

/** A cut backs off to the last line break, or else space, when that loses no more than this many characters. */
const LINE_SLACK = 80;
const WORD_SLACK = 30;

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };
const graphemes = new Intl.Segmenter('ru', { granularity: 'grapheme' });

/** A piece of Telegram HTML: a tag (nothing visible), an entity (what it stands for) or one grapheme of text. */
interface Piece {
  raw: string;
  visible: number;
  open?: string;
  close?: string;
  space?: boolean;
  line?: boolean;
}

// Tags as Telegram reads them (attributes may be quoted and hold '>'), the entities it decodes, then text.
const PIECE =
  /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(?:\s+[a-zA-Z-]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))*\s*>|&(#\d{1,7}|#x[0-9a-fA-F]{1,6}|lt|gt|amp|quot);|[^<&]+|[<&]/g;

function entityText(e: string): string | null {
  if (!e.startsWith('#')) return NAMED_ENTITIES[e];
  const code = e.startsWith('#x') ? parseInt(e.slice(2), 16) : Number(e.slice(1));
  return code <= 0x10ffff ? String.fromCodePoint(code) : null;
}

const textPiece = (raw: string, text: string): Piece => ({
  raw,
  visible: text.length,
  space: /^\s+$/.test(text),
  line: text.includes('\n'),
});

function pieces(html: string): Piece[] {
  const out: Piece[] = [];
  for (const m of html.matchAll(PIECE)) {
    const [raw, closing, tag, entity] = m;
    if (tag) out.push(closing ? { raw, visible: 0, close: tag.toLowerCase() } : { raw, visible: 0, open: tag.toLowerCase() });
    else if (entity) {
      const text = entityText(entity);
      // An entity Telegram does not decode is text, its '&' included.
      if (text === null) for (const { segment } of graphemes.segment(raw)) out.push(textPiece(segment, segment));
      else out.push(textPiece(raw, text));
    } else for (const { segment } of graphemes.segment(raw)) out.push(textPiece(segment, segment));
  }
  return out;
}

const visibleOf = (ps: Piece[]) => ps.reduce((n, p) => n + p.visible, 0);

/** The length Telegram counts for a text in HTML parse mode: the visible text in UTF-16 code units (an emoji is two). */
export function visibleLength(html: string): number {
  return visibleOf(pieces(html));
}

/**
 * Telegram HTML cut to at most `max` visible characters, ending in «…»: never inside a tag, an entity or a
 * grapheme (an emoji stays whole), at a line's or word's end when one is near, with the tags still open closed after it.
 */
export function fitHtml(html: string, max: number): { html: string; cut: boolean } {
  const all = pieces(html);
  if (visibleOf(all) <= max) return { html, cut: false };
  const kept: Piece[] = [];
  let used = 0;
  for (const p of all) {
    if (used + p.visible > max - 1) break;
    kept.push(p);
    used += p.visible;
  }
  const line = kept.findLastIndex((p) => p.line);
  const space = kept.findLastIndex((p) => p.space);
  if (line >= 0 && visibleOf(kept.slice(line)) <= LINE_SLACK) kept.length = line;
  else if (space >= 0 && visibleOf(kept.slice(space)) <= WORD_SLACK) kept.length = space;
  // Nothing dangles before «…»: no spaces, no tag opened on nothing; a trailing end tag is written after it.
  while (kept.length && (kept.at(-1)!.space || kept.at(-1)!.open || kept.at(-1)!.close)) kept.pop();
  const open: string[] = [];
  for (const p of kept) {
    if (p.open) open.push(p.open);
    else if (p.close) open.pop();
  }
  return {
    html: `${kept.map((p) => p.raw).join('')}…${open
      .reverse()
      .map((t) => `</${t}>`)
      .join('')}`,
    cut: true,
  };
}
