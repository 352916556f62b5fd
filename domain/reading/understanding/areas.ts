// The part of life a question is about: each area scored by the words of it the question holds, those of
// the last sentence (where the question usually is) counting three times; a sensitive theme decides where it
// names one; ties go to the more specific area.
import type { Sensitive } from '../question-words';
import { type Area, AREA_CONCEPTS, PARTNER } from './area-concepts';
import { countOf } from './patterns';
import type { Understood } from './understand';

export type { Area } from './area-concepts';

const PRIORITY: readonly Area[] = ['study', 'health', 'family', 'love', 'friendship', 'work', 'money', 'self', 'general'];

export function areaScores(u: Understood, tail: Understood): Record<Area, number> {
  const scores = {} as Record<Area, number>;
  for (const { area, concepts, english } of AREA_CONCEPTS) {
    let score = countOf(concepts, u.stems) + 2 * countOf(concepts, tail.stems);
    if (u.english && english.test(u.text)) score += english.test(tail.text) ? 3 : 1;
    scores[area] = score;
  }
  if (!scores.family) scores.love += countOf(PARTNER, u.stems) + 2 * countOf(PARTNER, tail.stems);
  return scores;
}

const best = (scores: Record<Area, number>, among: readonly Area[] = PRIORITY): Area | null => {
  let top: Area | null = null;
  for (const a of PRIORITY) if (among.includes(a) && scores[a] > 0 && (top === null || scores[a] > scores[top])) top = a;
  return top;
};

export function areaOf(u: Understood, tail: Understood, sensitive: Sensitive | null): Area {
  const scores = areaScores(u, tail);
  switch (sensitive) {
    case 'health':
    case 'child_health':
    case 'pet_health':
    case 'pregnancy':
      return 'health';
    case 'investment':
      return scores.work > scores.money ? 'work' : 'money';
    case 'death':
      return best(scores, ['family', 'friendship', 'love']) ?? 'family';
    case 'addiction':
      return best(scores, ['family', 'love', 'friendship']) ?? 'self';
  }
  return best(scores) ?? 'general';
}
