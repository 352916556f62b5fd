// «Библиотека карт»: what a card's page shows beyond the deck's meanings (its element, its number, the
// astrological correspondence of a major arcanum) and the search over the 78 cards by name and keyword.
// Pure data shared by the server (GET /api/cards/:id, the bot's /card) and the library screens.
import { romanNumeral } from '../text/roman';
import { DECK } from './deck';
import { ELEMENT_LABELS, SUIT_ELEMENT, SUIT_LABELS, type Element } from './journal';
import type { TarotCard } from '../types';

/**
 * The major arcana's elements and correspondences as the Golden Dawn tradition (and most modern books) give
 * them: a sign's or a planet's element; the Fool, the Hanged Man and Judgement stand for air, water and fire.
 */
const MAJOR_LORE: Record<string, readonly [Element, string]> = {
  fool: ['air', 'Уран, стихия Воздуха'],
  magician: ['air', 'Меркурий'],
  'high-priestess': ['water', 'Луна'],
  empress: ['earth', 'Венера'],
  emperor: ['fire', 'Овен'],
  hierophant: ['earth', 'Телец'],
  lovers: ['air', 'Близнецы'],
  chariot: ['water', 'Рак'],
  strength: ['fire', 'Лев'],
  hermit: ['earth', 'Дева'],
  'wheel-of-fortune': ['fire', 'Юпитер'],
  justice: ['air', 'Весы'],
  'hanged-man': ['water', 'Нептун, стихия Воды'],
  death: ['water', 'Скорпион'],
  temperance: ['fire', 'Стрелец'],
  devil: ['earth', 'Козерог'],
  tower: ['fire', 'Марс'],
  star: ['air', 'Водолей'],
  moon: ['water', 'Рыбы'],
  sun: ['fire', 'Солнце'],
  judgement: ['fire', 'Плутон, стихия Огня'],
  world: ['earth', 'Сатурн'],
};

const COURT = ['Паж', 'Рыцарь', 'Королева', 'Король'];

export interface CardLore {
  element: Element;
  /** «Огонь», «Вода»… */
  elementLabel: string;
  /** A major arcanum's planet or sign; null for the minor arcana. */
  correspondence: string | null;
  /** «Старший аркан · XVI», «Кубки · 3», «Мечи · Королева». */
  numberLabel: string;
  /** «Старшие арканы», «Кубки»… */
  suitLabel: string;
}

export function cardLore(card: TarotCard): CardLore {
  if (card.suit === 'major') {
    const [element, correspondence] = MAJOR_LORE[card.id] ?? ['air', null];
    return {
      element,
      elementLabel: ELEMENT_LABELS[element],
      correspondence,
      numberLabel: `Старший аркан · ${romanNumeral(card.rank)}`,
      suitLabel: SUIT_LABELS.major,
    };
  }
  const element = SUIT_ELEMENT[card.suit];
  return {
    element,
    elementLabel: ELEMENT_LABELS[element],
    correspondence: null,
    numberLabel: `${SUIT_LABELS[card.suit]} · ${card.rank === 1 ? 'Туз' : card.rank <= 10 ? String(card.rank) : COURT[card.rank - 11]}`,
    suitLabel: SUIT_LABELS[card.suit],
  };
}

/** Lower case, ё as е, single spaces: «Колесо  Фортуны» and «колесо фортуны» match. */
export const foldText = (s: string) => s.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();

/** The cards a search finds: by name first, then by a keyword (upright or reversed), then by the meaning's text. */
export function searchCards(query: string, cards: readonly TarotCard[] = DECK): TarotCard[] {
  const q = foldText(query);
  if (!q) return [...cards];
  const byName: TarotCard[] = [];
  const byKeyword: TarotCard[] = [];
  for (const c of cards) {
    if (foldText(c.name).includes(q) || c.id === q) byName.push(c);
    else if ([...c.keywords, ...c.reversedKeywords].some((k) => foldText(k).includes(q)) || foldText(cardLore(c).elementLabel) === q)
      byKeyword.push(c);
  }
  return [...byName, ...byKeyword];
}

/** The card a bot command or a deep link names: its id (`sun`, `ace-of-cups`) or its Russian name. */
export function findCard(query: string): TarotCard | undefined {
  const q = foldText(query);
  if (!q) return undefined;
  return DECK.find((c) => c.id === q) ?? DECK.find((c) => foldText(c.name) === q) ?? searchCards(q)[0];
}

/** The card a deep link names (`card_<id>`, as in `startapp=card_<id>` or `/start card_<id>`), if it is one. */
export function cardIdFromStartParam(param: string | null | undefined): string | null {
  const m = /^card_([a-z-]{2,40})$/.exec(param ?? '');
  return m && DECK.some((c) => c.id === m[1]) ? m[1]! : null;
}

/** The library's path of a card. */
export const libraryCardPath = (cardId: string) => `/library/${cardId}`;
