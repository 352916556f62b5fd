// Telegram's HTML parse mode, as strict as Telegram: only its tags, balanced, entities escaped. Gives the
// plain text the user sees and a safe HTML rendition for the /dev/telegram page.
const TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'a',
  'code',
  'pre',
  'tg-spoiler',
  'span',
  'blockquote',
  'tg-emoji',
]);
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

export type ParsedHtml = { ok: true; text: string; html: string } | { ok: false; error: string };

/** Text as HTML: the page shows what the user typed, and the bot's plain texts, this way. */
export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function parseTelegramHtml(input: string): ParsedHtml {
  let text = '';
  let html = '';
  const stack: string[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i];
    if (ch === '<') {
      const m = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z-]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))*)\s*>/.exec(input.slice(i));
      if (!m) return { ok: false, error: `Unsupported start tag at byte offset ${Buffer.byteLength(input.slice(0, i))}` };
      const [whole, closing, rawName, attrs] = m;
      const name = rawName.toLowerCase();
      if (!TAGS.has(name))
        return { ok: false, error: `Unsupported start tag "${name}" at byte offset ${Buffer.byteLength(input.slice(0, i))}` };
      if (closing) {
        if (stack.pop() !== name)
          return {
            ok: false,
            error: `Unmatched end tag at byte offset ${Buffer.byteLength(input.slice(0, i))}, expected "</${stack.at(-1) ?? ''}>", found "</${name}>"`,
          };
        html += name === 'a' ? '</a>' : `</${mapTag(name)}>`;
      } else {
        stack.push(name);
        if (name === 'a') {
          const href = /href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/.exec(attrs);
          const url = decode(href?.[1] ?? href?.[2] ?? href?.[3] ?? '');
          html += /^(https?:|tg:)/.test(url) ? `<a href="${escapeHtml(url)}" target="_blank" rel="noopener">` : '<a>';
        } else html += `<${mapTag(name)}>`;
      }
      i += whole.length;
    } else if (ch === '&') {
      const m = /^&(#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z]+);/.exec(input.slice(i));
      let decoded: string | undefined;
      if (m) {
        const e = m[1];
        decoded = e.startsWith('#x')
          ? String.fromCodePoint(parseInt(e.slice(2), 16))
          : e.startsWith('#')
            ? String.fromCodePoint(Number(e.slice(1)))
            : ENTITIES[e];
      }
      if (m && decoded !== undefined) {
        text += decoded;
        html += escapeHtml(decoded);
        i += m[0].length;
      } else {
        // Telegram keeps a lone '&' as text.
        text += '&';
        html += '&amp;';
        i++;
      }
    } else if (ch === '>') {
      text += '>';
      html += '&gt;';
      i++;
    } else {
      text += ch;
      html += ch === '"' ? '&quot;' : ch;
      i++;
    }
  }
  if (stack.length) return { ok: false, error: `Can't find end tag corresponding to start tag "${stack.at(-1)}"` };
  return { ok: true, text, html };
}

function mapTag(name: string): string {
  switch (name) {
    case 'strong':
      return 'b';
    case 'em':
      return 'i';
    case 'ins':
      return 'u';
    case 'strike':
    case 'del':
      return 's';
    case 'tg-spoiler':
    case 'span':
    case 'tg-emoji':
      return 'span';
    default:
      return name;
  }
}

function decode(s: string): string {
  return s.replace(/&(lt|gt|amp|quot);/g, (_, e: string) => ENTITIES[e]);
}
