// The learned care layer's features: what a question looks like to the linear model in care-model.ts.
// Chosen to carry over to writers the model never saw: character n-grams (2–5) inside each word of a normalised
// form, the word's edges marked (typos and word endings still share most n-grams; the word pairs below carry
// what n-grams across a word boundary carried, and leaving those out read unseen writers better), Russian typed in Latin letters read as Cyrillic (so «ne hochu zhit»
// meets «не хочу жить»), doubled letters collapsed («ооочень», «бессмысленно»), plus word unigrams and bigrams
// and their Snowball stems («таблетки», «таблеток» and «таблетками» one feature: what another writer's ending
// would otherwise hide).
// Every feature is hashed into CARE_BUCKETS buckets: no vocabulary to store, and no allocation per n-gram.
import { stem } from './stem';

/**
 * Buckets of the hashed feature space (a power of two). Changing it needs `npm run train:care` (run twice: the
 * first run cannot read the old weights for its topic figures). 2^15 rather than 2^14: fewer n-grams share a
 * weight, and leave one writer out on fifteen dev writers crisis average precision rose 0.948 → 0.957 (the
 * weights files doubled, docs/decisions.md).
 */
export const CARE_BUCKETS = 1 << 15;

const MASK = CARE_BUCKETS - 1;

// Latin → Cyrillic, one letter (a…z); x, y and the digraphs are handled in transliterate().
const ONE_LETTER = 'абцдефгхийклмнопкрстуввxыз';
const BEFORE_H: Record<string, string> = { z: 'ж', k: 'х', c: 'ч', s: 'ш' };
const IOTATED: Record<string, string> = { a: 'я', u: 'ю', o: 'е', e: 'е' };
const VOWELS = 'aeiouy';

/** A Latin word as Cyrillic: «pokonchit» → «покончит», «soboy» → «собой», «vyhod» → «выход», «zhit» → «жит». */
export function transliterate(word: string): string {
  let out = '';
  let i = 0;
  while (i < word.length) {
    const c = word[i];
    const n = word[i + 1];
    if (c === 's' && n === 'h' && word[i + 2] === 'c' && word[i + 3] === 'h') {
      out += 'щ';
      i += 4;
    } else if (c === 's' && n === 'c' && word[i + 2] === 'h') {
      out += 'щ';
      i += 3;
    } else if (n === 'h' && BEFORE_H[c]) {
      out += BEFORE_H[c];
      i += 2;
    } else if (c === 't' && n === 's') {
      out += 'ц';
      i += 2;
    } else if ((c === 'y' || c === 'j') && n !== undefined && IOTATED[n]) {
      out += IOTATED[n];
      i += 2;
    } else {
      // y: «й» after a vowel («soboy», «moy»), «ы» otherwise («vyhod», «byt»).
      if (c === 'y') out += i > 0 && VOWELS.includes(word[i - 1]) ? 'й' : 'ы';
      else if (c === 'x') out += 'кс';
      else if (c === "'") out += 'ь';
      else {
        const k = c.charCodeAt(0) - 97;
        out += k >= 0 && k < 26 ? ONE_LETTER[k] : c;
      }
      i += 1;
    }
  }
  return out;
}

/** Doubled letters as one: «ооочень» → «очень»; «бессмысленно» and «бесмысленно» meet. */
function collapse(word: string): string {
  let out = '';
  for (let i = 0; i < word.length; i++) if (word[i] !== word[i - 1]) out += word[i];
  return out;
}

export interface CareText {
  /** Every word in Cyrillic where it was Latin, doubled letters collapsed, one space between words. */
  cyrillic: string;
  /** The Latin words as written (English is learned as English), doubled letters collapsed; may be empty. */
  latin: string;
}

const SMILEY = '☺';
const OTHER_LETTER = /\p{L}/u;

/**
 * The two views of a question the features are taken from. Lower case, ё as е, a number as 0, emoji and
 * smileys («))», «:)») as one token (a joke's marker), anything else that is not a letter a space. One pass
 * over the text without regular expressions: this runs on every question.
 */
/**
 * Words that address the cards or the app («карты, скажите…», «погадай», «tarot»): every question in the
 * product is put to the cards, so they say nothing about the asker, but the corpus's crisis questions named the
 * cards more often than its others, and a model that learned them read «ну покажи карту на сегодня» as a crisis.
 */
const ADDRESS = /^(карт|таро|расклад|раскин|гада|погада|колод|card|tarot|oracle)/;

export function careText(text: string): CareText {
  let cyr = '';
  let lat = '';
  let word = '';
  let latinOnly = true;
  const flush = () => {
    let from = 0;
    let to = word.length;
    while (from < to && word[from] === "'") from++;
    while (to > from && word[to - 1] === "'") to--;
    if (from < to) {
      const w = word.slice(from, to);
      if (latinOnly) {
        const l = collapse(w);
        const c = collapse(transliterate(l));
        if (!ADDRESS.test(l) && !ADDRESS.test(c)) {
          lat += lat ? ` ${l}` : l;
          cyr += cyr ? ` ${c}` : c;
        }
      } else {
        const c = collapse(w.includes("'") ? w.replaceAll("'", '') : w);
        if (!ADDRESS.test(c)) cyr += cyr ? ` ${c}` : c;
      }
    }
    word = '';
    latinOnly = true;
  };
  const smiley = () => {
    flush();
    if (!cyr.endsWith(SMILEY)) cyr += cyr ? ` ${SMILEY}` : SMILEY;
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x61 && code <= 0x7a) word += text[i];
    else if (code >= 0x41 && code <= 0x5a) word += String.fromCharCode(code + 32);
    else if (code >= 0x430 && code <= 0x44f) {
      word += text[i];
      latinOnly = false;
    } else if (code >= 0x410 && code <= 0x42f) {
      word += String.fromCharCode(code + 32);
      latinOnly = false;
    } else if (code === 0x451 || code === 0x401) {
      word += 'е';
      latinOnly = false;
    } else if (code >= 0x30 && code <= 0x39) {
      if (!word.endsWith('0')) word += '0';
      latinOnly = false;
    } else if (code === 0x27 || code === 0x2019 || code === 0x60) word += "'";
    else if (code === 0x29 || code === 0x28) {
      // «))», «((» and «:)», «;-)» are smileys; a lone bracket is punctuation.
      const prev = text[i - 1];
      if (text.charCodeAt(i + 1) === code || text.charCodeAt(i - 1) === code || prev === ':' || prev === ';' || prev === '-') smiley();
      else flush();
    } else if ((code >= 0xd800 && code <= 0xdbff) || (code >= 0x2600 && code <= 0x27bf)) {
      // Emoji: astral symbols (a surrogate pair, the low half skipped) and the BMP's dingbats.
      if (code <= 0xdbff && code >= 0xd800) i++;
      smiley();
    } else if (code > 0x7f && OTHER_LETTER.test(text[i])) {
      word += text[i].toLowerCase();
      latinOnly = false;
    } else flush();
  }
  flush();
  return { cyrillic: cyr, latin: lat };
}

/** The words the layer reads (the cards and the app not counted). */
export function wordsOf(text: string): number {
  const words = careText(text).cyrillic;
  let n = words ? 1 : 0;
  for (let i = 0; i < words.length; i++) if (words.charCodeAt(i) === 32) n++;
  return n;
}

// FNV-1a, 32 bits, one UTF-16 unit at a time; a seed per feature kind keeps kinds apart. Its low bits alone
// depend only on the low bits of the state, so a bucket is taken after murmur3's final mix.
const FNV_PRIME = 16777619;
const SEED_CHARS = 2166136261;
const SEED_WORD = 0x9747b28c;
const SEED_BIGRAM = 0x5bd1e995;
const SEED_STEM = 0x1b873593;
const SEED_STEM_BIGRAM = 0xcc9e2d51;

const step = (h: number, code: number) => Math.imul(h ^ code, FNV_PRIME) >>> 0;

function bucket(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) & MASK;
}

// The ids of the question being read: one buffer reused by every call, made large enough before each one
// (at most four n-grams a character, two ids a word and two a stem), so that the loops below write without checks.
let ids = new Int32Array(4096);

/**
 * A view's character n-grams (2–5) inside its words, a word's edges marked by the space before or after it
 * (« жит», «ить »), written from `n` on. None spans two words: «не хочу жить» gives «не», « хоч», «чу », … but no
 * «е хо»; across the boundary they tied the model to one writer's word order (leave one writer out on fifteen
 * dev writers, crisis recall at the precise point 80.0 % → 82.9 %, themes 62.3 % → 63.4 %).
 */
function charGrams(view: string, out: Int32Array, n: number): number {
  if (!view) return n;
  const s = ` ${view} `;
  for (let i = 0; i < s.length - 1; i++) {
    let h = step(SEED_CHARS, s.charCodeAt(i));
    const end = Math.min(s.length, i + 5);
    for (let j = i + 1; j < end; j++) {
      // A space inside the n-gram (not at its first or last place) would join two words: stop there.
      if (j > i + 1 && s.charCodeAt(j - 1) === 32) break;
      h = step(h, s.charCodeAt(j));
      // The n-gram's length goes into the hash too, so «ab» and the «ab» that starts «abc» differ.
      out[n++] = bucket(step(h, j - i));
    }
  }
  return n;
}

/** A view's words and word pairs, written from `n` on. */
function wordGrams(view: string, out: Int32Array, n: number): number {
  if (!view) return n;
  let prev = 0;
  let start = 0;
  for (let i = 0; i <= view.length; i++) {
    if (i < view.length && view.charCodeAt(i) !== 32) continue;
    let h = SEED_WORD;
    for (let k = start; k < i; k++) h = step(h, view.charCodeAt(k));
    out[n++] = bucket(h);
    if (start > 0) out[n++] = bucket(Math.imul(prev ^ SEED_BIGRAM, FNV_PRIME) ^ h);
    prev = h;
    start = i + 1;
  }
  return n;
}

/** A view's words as their stems, and pairs of stems, written from `n` on (a short word is its own stem). */
function stemGrams(view: string, out: Int32Array, n: number): number {
  if (!view) return n;
  let prev = 0;
  let first = true;
  for (const word of view.split(' ')) {
    const s = word.length > 3 ? stem(word) : word;
    let h = SEED_STEM;
    for (let k = 0; k < s.length; k++) h = step(h, s.charCodeAt(k));
    out[n++] = bucket(h);
    if (!first) out[n++] = bucket(Math.imul(prev ^ SEED_STEM_BIGRAM, FNV_PRIME) ^ h);
    prev = h;
    first = false;
  }
  return n;
}

/**
 * A question's features as distinct bucket ids, in a buffer shared by every call (valid until the next one):
 * the first `count` entries of `ids`. The model scores bias + Σ w[id] / √count, so a long story does not
 * outvote a short line; each feature counts once, so a sentence repeated six times scores as itself (counted
 * each time it occurred, a question about income and savings typed out six times read as violence).
 */
let lastText: string | null = null;
let lastCount = 0;

export function careFeatureIds(text: string): { ids: Int32Array; count: number } {
  // The care targets and the themes read one text back to back: its ids are still in the buffer.
  if (text === lastText) return { ids, count: lastCount };
  const { cyrillic, latin } = careText(text);
  const most = 8 * (cyrillic.length + latin.length + 4);
  if (ids.length < most) ids = new Int32Array(most);
  let n = charGrams(cyrillic, ids, 0);
  n = wordGrams(cyrillic, ids, n);
  n = stemGrams(cyrillic, ids, n);
  n = charGrams(latin, ids, n);
  n = wordGrams(latin, ids, n);
  const sorted = ids.subarray(0, n).sort();
  let distinct = 0;
  for (let i = 0; i < n; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) ids[distinct++] = sorted[i];
  lastText = text;
  lastCount = distinct;
  return { ids, count: distinct };
}

/** The same ids as an array of their own (for training, which keeps every question's). */
export function careFeatures(text: string): number[] {
  const f = careFeatureIds(text);
  return Array.from(f.ids.subarray(0, f.count));
}
