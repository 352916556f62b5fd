// What each card means for one part of life: love, family, friendship, work and study, money, wellbeing,
// the inner life and in general, upright and reversed. One sentence each, in the Rider–Waite–Smith tradition
// (docs/decks.md names the sources); each sentence stands alone, so it needs no grammatical forms. The
// reading (domain/reading/) picks the one for the question's part of life.
import { CUPS_MEANINGS } from './cups';
import { MAJOR_MEANINGS } from './majors';
import { PENTACLES_MEANINGS } from './pentacles';
import { SWORDS_MEANINGS } from './swords';
import { WANDS_MEANINGS } from './wands';
import type { CardAreas, LifeArea } from './types';

export type { CardAreas, LifeArea } from './types';
export { LIFE_AREAS } from './types';

export const AREA_MEANINGS: Readonly<Record<string, CardAreas>> = {
  ...MAJOR_MEANINGS,
  ...CUPS_MEANINGS,
  ...PENTACLES_MEANINGS,
  ...SWORDS_MEANINGS,
  ...WANDS_MEANINGS,
};

/** The card's meaning for a part of life in an orientation; undefined for an unknown card id. */
export function areaMeaning(cardId: string, reversed: boolean, area: LifeArea): string | undefined {
  return AREA_MEANINGS[cardId]?.[area][reversed ? 1 : 0];
}
