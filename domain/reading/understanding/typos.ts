// Typo repair against the patterns' vocabulary: a stem the patterns do not know, one edit away from one they
// do (two for long stems), is read as that stem («жызн» → «жизн», «таблетк» from «тоблетки»). Only stems of
// four letters or more are repaired, and common words that happen to lie one edit from a pattern's word are
// left alone. The index of deletions (symmetric delete) is built once, on first use.
import { BoundedMap } from '../../text/bounded-map';
import { patternsBuilt, patternVocabulary } from './patterns';

/** Ordinary stems one edit from a pattern's stem: never «repaired». */
const KEEP = new Set([
  'быт',
  'был',
  'будет',
  'будут',
  'мож',
  'можн',
  'сможет',
  'хорош',
  'скаж',
  'сказа',
  'ждат',
  'жду',
  'ждет',
  'жив',
  'друг',
  'дела',
  'делат',
  'сдела',
  'мест',
  'весн',
  'лет',
  'меся',
  'недел',
  'врем',
  'сам',
  'сама',
  'сем',
  'нов',
  'мысл',
  'смысл',
  'стоит',
  'стал',
  'стат',
  'ход',
  'ходит',
  'вод',
  'нос',
  'нож',
  'ног',
  'рук',
  'муж',
  'мам',
  'пап',
  'сын',
  'доч',
  'кот',
  'кош',
  'пес',
  'собак',
  'бил',
  'бит',
  'пил',
  'пит',
  'жил',
  'жит',
  'мил',
  'мир',
  'мор',
  'тест',
  'текст',
  'работ',
  'работа',
  'рабоч',
  'учеб',
  'учит',
  'писа',
  'пишет',
  'напишет',
  'звон',
  'позвон',
  'любл',
  'люб',
  'люд',
  'лучш',
  'больш',
  'больн',
  'боль',
  'бол',
  'болит',
  'долг',
  'дом',
  'домой',
  'дорог',
  'брос',
  'брат',
  'брак',
  'бра',
  'мест',
  'весел',
  'вместе',
  'помоч',
  'помог',
  'поможет',
  'выйд',
  'выйдет',
  'уйд',
]);

const MIN = 4;
const limitFor = (len: number) => (len >= 9 ? 2 : 1);

/** Letters people put for one another: sounds spelt alike, and neighbours on the Russian keyboard. */
const CONFUSED = ['иы', 'еи', 'ао', 'еэ', 'шщ', 'ьъ', 'сз', 'тд', 'вф', 'гк', 'жш', 'цс', 'яа', 'юу', 'йи'];
const ROWS = ['йцукенгшщзхъ', 'фывапролджэ', 'ячсмитьбю'];
const swappable = new Set<string>();
for (const [a, b] of CONFUSED) swappable.add(a + b).add(b + a);
for (const row of ROWS) for (let i = 1; i < row.length; i++) swappable.add(row[i - 1] + row[i]).add(row[i] + row[i - 1]);
const ALIKE = new Set<string>();
for (const [a, b] of CONFUSED) ALIKE.add(a + b).add(b + a);
/** Same length, one letter apart, and those two letters are spelt alike. */
function spelledAlike(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let at = -1;
  for (let i = 0; i < a.length; i++)
    if (a[i] !== b[i]) {
      if (at >= 0) return false;
      at = i;
    }
  return at >= 0 && ALIKE.has(a[at] + b[at]);
}

/** `a` is `b` without one of its soft or hard signs. */
function softSignLeftOut(a: string, b: string): boolean {
  if (b.length !== a.length + 1) return false;
  for (let i = 1; i < b.length; i++) if ((b[i] === 'ь' || b[i] === 'ъ') && b.slice(0, i) + b.slice(i + 1) === a) return true;
  return false;
}

/** A letter typed for another costs one edit if it is a likely slip, else two (never repaired at one). */
const substitution = (x: string, y: string) => (x === y ? 0 : swappable.has(x + y) ? 1 : 2);

function deletions(word: string, depth: number, out: Set<string>): void {
  if (depth === 0) return;
  for (let i = 0; i < word.length; i++) {
    const d = word.slice(0, i) + word.slice(i + 1);
    if (!out.has(d)) {
      out.add(d);
      deletions(d, depth - 1, out);
    }
  }
}

/** Optimal string alignment distance (an adjacent swap is one edit), stopped past `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = substitution(a[i - 1], b[j - 1]);
      let v = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2][j - 2] + 1);
      rows[i][j] = v;
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length][b.length];
}

let index: Map<string, string[]> | null = null;
let indexedPatterns = 0;

function buildIndex(): Map<string, string[]> {
  const map = new Map<string, string[]>();
  const add = (key: string, word: string) => {
    const list = map.get(key);
    if (!list) map.set(key, [word]);
    else if (!list.includes(word)) list.push(word);
  };
  for (const word of patternVocabulary()) {
    if (word.length < MIN) continue;
    add(word, word);
    const dels = new Set<string>();
    deletions(word, limitFor(word.length), dels);
    for (const d of dels) add(d, word);
  }
  return map;
}

const repaired = new BoundedMap<string, string>(20_000);

/** The vocabulary's stem a misspelt stem stands for, or the stem itself. */
export function repair(s: string): string {
  if (s.length < MIN || KEEP.has(s)) return s;
  const vocab = patternVocabulary();
  if (vocab.has(s)) return s;
  if (!index || indexedPatterns !== patternsBuilt()) {
    index = buildIndex();
    indexedPatterns = patternsBuilt();
    repaired.clear();
  }
  const known = repaired.get(s);
  if (known !== undefined) return known;
  const limit = limitFor(s.length);
  const keys = new Set<string>([s]);
  deletions(s, limit, keys);
  let best = s;
  let bestDistance = limit + 1;
  for (const key of keys) {
    for (const word of index.get(key) ?? []) {
      if (Math.abs(word.length - s.length) > limitFor(word.length)) continue;
      // A short stem only by a sound spelt alike («жызн»): a letter more, less, swapped or a neighbour's makes
      // another word («рвет» is not «врет»).
      // or by a soft sign left out («болш» for «больш»); any other letter left out of a short stem is usually
      // another word («пода» is not «прода», «внук» not «внучк»).
      if (s.length < 5 && !spelledAlike(s, word) && !softSignLeftOut(s, word)) continue;
      const d = distance(s, word, Math.min(limit, limitFor(word.length)));
      if (d < bestDistance) {
        best = word;
        bestDistance = d;
      }
    }
  }
  repaired.set(s, best);
  return best;
}
