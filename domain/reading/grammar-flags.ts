// The grammar checks of generated readings (grammar-cards.test.ts, voices.test.ts): every place a card's
// name or an element stands in a case or number it cannot take there.
const PREP = /(?:^|[\s(])(через|против|от|для|без|у|к|о|об|на|в|с|со|из|по|при|за|под|над|перед|между|про)\s+\*\*[^*]+\*\*/giu;
// A plural name with a singular verb, after or before it. The verb before is matched from a word's start
// only: tried at every letter, `\p{L}+` backtracked over each word, which made this the suite's costliest
// regular expression (about 6 CPU-seconds a run); the leftmost match is the same.
const PLURAL_SG = /((?<![Кк]арта\s)\*\*Влюблённые\*\*\s+\p{L}+(ет|ит|ёт)(?!\p{L})|(?<!\p{L})\p{L}+(ет|ит|ёт)\s+\*\*Влюблённые\*\*)/gu;
const OTHER = /([Кк]арта\s+карта|через\s+карта\s|против\s+(Огонь|Вода|Воздух|Земля)(?!\p{L}))/gu;

/** A bare name after a preposition, a plural name with a singular verb, «через карта», an element in the nominative after «против». */
export function grammarFlags(text: string): string[] {
  const checks = text.includes('**Влюблённые**') ? [PREP, PLURAL_SG, OTHER] : [PREP, OTHER];
  return checks.flatMap((re) => [...text.matchAll(re)].map((m) => m[0].trim()));
}
