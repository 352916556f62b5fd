// A card's meaning for a question about study (an exam, a driving test, admission): the deck reads work and
// study together, so its sentence for them is kept where it names study alone («в работе или учёбе» becomes
// «в учёбе»), and where it still speaks of a job — a boss, colleagues, a position — the card's general meaning
// is read instead, so that a student's reading never speaks of a career.
import { areaMeaning } from '../tarot/meanings';
import { ROMANCE, WORK } from '../tarot/meanings/words';

/** «работа или учёба» and the like, in the cases where the verb after it cannot tell: the study half stays. */
const BOTH = /(?<!\p{L})(в|по|о|от|к)?\s?работ\p{L}*\s+(или|и)\s+(учёб\p{L}*)|(учёб\p{L}*)\s+(или|и)\s+работ\p{L}*/giu;

/** The work half dropped where the pair is not the subject of a verb (a nominative pair would leave a plural verb). */
function studyHalf(text: string): string {
  return text.replace(BOTH, (whole, prep: string | undefined, _or, study1: string | undefined, study2: string | undefined) => {
    const study = study1 ?? study2!;
    // «Работа или учёба кажутся…»: the pair is the subject; left as it is (and then not used).
    if (/^учёба$/i.test(study)) return whole;
    const p = prep ? (prep.toLowerCase() === 'о' ? 'об' : prep) : '';
    const at = whole.search(/\p{L}/u);
    const out = p ? `${p} ${study}` : study;
    return at === 0 && /\p{Lu}/u.test(whole[0]) ? out.charAt(0).toUpperCase() + out.slice(1) : out;
  });
}

/** The card's meaning for a study question, or undefined for an unknown card. */
export function studyMeaning(cardId: string, reversed: boolean): string | undefined {
  const work = areaMeaning(cardId, reversed, 'work');
  if (work === undefined) return undefined;
  const fits = (s: string) => !WORK.test(s) && !ROMANCE.test(s) && !COUPLE.test(s);
  const candidates = [studyHalf(work), areaMeaning(cardId, reversed, 'general')!, areaMeaning(cardId, reversed, 'inner')!];
  return candidates.find(fits) ?? candidates[2];
}

/** A union or a relationship: not what a study question is about. */
const COUPLE = /(?<!\p{L})союз(?!ник)|отношени/iu;
