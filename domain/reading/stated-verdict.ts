// What a Russian text (the AI's reading) says the answer is: «да» or «нет» to a yes/no question, or which option
// of an either/or it favours. Conservative: only an explicit verdict counts («Ответ — «нет»», «карты говорят
// «скорее да»», «ответ отрицательный», a paragraph that opens with «Нет.»); a verdict denied or weighed («ни
// «да», ни «нет»», «не «нет»», «между «да» и «нет»») does not, and a sentence that names both does not either.

export type YesNo = 'yes' | 'no';

const sentencesOf = (text: string) =>
  text
    .replace(/\*\*|__|[*_`]/g, '')
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** A quoted verdict: «да», "скорее нет", „нет“. */
const QUOTED = /[«"„“]\s*(?:скорее\s+|однозначно\s+|твёрдое\s+|твердое\s+)?(да|нет)\s*[»"“”]/giu;
/** What denies or weighs the verdict that follows it. */
const DENIED_BEFORE = /(?:^|[^\p{L}])(ни|не|или|между|и|либо|чем|вместо)\s*$/iu;
const WEIGHED_AFTER = /^\s*(,?\s*ни|или|либо|и\s*[«"„“])/iu;
/** Unquoted verdicts after «ответ —», «карты говорят…». */
const PLAIN = [
  /(?:^|[^\p{L}])ответ(?:\s+карт|\s+расклада)?\s*(?:—|–|-|:)\s*(?:скорее\s+)?(да|нет)(?!\p{L})/iu,
  /(?:^|[^\p{L}])(?:карты|расклад)\s+(?:говорят|отвечают|говорит|отвечает|склоняются\s+к|склоняется\s+к)\s*:?\s*(?:скорее\s+)?(да|нет)(?!\p{L})/iu,
];
const SIGNED = /(?:^|[^\p{L}])ответ(?:\s+карт|\s+расклада)?\s*(?:—|–|-|:)?\s*(?:скорее\s+)?(положительный|отрицательный)/iu;
/** A sentence that is the verdict itself: «Нет.», «Скорее да.». */
const BARE = /^(?:скорее\s+)?(да|нет)[.!]?$/iu;

const toVerdict = (w: string): YesNo => (/^(да|положительный)$/iu.test(w) ? 'yes' : 'no');

/** The verdicts one sentence states (none when it states both). */
function sentenceVerdicts(s: string): Set<YesNo> {
  const found = new Set<YesNo>();
  for (const m of s.matchAll(QUOTED)) {
    const before = s.slice(Math.max(0, m.index - 12), m.index);
    const after = s.slice(m.index + m[0].length, m.index + m[0].length + 8);
    if (DENIED_BEFORE.test(before) || WEIGHED_AFTER.test(after)) continue;
    found.add(toVerdict(m[1]));
  }
  for (const re of PLAIN) {
    const m = s.match(re);
    if (m && !WEIGHED_AFTER.test(s.slice(m.index! + m[0].length, m.index! + m[0].length + 8))) found.add(toVerdict(m[1]));
  }
  const signed = s.match(SIGNED);
  if (signed) found.add(toVerdict(signed[1]));
  const bare = s.match(BARE);
  if (bare) found.add(toVerdict(bare[1]));
  return found.size > 1 ? new Set() : found;
}

/** The verdicts the text states explicitly, anywhere in it. */
export function statedVerdicts(text: string): Set<YesNo> {
  const out = new Set<YesNo>();
  for (const s of sentencesOf(text)) for (const v of sentenceVerdicts(s)) out.add(v);
  return out;
}

/** Word stems of an option («Остаться в этом городе» → «оста», «этом», «горо»): what a sentence must hold to mention it. */
function stems(option: string): string[] {
  return (
    option
      .toLowerCase()
      .replace(/ё/g, 'е')
      .match(/\p{L}{4,}/gu) ?? []
  ).map((w) => w.slice(0, Math.max(4, w.length - 3)));
}
const mentions = (sentence: string, st: string[]) => st.length > 0 && st.every((x) => sentence.includes(x));

/** A sentence that favours what it names: the cards are for it, or it is the choice to make. */
const FAVOURS =
  /(в\s+пользу|(?:карты|расклад|знаки)\s+(?:[\p{L}]+\s+){0,2}(?:за|поддерживают|поддерживает|советуют|советует|склоняются\s+к|склоняется\s+к|указывают\s+на|указывает\s+на|выбирают)|(?:лучше|стоит)\s+выбрать|выбирайте|мой\s+выбор|выбор\s+за|предпочтительн|выигрывает|перевешивает)/iu;
const DENIED_FAVOUR =
  /(?:^|[^\p{L}])не\s+(?:в\s+пользу|поддерживают|поддерживает|советуют|советует|склоняются|склоняется|указывают|указывает|стоит\s+выбирать|выбирайте|выигрывает|перевешивает)/iu;

/** Which options of an either/or the text explicitly favours (0: the first, 1: the second). */
export function statedOptions(text: string, options: readonly [string, string]): Set<0 | 1> {
  const [a, b] = options.map(stems);
  const out = new Set<0 | 1>();
  for (const raw of sentencesOf(text)) {
    const s = raw.toLowerCase().replace(/ё/g, 'е');
    const [hasA, hasB] = [mentions(s, a), mentions(s, b)];
    // Only a sentence about one option alone says which one it favours.
    if (hasA === hasB || !FAVOURS.test(s) || DENIED_FAVOUR.test(s)) continue;
    out.add(hasA ? 0 : 1);
  }
  return out;
}
