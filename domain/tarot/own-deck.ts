// «Свой расклад»: a reading of the user's own physical deck. The one exception to «the server deals»: the user
// names the cards they drew, in position order, and the reading is marked «своя колода» wherever it is shown.
// Pure: the server checks the cards with it, and the web app's picker says the same words.
import { CARD_BY_ID } from './deck';
import type { DealtCard } from '../types';
import { cardsWord } from '../text/plural';

/** The mark an own-deck reading carries everywhere (the archive, the reading, the share picture, the bot). */
export const OWN_DECK_MARK = 'своя колода';

/** A spread's name as an own-deck reading shows it: «Три карты · своя колода». */
export const ownDeckLabel = (spreadName: string, ownDeck: boolean) => (ownDeck ? `${spreadName} · ${OWN_DECK_MARK}` : spreadName);

export interface OwnCardInput {
  id: string;
  reversed: boolean;
}

export type OwnCardsCheck = { ok: true; cards: DealtCard[] } | { ok: false; error: string };

/**
 * The cards the user drew, in position order: each a card of the deck, none twice, exactly one per position.
 * The error names the field (`ownCards`, `ownCards.2.id`) as every bad-input answer does.
 */
export function checkOwnCards(input: readonly OwnCardInput[], spread: { name: string; cards: number }): OwnCardsCheck {
  if (input.length !== spread.cards)
    return {
      ok: false,
      error: `ownCards: в раскладе «${spread.name}» ${spread.cards} ${cardsWord(spread.cards)}, а указано ${input.length}`,
    };
  const seen = new Map<string, number>();
  const cards: DealtCard[] = [];
  for (const [position, c] of input.entries()) {
    const card = CARD_BY_ID.get(c.id);
    if (!card) return { ok: false, error: `ownCards.${position}.id: неизвестная карта «${String(c.id).slice(0, 40)}»` };
    const earlier = seen.get(c.id);
    if (earlier !== undefined)
      return { ok: false, error: `ownCards.${position}.id: карта «${card.name}» уже лежит на позиции ${earlier + 1}` };
    seen.set(c.id, position);
    cards.push({ cardId: c.id, position, orientation: c.reversed ? 'reversed' : 'upright' });
  }
  return { ok: true, cards };
}
