// The parts of life a card is read for, and one card's table of them.

/** Love; family (parents, siblings, children); friendship; work and study; money; wellbeing (attitude and
 * self-care, never a prognosis); the inner life; and a question of no particular part of life. */
export type LifeArea = 'love' | 'family' | 'friendship' | 'work' | 'money' | 'wellbeing' | 'inner' | 'general';

export const LIFE_AREAS: readonly LifeArea[] = ['love', 'family', 'friendship', 'work', 'money', 'wellbeing', 'inner', 'general'];

/** Upright, then reversed: one sentence each. */
export type AreaPair = readonly [upright: string, reversed: string];

export type CardAreas = Readonly<Record<LifeArea, AreaPair>>;
