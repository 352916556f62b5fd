// The part of life a question is about: each area scored by the words of it the question holds, those of
// the last sentence (where the question usually is) counting three times; a sensitive theme decides where it
// names one; ties go to the more specific area.
import type { Sensitive } from '../question-words';
import { type Area, AREA_CONCEPTS, FAMILY_ASIDE, PARTNER, PREGNANT_FAMILY, PREGNANT_LOVE, THEIR_LOVE } from './area-concepts';
import { anyOf, countOf } from './patterns';
import { type Understood, understand } from './understand';

export type { Area } from './area-concepts';

/** The asker in the asking sentence. */
const ASKER = /(?<!\p{L})(я|мне|меня|мой|моя|моей|i|me|my)(?!\p{L})/u;

/** What naming a relative adds to the family's score. */
const FAMILY_NAMED = 1;

/** The family's own words. */
const FAMILY_WORDS = AREA_CONCEPTS.find((c) => c.area === 'family')!.concepts;

const PRIORITY: readonly Area[] = ['study', 'health', 'family', 'love', 'friendship', 'work', 'money', 'self', 'general'];

export function areaScores(u: Understood, tail: Understood): Record<Area, number> {
  const scores = {} as Record<Area, number>;
  for (const { area, concepts, english } of AREA_CONCEPTS) {
    let score = countOf(concepts, u.stems) + 2 * countOf(concepts, tail.stems);
    // English words count in a Russian text too: «interview в Spotify» stays Latin (understand.ts).
    // A Latin word read as Russian («interview» → «интервиеш») still counts as the English it is.
    if (english.test(u.text) || english.test(u.latin)) score += english.test(tail.text) || english.test(tail.latin) ? 3 : 1;
    scores[area] = score;
  }
  // A relative named anywhere makes it the family's question unless the ask itself is romance («свекровь
  // хочет к нам переехать… переедет ли она»): the people in a story weigh more than its scenery.
  if (scores.family) scores.family = Math.max(0, scores.family - countOf(FAMILY_ASIDE, u.stems) - 2 * countOf(FAMILY_ASIDE, tail.stems));
  if (scores.family) scores.family += FAMILY_NAMED;
  // The spouse in the asking sentence is the question's own person («помиримся с мужем… ради детей»); in the
  // story only, they count where no other relative is named.
  scores.love += (scores.family ? 0 : countOf(PARTNER, u.stems)) + 2 * countOf(PARTNER, tail.stems);
  if (scores.love) scores.love = Math.max(0, scores.love - countOf(THEIR_LOVE, u.stems) - 2 * countOf(THEIR_LOVE, tail.stems));
  return scores;
}

const best = (scores: Record<Area, number>, among: readonly Area[] = PRIORITY): Area | null => {
  let top: Area | null = null;
  for (const a of PRIORITY) if (among.includes(a) && scores[a] > 0 && (top === null || scores[a] > scores[top])) top = a;
  return top;
};

/** What else is known of the question: another person in it (a name, «он»), despair. */
export interface AreaHints {
  other: boolean;
  /** The other person is of the asker's own gender (both shown by the text): a friend more often than a love. */
  sameGender?: boolean;
  concern: boolean;
}

/** «ни семьи, ни детей, ни карьеры»: what the asker lacks is named, not asked about. */
const ABSENT = /(?<!\p{L})ни (?:(?:у|к|с|со|о|об|для|от|в|на) )?\p{L}+/gu;

/** The study words of the asking sentence: «сын сдаст ЕГЭ?» asks about the exam, whoever sits it. */
const STUDY_WORDS = AREA_CONCEPTS.find((c) => c.area === 'study')!.concepts;

export function areaOf(whole: Understood, asked: Understood, sensitive: Sensitive | null, hints: AreaHints): Area {
  // People and things named only as missing («ни мужа, ни детей, ни денег») are no part of life asked about;
  // two or more lacks, some of them parts of life, are a life taken stock of: the inner life («не могу ни
  // есть, ни спать» lacks no part of life).
  const absent = whole.text.match(ABSENT)?.length ?? 0;
  const u = absent ? understand(whole.text.replace(ABSENT, ' ')) : whole;
  const tail = absent && asked.text.match(ABSENT) ? understand(asked.text.replace(ABSENT, ' ')) : asked;
  const scores = areaScores(u, tail);
  if (absent >= 2) {
    const full = areaScores(whole, asked);
    if ((Object.keys(full) as Area[]).some((a) => full[a] > scores[a])) scores.self += 2;
  }
  // The goal asked about decides over the people in it: «дочка в мед поступит на бюджет?» is study.
  // Not where it is only the cause: «помириться с отцом после ссоры из-за универа» is the family's.
  if (scores.study && anyOf(STUDY_WORDS, tail.stems) && !/(?<!\p{L})из[- ]за(?!\p{L})/u.test(tail.text)) scores.study += scores.family;
  // Someone named or «он/она» with no family, friend, colleague, money or errand in sight: a love question
  // («что Марина ко мне чувствует», «вернётся ли Саша»); «хватит ли нам с мужем пенсии» stays money's.
  // A relative met only as scenery («к брату переезжаем») still says the other person is no love.
  const relative = !!scores.family || anyOf(FAMILY_WORDS, u.stems);
  if (hints.other && !relative && !scores.friendship && !scores.work && !scores.study && !scores.money && !scores.general) {
    // «простит ли меня Катя», written by a woman: a friend, unless romance is named.
    if (hints.sameGender && !scores.love) scores.friendship += 2;
    else scores.love += 2;
  }
  // Despair, or the asker alone with no area named: the inner life.
  if (hints.concern) scores.self += 2;
  switch (sensitive) {
    case 'health':
    case 'child_health':
    case 'pet_health':
      return 'health';
    case 'pregnancy':
      // «жена беременна», «невестка ждёт ребёнка»: the family's event; one's own body: health.
      if (anyOf(PREGNANT_LOVE, u.stems)) return 'love';
      return anyOf(PREGNANT_FAMILY, u.stems) ? 'family' : 'health';
    case 'investment':
      return scores.work > scores.money ? 'work' : 'money';
    case 'death':
      // «сколько мне осталось», «когда я умру»: the asker's own life, unless the asking names whose death.
      // «до пенсии доживу» of a miner, «умираю от усталости на работе»: no one close named, the work is it.
      if (!best(scores, ['family', 'friendship', 'love'])) {
        const named = best(scores, ['work', 'study', 'money']);
        if (named) return named;
      }
      return (
        best(areaScores(tail, tail), ['family', 'friendship', 'love']) ??
        (!hints.other && ASKER.test(tail.text) ? 'self' : (best(scores, ['family', 'friendship', 'love']) ?? 'family'))
      );
    case 'addiction':
      // Whose addiction (a relative's, a partner's, a friend's), or the money a gambler lost; else one's own.
      return best(scores, ['family', 'love', 'friendship']) ?? (scores.money ? 'money' : 'self');
  }
  return best(scores) ?? 'general';
}
