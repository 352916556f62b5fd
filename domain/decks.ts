// The decks a user can pick: only the art differs; cards, meanings and draws are the same in every deck.
// Pure: shared by the server (settings, the bot, share images) and the web app. docs/decks.md says where the
// classic deck's files come from.

export const DECKS = ['rws', 'drawn'] as const;
export type DeckId = (typeof DECKS)[number];
export const DEFAULT_DECK: DeckId = 'rws';

export function isDeckId(v: unknown): v is DeckId {
  return typeof v === 'string' && (DECKS as readonly string[]).includes(v);
}

export interface DeckInfo {
  id: DeckId;
  /** The deck's name as shown where decks are named. */
  name: string;
  /** Who drew it and its status: shown next to the name. */
  credit: string;
  /** The pixel size of the full-size image (the aspect every size keeps). */
  width: number;
  height: number;
}

export const DECK_INFO: Record<DeckId, DeckInfo> = {
  rws: {
    id: 'rws',
    name: 'Классическая колода',
    credit: 'классическая колода Райдера — Уэйта — Смит (1909), иллюстрации Памелы Колман Смит, общественное достояние',
    width: 350,
    height: 600,
  },
  drawn: {
    id: 'drawn',
    name: 'Авторская колода',
    credit: 'рисунки приложения',
    width: 180,
    height: 270,
  },
};

/** `large` is the zoomed card (350×600 for the classic deck); `small` the cards on the mat (120×206). */
export type CardImageSize = 'large' | 'small';

const MINOR = /-of-(cups|pentacles|swords|wands)$/;

/** A card's suit folder from its id (`ace-of-cups` → cups, a major → major), as the drawn deck files it. */
export function suitOfCardId(cardId: string): string {
  return MINOR.exec(cardId)?.[1] ?? 'major';
}

/**
 * The image URL of a card in a deck: `/decks/rws/<id>.webp` (large) or `/decks/rws/<id>-s.webp` (small) for
 * the classic deck, `/cards/<suit>/<id>.svg` (one drawing for every size) for the drawn one. The server's
 * share images use the same names under webapp/public (classic) or the drawn art (webapp/art).
 */
export function cardImageUrl(deck: DeckId, cardId: string, size: CardImageSize = 'large'): string {
  if (deck === 'drawn') return `/cards/${suitOfCardId(cardId)}/${cardId}.svg`;
  return `/decks/rws/${cardId}${size === 'small' ? '-s' : ''}.webp`;
}

/** The back of the deck's cards (the same drawing, in the deck's proportions). */
export function cardBackUrl(deck: DeckId): string {
  return deck === 'drawn' ? '/cards/back.svg' : '/decks/rws/back.svg';
}

/** The card id in an image path of either deck (`/cards/cups/ace-of-cups.svg`, `/decks/rws/fool-s.webp`). */
export function cardIdFromImage(image: string): string {
  const file = image.split('/').pop() ?? '';
  return file.replace(/\.(svg|webp)$/, '').replace(/-s$/, '');
}
