// Concept patterns written in words and matched on stems. A pattern is a line of tokens:
//   `не хочу|хотеть жить`       each word is stemmed when the pattern is built: «хочу», «хочется»… all match
//   `повес*`                    a word beginning «повес» (as written, not stemmed)
//   `=убьюсь`                   exactly this word
//   `~3`                        up to three other words between
//   `себя?`                     a word that may be absent
//   `!с|со`                     the next word is not one of these
// The words of every pattern form the vocabulary typos are repaired against (typos.ts). Patterns are kept as
// text until first used, then built once. Before its regex runs, a pattern must find each of its required
// words in the question (an index from stems, words and prefixes to the tokens naming them): most patterns
// are ruled out by a few map lookups per word, which keeps a question in the tens of microseconds.
import { stem } from './stem';

interface Token {
  stems: string[];
  prefixes: string[];
  exact: string[];
}

export interface Pattern {
  readonly source: string;
  re: RegExp | null;
  /** Ids of the tokens that must all be present. */
  required: number[];
}

const ALL: Pattern[] = [];

/** A pattern, built on first use. Module level only: its words join the vocabulary. */
function pattern(source: string): Pattern {
  const p: Pattern = { source, re: null, required: [] };
  ALL.push(p);
  return p;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function parseToken(alts: string): Token {
  const t: Token = { stems: [], prefixes: [], exact: [] };
  for (const a of alts.split('|')) {
    if (a.endsWith('*')) t.prefixes.push(a.slice(0, -1));
    else if (a.startsWith('=')) t.exact.push(a.slice(1));
    else t.stems.push(stem(a));
  }
  return t;
}

/** One token as a regex group over «stem/word» items. */
function tokenRe(t: Token): string {
  return `(?:${[
    ...t.stems.map((s) => `${escape(s)}/\\S*`),
    ...t.prefixes.map((p) => `[^/ ]*/${escape(p)}\\S*`),
    ...t.exact.map((w) => `[^/ ]*/${escape(w)}(?= )`),
  ].join('|')})`;
}

/** The index: which required tokens a stem, a word or a word's beginning satisfies. */
const byStem = new Map<string, number[]>();
const byExact = new Map<string, number[]>();
const byPrefix = new Map<string, number[]>();
let tokens = 0;
/** Which pattern each required token belongs to. */
const ownerOf: Pattern[] = [];
let longestPrefix = 0;

const index = (map: Map<string, number[]>, key: string, id: number) => {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
};

function build(p: Pattern, words: Set<string>): void {
  const source = p.source.replace(/ё/g, 'е');
  let out = '';
  let gap = 0;
  let first = true;
  for (const part of source.trim().split(/\s+/)) {
    const g = /^~(\d)$/.exec(part);
    if (g) {
      gap = Number(g[1]);
      continue;
    }
    if (part.startsWith('!')) {
      out += `(?! ${tokenRe(parseToken(part.slice(1)))}(?= ))`;
      continue;
    }
    const optional = part.length > 1 && part.endsWith('?');
    const t = parseToken(optional ? part.slice(0, -1) : part);
    for (const s of t.stems) words.add(s);
    // A long prefix is a word too: a misspelt «таблтеки» is repaired towards it.
    for (const pre of t.prefixes) if (pre.length > 4) words.add(pre);
    const sep = first ? '' : gap ? `(?: \\S+){0,${gap}} ` : ' ';
    if (optional) {
      // Absent, it leaves the gap before it to the next word.
      out += `(?:${sep}${tokenRe(t)})?`;
      continue;
    }
    const id = tokens++;
    p.required.push(id);
    ownerOf[id] = p;
    for (const s of t.stems) index(byStem, s, id);
    for (const w of t.exact) index(byExact, w, id);
    for (const pre of t.prefixes) {
      index(byPrefix, pre, id);
      longestPrefix = Math.max(longestPrefix, pre.length);
    }
    out += `${sep}${tokenRe(t)}`;
    gap = 0;
    first = false;
  }
  p.re = new RegExp(`(?<= )${out}(?= )`, 'u');
  lastLine = '';
}

let vocabulary: Set<string> | null = null;

/** Every stem the patterns name (all patterns built). */
export function patternVocabulary(): Set<string> {
  if (!vocabulary) {
    vocabulary = new Set<string>();
    for (const p of ALL) build(p, vocabulary);
  }
  return vocabulary;
}

let lastLine = '';
let candidates = new Set<Pattern>();

/** The patterns whose required tokens a question's line all holds. */
function candidatesIn(line: string): Set<Pattern> {
  if (line === lastLine) return candidates;
  const found = new Set<number>();
  const add = (ids: number[] | undefined) => {
    if (ids) for (const id of ids) found.add(id);
  };
  for (const item of line.split(' ')) {
    if (!item) continue;
    const slash = item.indexOf('/');
    const s = item.slice(0, slash);
    const w = item.slice(slash + 1);
    add(byStem.get(s));
    add(byExact.get(w));
    for (let n = 1; n <= Math.min(w.length, longestPrefix); n++) add(byPrefix.get(w.slice(0, n)));
  }
  const count = new Map<Pattern, number>();
  for (const id of found) {
    const p = ownerOf[id];
    count.set(p, (count.get(p) ?? 0) + 1);
  }
  candidates = new Set([...count].filter(([p, n]) => n === p.required.length).map(([p]) => p));
  lastLine = line;
  return candidates;
}

/** Patterns recognised together (a concept, its cancelling contexts). */
export interface Group {
  readonly patterns: readonly Pattern[];
  readonly has: Set<Pattern>;
}

/** A group of patterns, built on first use. Module level only. */
export function group(sources: readonly string[]): Group {
  const patterns = sources.map(pattern);
  return { patterns, has: new Set(patterns) };
}

/** Whether the pattern occurs in a question's line (` stem/word stem/word … `, see understand.ts). */
export function matches(p: Pattern, line: string): boolean {
  if (!p.re) build(p, patternVocabulary());
  return candidatesIn(line).has(p) && p.re!.test(line);
}

/** Whether any pattern of the group occurs. */
export function anyOf(g: Group, line: string): boolean {
  patternVocabulary();
  for (const p of candidatesIn(line)) if (g.has.has(p) && p.re!.test(line)) return true;
  return false;
}

/** The sources of the group's patterns that occur (for tuning and tests). */
export const matching = (g: Group, line: string) => g.patterns.filter((p) => matches(p, line)).map((p) => p.source);

/** How many patterns of the group occur. */
export function countOf(g: Group, line: string): number {
  patternVocabulary();
  let n = 0;
  for (const p of candidatesIn(line)) if (g.has.has(p) && p.re!.test(line)) n++;
  return n;
}
