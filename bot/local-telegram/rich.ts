// Rich messages (Bot API 10.1–10.3) as the local Telegram takes them: the `blocks` form of InputRichMessage is
// checked the way Telegram refuses it (one content field, known block kinds, a thinking block in drafts only,
// no media by URL in a draft, at most 8 buttons a row) and rendered as the plain text the user reads (what
// tests match) and a safe HTML rendition for the /dev/telegram page. The html/markdown forms are kept as text.
import { escapeHtml } from './html';
import { bad } from './rules';

export interface RenderedRich {
  text: string;
  html: string;
  /** The blocks as sent (tests look at their kinds). */
  blocks: any[];
}

/** A RichText: a string, an array of RichText, or a node with `text` (bold, italic, url…). */
function richText(t: unknown): { text: string; html: string } {
  if (t === undefined || t === null) return { text: '', html: '' };
  if (typeof t === 'string') return { text: t, html: escapeHtml(t) };
  if (Array.isArray(t)) {
    const parts = t.map(richText);
    return { text: parts.map((p) => p.text).join(''), html: parts.map((p) => p.html).join('') };
  }
  const n = t as Record<string, any>;
  if (n.type === 'custom_emoji') return { text: String(n.alternative_text ?? ''), html: escapeHtml(String(n.alternative_text ?? '')) };
  if (n.type === 'mathematical_expression')
    return { text: String(n.expression ?? ''), html: `<code>${escapeHtml(String(n.expression ?? ''))}</code>` };
  const inner = richText(n.text);
  const tag = (
    {
      bold: 'b',
      italic: 'i',
      underline: 'u',
      strikethrough: 's',
      code: 'code',
      marked: 'mark',
      subscript: 'sub',
      superscript: 'sup',
    } as Record<string, string>
  )[n.type];
  if (tag) return { text: inner.text, html: `<${tag}>${inner.html}</${tag}>` };
  return inner;
}

const INPUT_KINDS = new Set([
  'paragraph',
  'heading',
  'pre',
  'footer',
  'divider',
  'list',
  'blockquote',
  'expandable_blockquote',
  'pullquote',
  'collage',
  'slideshow',
  'table',
  'details',
  'photo',
  'buttons',
  'thinking',
]);

function mediaUrl(b: any): string {
  const m = b.photo?.media;
  return typeof m === 'string' ? m : '';
}

function block(b: any, draft: boolean, out: { text: string[]; html: string[] }, depth: number): void {
  if (depth > 16) throw bad('RICH_VALIDATE_TOO_DEEP');
  if (!b || typeof b.type !== 'string' || !INPUT_KINDS.has(b.type)) throw bad('RICH_VALIDATE_CTOR_NOT_ALLOWED');
  const nested = (blocks: unknown) => {
    if (!Array.isArray(blocks)) throw bad('blocks must be an array');
    const sub = { text: [] as string[], html: [] as string[] };
    for (const x of blocks) block(x, draft, sub, depth + 1);
    return sub;
  };
  switch (b.type) {
    case 'thinking': {
      // Telegram: the placeholder exists only while a reply streams.
      if (!draft) throw bad('RICH_VALIDATE_CTOR_NOT_ALLOWED');
      const t = richText(b.text);
      out.text.push(t.text);
      out.html.push(`<p class="thinking">${t.html || 'Thinking…'}</p>`);
      return;
    }
    case 'heading': {
      const size = Number(b.size);
      if (!Number.isInteger(size) || size < 1 || size > 6) throw bad('heading size must be 1-6');
      const t = richText(b.text);
      out.text.push(t.text);
      out.html.push(`<h${size}>${t.html}</h${size}>`);
      return;
    }
    case 'paragraph':
    case 'footer':
    case 'pre':
    case 'pullquote':
    case 'expandable_blockquote': {
      const t = richText(b.text);
      out.text.push(t.text);
      const tag = (
        { paragraph: 'p', footer: 'footer', pre: 'pre', pullquote: 'aside', expandable_blockquote: 'blockquote' } as Record<string, string>
      )[b.type];
      out.html.push(`<${tag}>${t.html}</${tag}>`);
      return;
    }
    case 'divider':
      out.html.push('<hr>');
      return;
    case 'blockquote': {
      const sub = nested(b.blocks);
      out.text.push(...sub.text);
      out.html.push(`<blockquote>${sub.html.join('')}</blockquote>`);
      return;
    }
    case 'details': {
      const s = richText(b.summary);
      const sub = nested(b.blocks);
      out.text.push(s.text, ...sub.text);
      out.html.push(`<details${b.is_open ? ' open' : ''}><summary>${s.html}</summary>${sub.html.join('')}</details>`);
      return;
    }
    case 'list': {
      if (!Array.isArray(b.items)) throw bad('items must be an array');
      const items = b.items.map((i: any) => nested(i?.blocks));
      for (const i of items) out.text.push(...i.text);
      out.html.push(`<ul>${items.map((i: any) => `<li>${i.html.join('')}</li>`).join('')}</ul>`);
      return;
    }
    case 'collage':
    case 'slideshow': {
      if (!Array.isArray(b.blocks) || b.blocks.length === 0) throw bad('RICH_VALIDATE_MEDIA_EMPTY');
      if (b.blocks.some((x: any) => x?.type !== 'photo')) throw bad('RICH_VALIDATE_CTOR_NOT_ALLOWED');
      const sub = nested(b.blocks);
      const cap = richText(b.caption?.text);
      if (cap.text) out.text.push(cap.text);
      out.html.push(`<div class="collage">${sub.html.join('')}</div>${cap.html ? `<p class="caption">${cap.html}</p>` : ''}`);
      return;
    }
    case 'photo': {
      const url = mediaUrl(b);
      // A draft takes no new media: no upload, no URL (Telegram fetches neither for a preview).
      if (draft && /^https?:/.test(url)) throw bad('RICH_DRAFT_MEDIA_URL_NOT_SUPPORTED');
      // Telegram fetches the URL itself; the local one takes this server's http address too.
      if (!/^https?:\/\//.test(url) && !draft) throw bad('RICH_MEDIA_URL_INVALID');
      out.html.push(`<img src="${escapeHtml(url)}" alt="">`);
      return;
    }
    case 'table': {
      if (!Array.isArray(b.cells) || b.cells.some((r: unknown) => !Array.isArray(r))) throw bad('cells must be an array of arrays');
      if (b.cells.some((r: any[]) => r.length > 20)) throw bad('RICH_VALIDATE_TABLE_TOO_WIDE');
      const rows = b.cells.map((r: any[]) =>
        r.map((c) => {
          if (!['left', 'center', 'right'].includes(c?.align) || !['top', 'middle', 'bottom'].includes(c?.valign))
            throw bad('table cell align and valign are required');
          return { ...richText(c.text), header: !!c.is_header };
        }),
      );
      for (const r of rows) out.text.push(r.map((c: any) => c.text).join(' | '));
      const tr = rows.map((r: any[]) => `<tr>${r.map((c) => (c.header ? `<th>${c.html}</th>` : `<td>${c.html}</td>`)).join('')}</tr>`);
      out.html.push(`<table${b.is_compact ? ' class="compact"' : ''}>${tr.join('')}</table>`);
      return;
    }
    case 'buttons': {
      if (!Array.isArray(b.buttons) || b.buttons.length < 1 || b.buttons.length > 8) throw bad('RICH_VALIDATE_BUTTONS_INVALID');
      out.html.push(`<p class="buttons">${b.buttons.map((x: any) => `<span>${richText(x?.text).html}</span>`).join(' ')}</p>`);
      return;
    }
  }
}

/** Checks an InputRichMessage and renders it; `draft` for sendRichMessageDraft. */
export function renderRichMessage(raw: unknown, draft: boolean): RenderedRich {
  const m = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, any> | undefined;
  if (!m || typeof m !== 'object') throw bad('rich_message is required');
  const given = ['html', 'markdown', 'blocks'].filter((k) => m[k] !== undefined);
  if (given.length !== 1) throw bad('RICH_MESSAGE_CONTENT_INVALID: exactly one of html, markdown or blocks must be used');
  if (m.blocks === undefined) {
    const s = String(m.html ?? m.markdown);
    return { text: s, html: escapeHtml(s), blocks: [] };
  }
  if (!Array.isArray(m.blocks) || m.blocks.length === 0) throw bad('RICH_MESSAGE_EMPTY');
  const out = { text: [] as string[], html: [] as string[] };
  for (const b of m.blocks) block(b, draft, out, 1);
  const text = out.text.filter(Boolean).join('\n');
  if (text.length > 32_768) throw bad('RICH_MESSAGE_TOO_LONG');
  return { text, html: `<div class="rich">${out.html.join('')}</div>`, blocks: m.blocks };
}
