// Two sentences read as one, the way a reader runs a card's name into what it says: «Позицию «Итог»
// занимает **Мир**: отношения достигают полноты…». A lead that only names a card is never left standing
// alone, so it cannot recur word for word across readings; the joint is a colon, or a dash where the
// sentences already hold a colon, and none where both marks are taken (the two then stay apart).

const firstSentence = (text: string): [string, string] => {
  const m = /^(.+?[.!?])(\s+[\s\S]*)?$/u.exec(text);
  return m ? [m[1], m[2] ?? ''] : [text, ''];
};

/** A sentence's first letter in lower case, unless it opens a name, an abbreviation or bold text. */
export function lowerFirst(s: string): string {
  if (s.startsWith('**') || s.startsWith('«') || /^\p{Lu}\p{Lu}/u.test(s)) return s;
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/**
 * `lead` (one sentence ending in «.») run into the first sentence of `next`; the rest of `next` follows.
 * `dash` prefers the dash where both marks would do (a reader uses both).
 */
export function fuse(lead: string, next: string, dash = false): string {
  const [head, rest] = firstSentence(next.trim());
  const a = lead.replace(/\.$/u, '');
  if (a === lead || /[!?]$/u.test(a)) return `${lead} ${next}`;
  const colon = !a.includes(':') && !head.includes(':');
  const dashed = !a.includes(' — ') && !head.includes(' — ');
  const joint = colon && !(dash && dashed) ? ': ' : dashed ? ' — ' : null;
  if (!joint) return `${lead} ${next}`;
  return `${a}${joint}${lowerFirst(head)}${rest}`;
}

/**
 * A sentence made of a statement and its gloss, «Старших арканов нет: всё решается…»: a colon, or a dash where a
 * colon is taken, or null where both are (that pair is not offered).
 */
export function glossed(head: string, tail: string): string | null {
  if (!head.includes(':') && !tail.includes(':')) return `${head}: ${tail}.`;
  if (!head.includes(' — ') && !tail.includes(' — ')) return `${head} — ${tail}.`;
  return null;
}

/** Every head with every tail (a bank's phrasings as combinations of two halves). */
export function crossed(heads: readonly string[], tails: readonly string[]): string[] {
  return heads.flatMap((h) => tails.map((t) => glossed(h, t))).filter((s): s is string => s !== null);
}
