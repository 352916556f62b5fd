// A Russian word reduced to its stem (Snowball's Russian stemmer, @orama/stemmers: a few kilobytes, no
// dictionary, synchronous; docs/decisions.md says why this one). Stems seen are kept: questions repeat words.
import { stemmer } from '@orama/stemmers/russian';
import { BoundedMap } from '../../text/bounded-map';

const seen = new BoundedMap<string, string>(20_000);

/** The stem of a lower-case word, «ё» as «е». */
export function stem(word: string): string {
  let s = seen.get(word);
  if (s === undefined) {
    s = word.length < 3 ? word : stemmer(word);
    seen.set(word, s);
  }
  return s;
}
