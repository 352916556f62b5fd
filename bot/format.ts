// Texts for the chat: Telegram HTML from our markdown-like interpretation text (## headings, **bold**,
// *italic*, "- " items), escaped so any text is safe, and split under Telegram's 4096-character limit.
export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function inline(line: string): string {
  return escapeHtml(line)
    .replace(/\*\*([^*\n]+?)\*\*/g, '<b>$1</b>')
    .replace(/(^|[^*])\*([^*\n]+?)\*(?!\*)/g, '$1<i>$2</i>');
}

/** One line of the interpretation as Telegram HTML (tags never span lines, so any prefix is valid). */
function line(l: string): string {
  const heading = /^#{1,6}\s+(.*)$/.exec(l);
  if (heading) return `<b>${inline(heading[1].replace(/\*\*/g, ''))}</b>`;
  const item = /^\s*[-*•]\s+(.*)$/.exec(l);
  if (item) return `• ${inline(item[1])}`;
  return inline(l);
}

export function markdownToHtml(text: string): string {
  return text.split('\n').map(line).join('\n');
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
