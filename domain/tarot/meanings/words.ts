// The words that belong to one part of life and not another: romance has no place in a family, friendship or
// work reading, money none in a love reading. The reading filters a card's keywords with these, and the
// part-of-life test checks whole readings with them.
import type { LifeArea } from './types';

/** Romance: falling in love, dates, a wedding, «пара» as a couple (not «пара карт», «пару недель»), «партнёр». */
export const ROMANCE =
  /влюбл|романти|страст|свидан|свадьб|помолвк|поцелу|флирт|ухажив|жених|невест|нов(ая|ой|ую) любв?и?|любовн|признани[ея] в любви|притяжени|союз двоих|(?<!\p{L})(в паре|паре|для пары|вашей пары|пара влюбл\p{L}*)(?!\p{L})|партн[её]р(?!ств)/iu;

/** Money: income, wealth, debts, spending. */
export const MONEY =
  /деньг|денег|денеж|финанс|богатств|наследств|доход|прибыл|(?<!\p{L})достат(ок|ка|ку|ком|ке)(?!\p{L})|роскош|материальн|зарплат|кредит|инвестиц|продажн|бюджет|капитал|сбережен|(?<!\p{L})долг(и|ов|ами|ах)?(?!\p{L})|(?<!\p{L})трат(ы|ам|ами|ах)?(?!\p{L})/iu;

/** Work as a job: the workplace, a career, colleagues and bosses (not «работать» as a verb, not «дела»). */
export const WORK =
  /(?<!\p{L})работ(а|е|у|ой|ы|ам|ами|ах)?(?!\p{L})|рабоч|карьер|начальств|начальник|коллег|должност|повышени|бизнес|(?<!\p{L})офис|профессион|зарплат|ваканси|собеседовани|трудоустр|делов(ой|ая|ые|ую|ых|ого)(?!\p{L})|(?<!\p{L})команд(а|е|у|ой|ы|ам|ами|ах|н\p{L}+)(?!\p{L})/iu;

/** The words a text about this part of life should not hold. */
export function offTopic(area: LifeArea): RegExp | null {
  if (area === 'family' || area === 'friendship' || area === 'work') return ROMANCE;
  if (area === 'love') return MONEY;
  return null;
}

/** Love itself: at home in a love reading, and in a family one in its own words, but never a keyword there. */
const LOVE = /любов|любв/iu;

/** A union of two (not «союзник») or a relationship: a keyword that reads as a couple in a job or money question. */
const UNION = /(?<!\p{L})союз(?!ник)|отношени/iu;

/** The keywords a reading for this part of life leaves out: stricter than offTopic, since a keyword is named bare. */
export function offTopicKeyword(area: LifeArea): RegExp | null {
  const parts: RegExp[] = [];
  if (area === 'family' || area === 'friendship' || area === 'work' || area === 'money') parts.push(ROMANCE, LOVE);
  if (area === 'work' || area === 'money') parts.push(UNION);
  if (area === 'love' || area === 'family' || area === 'friendship') parts.push(MONEY, WORK);
  return parts.length ? new RegExp(parts.map((r) => r.source).join('|'), 'iu') : null;
}
