// The one parser of the interpretation's markdown-like text, shared by the web app (React elements) and the
// bot (Telegram HTML): `## Heading` lines, `- ` list items, `1. ` numbered items, paragraphs, **bold** and
// *italic*. Pure: it only splits text; each side renders it its own safe way.
export type Inline = { kind: 'text' | 'bold' | 'italic'; text: string };
export type Block =
  | { kind: 'heading'; inlines: Inline[] }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] };

const INLINE = /\*\*(?=\S)([\s\S]+?)\*\*|__(?=\S)([\s\S]+?)__|\*(?=[^\s*])([^*\n]+?)\*|_(?=[^\s_])([^_\n]+?)_(?![\p{L}\d])/gu;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    // `_` inside a word (snake_case) is not italic.
    if (m[4] !== undefined && m.index! > 0 && /[\p{L}\d]/u.test(text[m.index! - 1])) continue;
    if (m.index! > last) out.push({ kind: 'text', text: text.slice(last, m.index) });
    const bold = m[1] ?? m[2];
    out.push(bold !== undefined ? { kind: 'bold', text: bold } : { kind: 'italic', text: (m[3] ?? m[4])! });
    last = m.index! + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

export function parseRichText(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: Inline[][] } | null = null;
  const flushParagraph = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', inlines: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  const flushList = () => {
    if (list) blocks.push({ kind: 'list', ...list });
    list = null;
  };
  for (const rawLine of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trim();
    if (!line) {
      flushParagraph();
      flushList();
      continue;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      flushParagraph();
      flushList();
      // A heading written as **Heading** keeps its text, not its stars.
      blocks.push({ kind: 'heading', inlines: parseInline(heading[1].replace(/^\*\*(.*)\*\*$/, '$1')) });
      continue;
    }
    const bullet = /^[-•–*]\s+(.*)$/.exec(line);
    const numbered = /^\d{1,2}[.)]\s+(.*)$/.exec(line);
    if (bullet || numbered) {
      flushParagraph();
      const ordered = !bullet;
      if (list && list.ordered !== ordered) flushList();
      list ??= { ordered, items: [] };
      list.items.push(parseInline((bullet ?? numbered)![1]));
      continue;
    }
    flushList();
    paragraph.push(line);
  }
  flushParagraph();
  flushList();
  return blocks;
}
