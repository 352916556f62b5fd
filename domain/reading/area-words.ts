// The part of life a reading is read for, and a card's keywords for it: the question's own area (a sister is
// family, a driving test is work and study), else the spread's topic; a keyword that belongs to another part
// of life (romance in a family, friendship, work or money question, money in a love, family or friendship one) is left out, and when too few remain, words of
// that part of life for the card's sign fill in.
import { MONEY, offTopicKeyword, WORK } from '../tarot/meanings/words';
import type { LifeArea } from '../tarot/meanings';
import type { Orientation, TarotCard } from '../types';
import { wordsFor } from './lexicon';
import type { QuestionFacts } from './question';

const BY_AREA: Record<QuestionFacts['area'], LifeArea | null> = {
  love: 'love',
  family: 'family',
  friendship: 'friendship',
  work: 'work',
  study: 'work',
  money: 'money',
  health: 'wellbeing',
  self: 'inner',
  general: null,
};

const BY_TOPIC: Record<QuestionFacts['topic'], LifeArea> = {
  love: 'love',
  family: 'family',
  work: 'work',
  money: 'money',
  health: 'wellbeing',
  self: 'inner',
  general: 'general',
};

/** The part of life the cards are read for: the question's area, or the spread's topic for a general question. */
export const lifeAreaOf = (q: Pick<QuestionFacts, 'area' | 'topic'>): LifeArea => BY_AREA[q.area] ?? BY_TOPIC[q.topic];

/** The part of life a card's keywords are chosen for: study is read with work's meanings but not its words. */
export type WordsArea = LifeArea | 'study';
export const wordsAreaOf = (q: Pick<QuestionFacts, 'area'>, area: LifeArea): WordsArea => (q.area === 'study' ? 'study' : area);

/** A partnership (of a business or a couple): not a word for kin, friends or a student. */
const PARTNERSHIP = /партн[её]рств/iu;
/** A study question leaves out what a job question does, the job and money too, and the home's happiness. */
const STUDY_OFF = new RegExp(
  [offTopicKeyword('work')!.source, WORK.source, MONEY.source, PARTNERSHIP.source, 'семейн|уют'].join('|'),
  'iu',
);
const KIN_OFF = (area: 'family' | 'friendship') => new RegExp(`${offTopicKeyword(area)!.source}|${PARTNERSHIP.source}`, 'iu');
const OFF: Partial<Record<LifeArea, RegExp>> = { family: KIN_OFF('family'), friendship: KIN_OFF('friendship') };
const offFor = (area: WordsArea) => (area === 'study' ? STUDY_OFF : (OFF[area] ?? offTopicKeyword(area)));

/** Words of the part of life for a strength and for a difficulty; the accusative of each is its nominative. */
const FILL: Partial<Record<WordsArea, { good: readonly string[]; bad: readonly string[] }>> = {
  study: { good: ['усердие', 'собранность', 'ясный план'], bad: ['промедление', 'давление сроков', 'пробелы в знаниях'] },
  love: { good: ['нежность', 'взаимность', 'доверие'], bad: ['недосказанность', 'холодность', 'обиды'] },
  family: { good: ['взаимопонимание', 'тепло в доме', 'доверие'], bad: ['обиды', 'недосказанность', 'отчуждение'] },
  friendship: { good: ['доверие', 'участие', 'общие интересы'], bad: ['недопонимание', 'отчуждение', 'обиды'] },
  work: { good: ['усердие', 'профессионализм', 'ясный план'], bad: ['промедление', 'давление сроков', 'недочёты'] },
  money: { good: ['трезвый расчёт', 'бережливость', 'порядок в делах'], bad: ['необдуманные траты', 'беспорядок в счетах', 'промедление'] },
};

/** The card's keywords a sentence of this kind may name in a reading for this part of life. */
export function areaWords(area: WordsArea, card: TarotCard, o: Orientation, want: 'good' | 'bad' | 'any'): string[] {
  const all = wordsFor(card, o, want);
  const off = offFor(area);
  if (!off) return all;
  const own = all.filter((w) => !off.test(w));
  if (own.length >= 2) return own;
  const fill = FILL[area]!;
  const extra = want === 'bad' ? fill.bad : want === 'good' ? fill.good : [fill.good[0], fill.bad[0]];
  return [...own, ...extra.filter((w) => !own.includes(w))];
}
