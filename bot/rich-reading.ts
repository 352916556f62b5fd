// A chat reading as one rich message (Bot API 10.1–10.3, the `blocks` form): the spread and the question, a
// collage of the dealt cards, a compact table of the positions, each card's reading as an expandable detail,
// the conclusion as a quotation. Built from the AI's markdown as it grows, so the same function gives the
// streamed drafts (no media: a draft takes no new files) and the message that stays.
//
// Only blocks whose shape 10.5 left alone: 10.5 changed the expandable quotation's `text` into `blocks`, so the
// conclusion is a plain quotation (with blocks, as ever) and the cards are `details`.
import type { InputRichBlock, InputRichMessageWithoutUpload, RichText } from 'grammy/types';
import { cardPicturePath } from '../services/card-picture';
import type { ReadingView } from '../services/readings';

type Block = InputRichBlock;

/** «**bold**» and «*italic*» of the AI's markdown as rich text; the rest stays as written. */
function inlineRich(md: string): RichText {
  const parts: RichText[] = [];
  for (const piece of md.split(/(\*\*[^*\n]+\*\*|\*[^*\n]+\*|__[^_\n]+__)/)) {
    if (!piece) continue;
    if (/^(\*\*|__).+(\*\*|__)$/.test(piece)) parts.push({ type: 'bold', text: piece.slice(2, -2) });
    else if (/^\*.+\*$/.test(piece)) parts.push({ type: 'italic', text: piece.slice(1, -1) });
    else parts.push(piece);
  }
  return parts.length === 1 ? parts[0] : parts;
}

interface Section {
  title: string;
  paragraphs: string[];
}

/** The markdown by its headings: each heading's paragraphs (a list item is a paragraph of its own). */
export function sectionsOf(md: string): Section[] {
  const sections: Section[] = [{ title: '', paragraphs: [] }];
  let para: string[] = [];
  const flush = () => {
    if (para.length) sections[sections.length - 1].paragraphs.push(para.join(' '));
    para = [];
  };
  for (const raw of md.split('\n')) {
    const line = raw.trim();
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      sections.push({ title: heading[1].replace(/\*\*/g, '').trim(), paragraphs: [] });
    } else if (!line) flush();
    else if (/^([-*•]|\d+[.)])\s+/.test(line)) {
      flush();
      para.push(line.replace(/^([-*•])\s+/, '• '));
      flush();
    } else para.push(line);
  }
  flush();
  return sections.filter((s) => s.title || s.paragraphs.length);
}

const CONCLUSION = /вывод|итог|заключени|совет|резюме/i;

/** A card's name as it may appear in the text: each long word without its last letter (Russian cases). */
function namePattern(name: string): RegExp {
  const words = name.split(/\s+/).map((w) => (w.length > 4 ? w.slice(0, -1) : w).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<!\\p{L})${words.join('\\S*\\s+')}`, 'u');
}

const sentencesOf = (p: string) =>
  p
    .match(/[^.!?…]+(?:[.!?…]+[»")]*|$)\s*/g)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [p];

/**
 * A section that reads the cards: its sentences go to the card they name (one that names none follows the
 * sentence before it); what comes before any card stays a paragraph. Null when no card is named.
 */
function cardDetails(r: ReadingView, paragraphs: string[]): Block[] | null {
  const patterns = r.cards.map((c) => namePattern(c.name));
  const byCard: string[][] = r.cards.map(() => []);
  const lead: string[] = [];
  let current = -1;
  for (const s of paragraphs.flatMap(sentencesOf)) {
    const plain = s.replace(/\*\*|__/g, '');
    const named = patterns.findIndex((p) => p.test(plain));
    if (named >= 0) current = named;
    if (current >= 0) byCard[current].push(s);
    else lead.push(s);
  }
  if (byCard.every((s) => s.length === 0)) return null;
  const blocks: Block[] = lead.length ? [{ type: 'paragraph', text: inlineRich(lead.join(' ')) }] : [];
  r.cards.forEach((c, i) => {
    if (byCard[i].length === 0) return;
    blocks.push({
      type: 'details',
      summary: [{ type: 'bold', text: c.name }, `${c.reversed ? ' (перевёрнутая)' : ''} — ${c.positionName}`],
      blocks: [{ type: 'paragraph', text: inlineRich(byCard[i].join(' ')) }],
    });
  });
  return blocks;
}

export interface RichReadingOptions {
  /** Where the card pictures are served (the app's public URL); no collage without it, nor in a draft. */
  imageBase: string | null;
  draft: boolean;
  /** Shown before any words arrive (a draft only): Telegram's «thinking» block. */
  thinking?: string;
  /** A closing note in italics (a card-based text, a stopped reading). */
  note?: string;
}

export function readingRichMessage(r: ReadingView, markdown: string, o: RichReadingOptions): InputRichMessageWithoutUpload {
  const blocks: Block[] = [
    { type: 'heading', size: 3, text: `🃏 ${r.spreadName}` },
    { type: 'paragraph', text: ['Вопрос: ', { type: 'italic', text: `«${r.question}»` }] },
  ];
  if (!o.draft && o.imageBase && r.cards.length > 0) {
    blocks.push({
      type: 'collage',
      blocks: r.cards.map((c) => ({
        type: 'photo',
        photo: { type: 'photo', media: `${o.imageBase}${cardPicturePath(c.cardId, c.reversed)}` },
      })),
    } as Block);
  }
  const row = (a: RichText, b: RichText, header = false) =>
    [a, b].map((text) => ({ text, align: 'left' as const, valign: 'top' as const, ...(header ? { is_header: true as const } : {}) }));
  blocks.push({
    type: 'table',
    is_compact: true,
    cells: [
      row('Позиция', 'Карта', true),
      ...r.cards.map((c, i) => row(`${i + 1}. ${c.positionName}`, `${c.name}${c.reversed ? ' (перевёрнутая)' : ''}`)),
    ],
  });
  const sections = sectionsOf(markdown);
  if (sections.length === 0 && o.thinking) blocks.push({ type: 'thinking', text: o.thinking });
  for (const s of sections) {
    if (s.title) blocks.push({ type: 'heading', size: 4, text: s.title });
    const paragraphs = s.paragraphs.map((p): Block => ({ type: 'paragraph', text: inlineRich(p) }));
    if (CONCLUSION.test(s.title)) {
      if (paragraphs.length) blocks.push({ type: 'blockquote', blocks: paragraphs });
    } else blocks.push(...(cardDetails(r, s.paragraphs) ?? paragraphs));
  }
  if (o.note) blocks.push({ type: 'paragraph', text: { type: 'italic', text: o.note } });
  // Media by URL only (never an upload), so the same value serves a draft and the message that stays.
  return { blocks: blocks as InputRichMessageWithoutUpload['blocks'], skip_entity_detection: true };
}
