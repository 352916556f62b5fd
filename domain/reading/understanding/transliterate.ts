// Russian typed in Latin letters («ne hochu zhit», «4to delat») back to Cyrillic, word by word; English words
// are left as they are. Chat transliteration, not a standard: «zh», «kh»/«h», «ch»/«4», «sh»/«w», «shch»/«sch»,
// «ya»/«ja», «yu»/«ju», «y» as «ы» (or «й» after a vowel), «'» as «ь».

/** Common English words: a Latin word among them is English, not transliterated Russian. */
const ENGLISH = new Set(
  `a an the i me my myself you your he him his she her they them we us our it its is am are was were be been being
  do does did doing have has had will would shall should can could may might must not no yes or and but if then so
  to of in on at for with about from by up out into over after before again what when where why how who which
  this that these those there here all any some more very just only also too than as want wants wanted
  wanna die dying dead death kill killing live living life end ending hurt hurting cut cutting suicide suicidal
  self harm pills overdose jump bridge roof rope hang hanging goodbye disappear wake sleep burden better without
  anymore anyone everyone nobody alone hit hits hitting beats beat beating chokes choked choking pushed pushes
  locked lock phone takes took threatens threatened knife abuse abusive afraid scared rape raped touch touched
  husband wife boyfriend girlfriend partner ex mother father mom mum dad son daughter child children kid kids baby
  friend friends boss job work money love loves loved cheating cheat cheats leave leaving come back call text
  miss misses marry married marriage propose pregnant pregnancy sick ill illness cancer health doctor exam exams
  test university college get got getting will going go fired hired promotion happen happens happy sad tired
  feel feels feeling think thinks thought know should tarot cards card reading tell please really just imagine
  imagining or whether next year month week soon future relationship relationships together apart break up
  new house move moving visa court lawsuit drink drinking drugs gambling dog cat pet vet dont don't can't cant farewell
  i'm im i've ive it's alive years nothing anything everything something ever never change changed worked still
  since lost home back here there now time day days night every everyone honestly because been gone letting
  people person world place stay leave left right wrong okay ok fine good bad help get make take give see say
  from just like feel felt hard sorry thank thanks please maybe much many way things thing other another`.split(/\s+/),
);

const MULTI: readonly [string, string][] = [
  ['shch', 'щ'],
  ['sch', 'сч'],
  ['tsya', 'тся'],
  ['tsja', 'тся'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['ts', 'ц'],
  ['yu', 'ю'],
  ['ya', 'я'],
  ['yo', 'е'],
  ['ye', 'е'],
  ['ju', 'ю'],
  ['ja', 'я'],
  ['jo', 'е'],
  ['iy', 'ий'],
];
const SINGLE: Record<string, string> = {
  a: 'а',
  b: 'б',
  v: 'в',
  g: 'г',
  d: 'д',
  e: 'е',
  z: 'з',
  i: 'и',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  r: 'р',
  s: 'с',
  t: 'т',
  u: 'у',
  f: 'ф',
  h: 'х',
  x: 'х',
  c: 'ц',
  w: 'ш',
  j: 'й',
  q: 'к',
  "'": 'ь',
  '4': 'ч',
  '6': 'ш',
};
const VOWEL = /[аеиоуыэюя]$/;

export const isEnglishWord = (w: string) => ENGLISH.has(w);

/** One Latin word (lower case, digits allowed) as Cyrillic. */
export function toCyrillic(word: string): string {
  let out = '';
  for (let i = 0; i < word.length; ) {
    // «sch» inside a word is «щ» as chat writes it («proschay», «esche»); at the start it is «сч» («schast'e»).
    // After the prefixes «is-», «ras-», «bes-» it stays «сч» («ischeznut», «raschet»).
    if (i > 0 && word.startsWith('sch', i) && !/^(i|ra|be)$/.test(word.slice(0, i))) {
      out += 'щ';
      i += 3;
      continue;
    }
    const multi = MULTI.find(([lat]) => word.startsWith(lat, i));
    if (multi) {
      out += multi[1];
      i += multi[0].length;
      continue;
    }
    const ch = word[i];
    if (ch === 'y') out += VOWEL.test(out) ? 'й' : 'ы';
    else out += SINGLE[ch] ?? (/\d/.test(ch) ? ch : '');
    i++;
  }
  // A reflexive past tense typed without its soft sign: «poproshalas» → «попрощалась»'s «-лась».
  return /л[аио]?с$/.test(out) ? `${out}ь` : out;
}

/**
 * Spellings chat Russian in Latin letters hardly has: «someone», «weird», «school», «he's» («ee» and «-ly» are
 * Russian too: «skoree», «byly»).
 */
const ENGLISH_LOOK = /(th|oo|ea|ou|wh|ght|ck|[a-z]ing$|[a-z]{3}ed$|tion$|'(s|re|ll|ve|d|t)$)/;

/** An English word by its spelling, though not in the list. */
export const looksEnglish = (w: string) => ENGLISH_LOOK.test(w);

/** Whether the Latin words of a text are mostly English (then none is transliterated). */
export function mostlyEnglish(latinWords: readonly string[]): boolean {
  if (!latinWords.length) return false;
  const english = latinWords.filter((w) => ENGLISH.has(w) || ENGLISH_LOOK.test(w)).length;
  return english / latinWords.length >= 0.4;
}

/** Letters and endings English words rarely have: a Latin word with one, in an English text, is Russian too. */
const RUSSIAN_LOOK =
  /(zh|kh|shch|sch|ya|yu|yo|iy|yy|tsy|ts$|esh$|ish$|aet$|yet$|ayu$|uyu$|yat$|ogo$|ego$|omu$|ami$|ykh$|ikh$|aya$|oye$|nye$|nyy$|la$|li$|sya$|sj$|tsa$)/;

/** In a mostly English text, whether a word not known as English still reads as Russian typed in Latin. */
export const looksRussian = (w: string) => w.length >= 3 && !ENGLISH.has(w) && !ENGLISH_LOOK.test(w) && RUSSIAN_LOOK.test(w);
