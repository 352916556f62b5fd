// The words that belong to one part of life and not another: romance has no place in a family, friendship or
// work reading, money none in a love reading. The reading filters a card's keywords with these, and the
// part-of-life test checks whole readings with them.
import type { LifeArea } from './types';

/** Romance: falling in love, dates, a wedding, «пара» and «партнёр» as a couple. */
export const ROMANCE =
  /влюбл|романти|страст|свидан|свадьб|помолвк|поцелу|флирт|ухажив|жених|невест|нов(ая|ой|ую) любв?и?|любовн|признани[ея] в любви|(?<!\p{L})пар(а|е|у|ы|ой)(?!\p{L})|партн[её]р(?!ств)/iu;

/** Money: income, wealth, debts, spending. */
export const MONEY =
  /деньг|денег|денеж|финанс|богатств|наследств|доход|прибыл|(?<!\p{L})достат(ок|ка|ку|ком|ке)(?!\p{L})|роскош|материальн|зарплат|кредит|инвестиц|продажн|бюджет|капитал|сбережен|(?<!\p{L})долг(и|ов|ами|ах)?(?!\p{L})|(?<!\p{L})трат(ы|ам|ами|ах)?(?!\p{L})/iu;

/** The words a text about this part of life should not hold. */
export function offTopic(area: LifeArea): RegExp | null {
  if (area === 'family' || area === 'friendship' || area === 'work') return ROMANCE;
  if (area === 'love') return MONEY;
  return null;
}
