// A question made ready for recognition: lower case, «ё» as «е», Latin-typed Russian back in Cyrillic,
// letters held down collapsed («жииить»), a glued «не» split off («нехочу» → «не хочу»), and each word as its
// stem with typos repaired against the patterns' vocabulary. The last few texts are remembered: the model,
// the care tier and the entry points read one question several times.
import { BoundedMap } from '../../text/bounded-map';
import { patternVocabulary, writtenKnown } from './patterns';
import { stem } from './stem';
import { isEnglishWord, looksEnglish, looksRussian, mostlyEnglish, toCyrillic } from './transliterate';
import { repair } from './typos';

export interface Understood {
  /** The words as written (Cyrillic, normalised), one space apart, padded with a space at each end. */
  text: string;
  /** Each word as «stem/word», the stem's typos repaired (a repaired word is its stem), in the same shape. */
  stems: string;
  /** Mostly English: English patterns apply. */
  english: boolean;
  /** The Latin words as typed, lower case, one space apart, padded («interview», «deadline» kept in English). */
  latin: string;
}

const LATIN = /^[a-z0-9']+$/;
/** Latin letters (digits allowed: «4to»). */
const isLatin = (w: string) => LATIN.test(w) && /[a-z]/.test(w);
/** A letter held down: three or more in a row. */
const TRIPLE = /(.)\1\1/;
/** Cyrillic by its first letter (the words are split on script-neutral boundaries). */
const isCyrillic = (w: string) => {
  const c = w.charCodeAt(0);
  return c >= 0x400 && c <= 0x4ff;
};
/** A verb's ending: only a verb takes a glued «не» apart («нехочется»; «несколько» stays whole). */
const GLUED_VERB = /(у|ю|ет|ит|ешь|ишь|ется|ится|ть|ться|ти|л|ла|ли|ло|лся|лась|ем|им)$/u;
const memo = new BoundedMap<string, Understood>(64);

/** The words as written, and for each the form its stem is taken from (Latin-typed Russian in Cyrillic). */
function words(text: string): { words: string[]; forms: string[]; english: boolean; latin: string[] } {
  const raw = text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[’`]/g, "'")
    .split(/[^\p{L}\p{N}']+/u)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
  const latin = raw.filter(isLatin);
  const english = mostlyEnglish(latin);
  const out: string[] = [];
  const forms: string[] = [];
  for (let w of raw) {
    // In a Russian text a short Latin word is Russian («on», «my», «to», «a»); a longer English one stays.
    if (isLatin(w) && !english && !(w.length >= 4 && (isEnglishWord(w) || looksEnglish(w)))) w = toCyrillic(w);
    else if (/^\d+$/.test(w)) continue;
    if (TRIPLE.test(w)) w = w.replace(/(\p{L})\1{2,}/gu, '$1');
    out.push(w);
    // In an English text a Russian word typed in Latin («dochka rezhet ruki, i found it») is read as
    // Cyrillic for the stems, while the text keeps it as written for the English patterns.
    forms.push(english && isLatin(w) && looksRussian(w) ? toCyrillic(w) : w);
  }
  return { words: out, forms, english, latin };
}

export function understand(text: string): Understood {
  const known = memo.get(text);
  if (known) return known;
  const { words: ws, forms, english, latin: latinWords } = words(text);
  const vocab = patternVocabulary();
  const out: string[] = [];
  const stems: string[] = [];
  for (let i = 0; i < ws.length; i++) {
    const w = forms[i];
    const s = stem(w);
    // «нехочу», «нехочется»: a glued «не» before a word the patterns know.
    if (w.length > 4 && w.startsWith('не') && !vocab.has(s) && GLUED_VERB.test(w)) {
      const rest = stem(w.slice(2));
      if (vocab.has(rest) || vocab.has(repair(rest))) {
        const r = repair(rest);
        out.push('не', w.slice(2));
        stems.push('не/не', `${r}/${r === rest ? w.slice(2) : r}`);
        continue;
      }
    }
    // A word the patterns know as written is spelt as meant: «премию» is not a misspelt «примут».
    const r = isCyrillic(w) && !writtenKnown(w) ? repair(s) : s;
    out.push(ws[i]);
    stems.push(`${r}/${r === s ? w : r}`);
  }
  const u = { text: ` ${out.join(' ')} `, stems: ` ${stems.join(' ')} `, english, latin: ` ${latinWords.join(' ')} ` };
  memo.set(text, u);
  return u;
}
