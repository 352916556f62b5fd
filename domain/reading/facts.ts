// What a reader knows about each card beyond its meaning: whether it reads as support or as a challenge in
// each orientation (a reversed card is not a warning by default: the Devil reversed is liberation), what a
// court card says about a person, and what the numbers and suits stand for.
import type { Orientation, Suit, TarotCard } from '../types';

/** [upright, reversed] from -2 (hard) to 2 (very favourable). */
const VALENCE: Record<string, readonly [number, number]> = {
  fool: [1, -1],
  magician: [2, -1],
  'high-priestess': [1, -1],
  empress: [2, -1],
  emperor: [1, -1],
  hierophant: [1, 0],
  lovers: [2, -1],
  chariot: [2, -1],
  strength: [2, -1],
  hermit: [0, -1],
  'wheel-of-fortune': [1, -1],
  justice: [1, -1],
  'hanged-man': [0, -1],
  death: [0, -1],
  temperance: [1, -1],
  devil: [-2, 1],
  tower: [-2, -1],
  star: [2, 0],
  moon: [-1, 1],
  sun: [2, 0],
  judgement: [1, -1],
  world: [2, 0],
};
/** Minor arcana by rank (1..14) and suit, where they differ from the default [1, -1]. */
const MINOR: Record<Exclude<Suit, 'major'>, Record<number, readonly [number, number]>> = {
  cups: { 1: [2, -1], 2: [2, -1], 3: [2, -1], 4: [-1, 1], 5: [-2, 1], 7: [-1, 1], 8: [0, -1], 9: [2, -1], 10: [2, -2] },
  pentacles: { 1: [2, -1], 2: [0, -1], 4: [0, -1], 5: [-2, 1], 7: [0, -1], 9: [2, -1], 10: [2, -2] },
  swords: { 2: [-1, 0], 3: [-2, 1], 4: [0, -1], 5: [-2, 1], 7: [-1, 1], 8: [-2, 1], 9: [-2, 1], 10: [-2, 1], 11: [0, -1], 12: [0, -1] },
  wands: { 1: [2, -1], 4: [2, -1], 5: [-1, 1], 6: [2, -1], 7: [0, -1], 9: [0, -1], 10: [-1, 1] },
};

export function valenceOf(card: TarotCard, o: Orientation): number {
  const pair = card.suit === 'major' ? VALENCE[card.id] : MINOR[card.suit][card.rank];
  const [up, down] = pair ?? [1, -1];
  return o === 'reversed' ? down : up;
}

export type Tone = 'light' | 'mixed' | 'hard';
export const toneOf = (v: number): Tone => (v > 0 ? 'light' : v < 0 ? 'hard' : 'mixed');

export const isCourt = (card: TarotCard) => card.suit !== 'major' && card.rank >= 11;

/** Adjectives of a court card's suit in the accusative: [masculine, feminine]. */
const SUIT_ADJ: Record<Exclude<Suit, 'major'>, readonly [string, string]> = {
  cups: ['чуткого', 'чуткую'],
  pentacles: ['практичного', 'практичную'],
  swords: ['рассудительного', 'рассудительную'],
  wands: ['энергичного', 'энергичную'],
};

/** A court card read as a person, in the accusative: «зрелую чуткую женщину…». */
export function personOf(card: TarotCard): string {
  const [m, f] = SUIT_ADJ[card.suit as Exclude<Suit, 'major'>];
  if (card.rank === 11) return `${m} молодого человека или весть, которая вот-вот придёт`;
  if (card.rank === 12) return `${m} человека, который быстро входит в вашу жизнь`;
  if (card.rank === 13) return `зрелую ${f} женщину или заботливую сторону ситуации`;
  return `зрелого ${m} мужчину, человека с весом и решающим словом`;
}

/** A suit: its name in the genitive plural, its element (genitive), its sphere (nominative and accusative). */
export const SUIT_INFO: Record<Exclude<Suit, 'major'>, { plural: string; element: string; sphere: string; acc: string }> = {
  cups: { plural: 'Кубков', element: 'Воды', sphere: 'чувства, близость и интуиция', acc: 'чувства, близость и интуицию' },
  pentacles: {
    plural: 'Пентаклей',
    element: 'Земли',
    sphere: 'деньги, работа, тело и всё осязаемое',
    acc: 'деньги, работу, тело и всё осязаемое',
  },
  swords: { plural: 'Мечей', element: 'Воздуха', sphere: 'мысли, решения и разговоры', acc: 'мысли, решения и разговоры' },
  wands: { plural: 'Жезлов', element: 'Огня', sphere: 'действие, воля и азарт', acc: 'действие, волю и азарт' },
};

/** Pentacles where neither money nor a job is asked about: the everyday, the body, all that is tangible. */
const EVERYDAY = { sphere: 'быт, общие дела, тело и всё осязаемое', acc: 'быт, общие дела, тело и всё осязаемое' };
const STUDY_EARTH = { sphere: 'усердие, режим, тело и всё осязаемое', acc: 'усердие, режим, тело и всё осязаемое' };

/**
 * A suit's sphere for the part of life asked about: Pentacles in a love, family or friendship question are the
 * shared everyday, in a study one («study», the question's own area) diligence and routine — not money and a job.
 */
export function suitInfoFor(suit: Exclude<Suit, 'major'>, area: string): (typeof SUIT_INFO)[typeof suit] {
  if (suit !== 'pentacles') return SUIT_INFO[suit];
  if (area === 'study') return { ...SUIT_INFO.pentacles, ...STUDY_EARTH };
  if (area === 'love' || area === 'family' || area === 'friendship') return { ...SUIT_INFO.pentacles, ...EVERYDAY };
  return SUIT_INFO[suit];
}

/**
 * What a repeated number of the minor arcana underlines, in the accusative, by the orientation of its cards:
 * upright threes are growth and cooperation, reversed threes are discord (read after «подчёркивает», «про»).
 */
export const NUMBER_THEME: Record<number, { word: string; up: string; rev: string }> = {
  1: { word: 'тузы', up: 'новые начала', rev: 'начала, которые пока откладываются' },
  2: { word: 'двойки', up: 'выбор и партнёрство', rev: 'разлад в паре и трудный выбор' },
  3: { word: 'тройки', up: 'рост и сотрудничество', rev: 'разлад в общих делах' },
  4: { word: 'четвёрки', up: 'устойчивость и потребность в опоре', rev: 'застой или страх потерять опору' },
  5: { word: 'пятёрки', up: 'испытания и столкновения', rev: 'выход из испытаний и примирение' },
  6: { word: 'шестёрки', up: 'восстановление гармонии', rev: 'застревание в прошлом и неравный обмен' },
  7: { word: 'семёрки', up: 'проверку на прочность и размышление', rev: 'конец колебаний и усталость от проверки' },
  8: { word: 'восьмёрки', up: 'движение и силу', rev: 'задержки и застревание' },
  9: { word: 'девятки', up: 'близость итога', rev: 'итог, который пока не радует' },
  10: { word: 'десятки', up: 'завершение целого цикла', rev: 'трудное завершение цикла' },
};

export type Element = 'fire' | 'water' | 'air' | 'earth';

/** The elements of the majors (the Golden Dawn's attributions, through their signs and planets). */
const MAJOR_ELEMENT: Record<string, Element> = {
  fool: 'air',
  magician: 'air',
  'high-priestess': 'water',
  empress: 'earth',
  emperor: 'fire',
  hierophant: 'earth',
  lovers: 'air',
  chariot: 'water',
  strength: 'fire',
  hermit: 'earth',
  'wheel-of-fortune': 'fire',
  justice: 'air',
  'hanged-man': 'water',
  death: 'water',
  temperance: 'fire',
  devil: 'earth',
  tower: 'fire',
  star: 'air',
  moon: 'water',
  sun: 'fire',
  judgement: 'fire',
  world: 'earth',
};
const SUIT_ELEMENT: Record<Exclude<Suit, 'major'>, Element> = { wands: 'fire', cups: 'water', swords: 'air', pentacles: 'earth' };

export const elementOf = (card: TarotCard): Element =>
  card.suit === 'major' ? (MAJOR_ELEMENT[card.id] ?? 'air') : SUIT_ELEMENT[card.suit];

/** Elemental dignity of two neighbours: the same element strengthens, fire–air and water–earth are friends, fire–water and air–earth weaken each other. */
export function dignityOf(a: Element, b: Element): 'same' | 'friendly' | 'opposed' | 'neutral' {
  if (a === b) return 'same';
  const pair = [a, b].sort().join('+');
  if (pair === 'air+fire' || pair === 'earth+water') return 'friendly';
  if (pair === 'fire+water' || pair === 'air+earth') return 'opposed';
  return 'neutral';
}

/** An element's name: [nominative, genitive]. */
export const ELEMENT_NAME: Record<Element, readonly [string, string]> = {
  fire: ['Огонь', 'Огня'],
  water: ['Вода', 'Воды'],
  air: ['Воздух', 'Воздуха'],
  earth: ['Земля', 'Земли'],
};
