// Concept patterns written in words and matched on stems. A pattern is a line of tokens:
//   `не хочу|хотеть жить`       each word is stemmed when the pattern is built: «хочу», «хочется»… all match
//   `повес*`                    a word beginning «повес» (as written, not stemmed)
//   `=убьюсь`                   exactly this word
//   `~3`                        up to three other words between (`~10`: ten)
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
  /** The group it belongs to (its index in GROUPS). */
  group: number;
  /** Its place in ALL. */
  readonly at: number;
  re: RegExp | null;
  /** Ids of the tokens that must all be present. */
  required: number[];
  /** One word and nothing else: its presence in the index is the match, no regex needed. */
  single: boolean;
}

const ALL: Pattern[] = [];

/** A pattern, built on first use. Module level only: its words join the vocabulary. */
function pattern(source: string): Pattern {
  const p: Pattern = { source, group: -1, at: ALL.length, re: null, required: [], single: false };
  ALL.push(p);
  return p;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
    ...t.stems.map((s) => `${escapeRe(s)}/\\S*`),
    ...t.prefixes.map((p) => `[^/ ]*/${escapeRe(p)}\\S*`),
    ...t.exact.map((w) => `[^/ ]*/${escapeRe(w)}(?= )`),
  ].join('|')})`;
}

/** The index: which required tokens a stem, a word or a word's beginning satisfies. */
const byStem = new Map<string, number[]>();
const byExact = new Map<string, number[]>();
const byPrefix = new Map<string, number[]>();
/** The prefixes by their first two letters: a word looks up its own two and checks the few there. */
const prefixesByStart = new Map<string, string[]>();
let tokens = 0;
/** Where in ALL the pattern of each required token is. */
const ownerAt: number[] = [];

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
    const g = /^~(\d+)$/.exec(part);
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
    ownerAt[id] = p.at;
    for (const s of t.stems) index(byStem, s, id);
    for (const w of t.exact) index(byExact, w, id);
    for (const pre of t.prefixes) {
      if (!byPrefix.has(pre)) {
        const start = pre.slice(0, 2);
        prefixesByStart.set(start, [...(prefixesByStart.get(start) ?? []), pre]);
      }
      index(byPrefix, pre, id);
    }
    out += `${sep}${tokenRe(t)}`;
    gap = 0;
    first = false;
  }
  p.re = new RegExp(`(?<= )${out}(?= )`, 'u');
  p.single = p.required.length === 1 && !/\s/.test(source.trim());
  recent.clear();
}

const vocabulary = new Set<string>();
let built = 0;

/**
 * Whether a word as written is one the patterns name exactly or by its beginning («премию», «испытательный»):
 * such a word is spelt as meant and is not «repaired» towards another pattern's stem.
 */
export function writtenKnown(w: string): boolean {
  patternVocabulary();
  if (byExact.has(w)) return true;
  for (const pre of prefixesByStart.get(w.slice(0, 2)) ?? []) if (w.startsWith(pre)) return true;
  return false;
}

/** Every stem the patterns name, all patterns built (those of a module loaded later too). */
export function patternVocabulary(): Set<string> {
  while (built < ALL.length) build(ALL[built++], vocabulary);
  return vocabulary;
}

/** How many patterns are built: the typo index is rebuilt when it grows. */
export const patternsBuilt = () => built;

/** The last lines' candidates: a question's whole text, its last and its asking sentence alternate. */
const recent = new Map<string, Map<number, Pattern[]>>();

/** Per pattern (by its place in ALL), how many of its required tokens the line at hand holds. */
let counts = new Uint16Array(0);

/** The patterns whose required tokens a question's line all holds. */
function candidatesIn(line: string): Map<number, Pattern[]> {
  const known = recent.get(line);
  if (known) return known;
  if (counts.length < ALL.length) counts = new Uint16Array(ALL.length);
  const seen = new Set<number>();
  const touched: number[] = [];
  const add = (ids: number[] | undefined) => {
    if (!ids) return;
    for (const id of ids) {
      if (seen.has(id)) continue;
      seen.add(id);
      const at = ownerAt[id];
      if (counts[at]++ === 0) touched.push(at);
    }
  };
  for (let from = 1; from < line.length; ) {
    const end = line.indexOf(' ', from);
    const slash = line.indexOf('/', from);
    const s = line.slice(from, slash);
    const w = line.slice(slash + 1, end);
    from = end + 1;
    add(byStem.get(s));
    add(byExact.get(w));
    for (const pre of prefixesByStart.get(w.slice(0, 2)) ?? []) if (w.startsWith(pre)) add(byPrefix.get(pre));
    if (w.length === 1 || byPrefix.has(w[0])) add(byPrefix.get(w[0]));
  }
  const candidates = new Map<number, Pattern[]>();
  for (const at of touched) {
    const p = ALL[at];
    if (counts[at] === p.required.length) {
      const list = candidates.get(p.group);
      if (list) list.push(p);
      else candidates.set(p.group, [p]);
    }
    counts[at] = 0;
  }
  if (recent.size >= 8) recent.delete(recent.keys().next().value!);
  recent.set(line, candidates);
  return candidates;
}

/** Patterns recognised together (a concept, its cancelling contexts). */
export interface Group {
  readonly patterns: readonly Pattern[];
  readonly id: number;
}

let groups = 0;

/** A group of patterns, built on first use. Module level only. */
export function group(sources: readonly string[]): Group {
  const id = groups++;
  const patterns = sources.map(pattern);
  for (const p of patterns) p.group = id;
  return { patterns, id };
}

/** Whether any pattern of the group occurs in a question's line (` stem/word stem/word … `, understand.ts). */
export function anyOf(g: Group, line: string): boolean {
  patternVocabulary();
  for (const p of candidatesIn(line).get(g.id) ?? []) if (p.single || p.re!.test(line)) return true;
  return false;
}

/** How many patterns of the group occur. */
export function countOf(g: Group, line: string): number {
  patternVocabulary();
  let n = 0;
  for (const p of candidatesIn(line).get(g.id) ?? []) if (p.single || p.re!.test(line)) n++;
  return n;
}
