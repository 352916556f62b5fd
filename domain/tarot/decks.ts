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

/**
 * The classic deck's files, each built from the 900 px scans by scripts/build-deck-images.ts: `small` the cards
 * on the mat (up to 80 CSS px), `large` the cards shown bigger and the zoom at 1×, `x2` and `x3` the zoom
 * (240 CSS px) at 2× and 3× screen densities and the share pictures.
 */
export const CLASSIC_FILES = {
  small: { width: 120, height: 206, suffix: '-s' },
  large: { width: 350, height: 600, suffix: '' },
  x2: { width: 480, height: 823, suffix: '-480' },
  x3: { width: 720, height: 1234, suffix: '-720' },
} as const;

export type CardImageSize = keyof typeof CLASSIC_FILES;

const MINOR = /-of-(cups|pentacles|swords|wands)$/;

/** A card's suit folder from its id (`ace-of-cups` → cups, a major → major), as the drawn deck files it. */
export function suitOfCardId(cardId: string): string {
  return MINOR.exec(cardId)?.[1] ?? 'major';
}

/**
 * The image URL of a card in a deck: `/decks/rws/<id><suffix>.webp` for the classic deck (`-s` small, none
 * large, `-480` and `-720` the sharp sizes), `/cards/<suit>/<id>.svg` (one drawing for every size) for the
 * drawn one. The server's share images read the same files under webapp/public (classic) or the drawn art.
 */
export function cardImageUrl(deck: DeckId, cardId: string, size: CardImageSize = 'large'): string {
  if (deck === 'drawn') return `/cards/${suitOfCardId(cardId)}/${cardId}.svg`;
  return `/decks/rws/${cardId}${CLASSIC_FILES[size].suffix}.webp`;
}

/**
 * The `srcset` of a card shown large (the zoom): the classic deck's 350, 480 and 720 px files by width, so a
 * 2× or 3× screen gets at least two pixels per CSS pixel; undefined for the drawn deck (SVG is sharp anyway).
 */
export function cardImageSrcset(deck: DeckId, cardId: string): string | undefined {
  if (deck === 'drawn') return undefined;
  return (['large', 'x2', 'x3'] as const).map((size) => `${cardImageUrl(deck, cardId, size)} ${CLASSIC_FILES[size].width}w`).join(', ');
}

/** The back of the deck's cards (the same drawing, in the deck's proportions). */
export function cardBackUrl(deck: DeckId): string {
  return deck === 'drawn' ? '/cards/back.svg' : '/decks/rws/back.svg';
}

/** The card id in an image path of either deck (`/cards/cups/ace-of-cups.svg`, `/decks/rws/fool-s.webp`). */
export function cardIdFromImage(image: string): string {
  const file = image.split('/').pop() ?? '';
  return file.replace(/\.(svg|webp)$/, '').replace(/-(s|480|720)$/, '');
}
