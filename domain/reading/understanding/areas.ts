// The part of life a question is about: each area scored by the words of it the question holds, those of
// the last sentence (where the question usually is) counting three times; a sensitive theme decides where it
// names one; ties go to the more specific area.
import type { Sensitive } from '../question-words';
import { type Area, AREA_CONCEPTS, FAMILY_ASIDE, PARTNER, PREGNANT_FAMILY, PREGNANT_LOVE, THEIR_LOVE } from './area-concepts';
import { anyOf, countOf } from './patterns';
import type { Understood } from './understand';

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

export function areaOf(u: Understood, tail: Understood, sensitive: Sensitive | null, hints: AreaHints): Area {
  const scores = areaScores(u, tail);
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
