// A card in the user's deck (classic Rider–Waite–Smith by default, or the drawn one) at one of the sizes,
// or at any width a spread layout asks for; the height follows the deck's proportions. Classic cards are
// WebP files under /decks/rws/ (a small file for the cards on the mat, the large one above that); drawn faces
// are static SVG files under /cards/ (emitted at build time from webapp/art). No screen's JavaScript
// carries the pictures. Reversed cards are the upright picture turned 180°. A tap opens the card large.
import { REVERSED_STYLE } from '../../../domain/art/card-art';
import { cardBackUrl, cardIdFromImage, cardImageUrl, DECK_INFO, type DeckId } from '../../../domain/tarot/decks';
import { useDeck } from '../deck';
import { openZoom } from '../zoom';
import './card-image.css';

export const CARD_SIZES = {
  small: { width: 80, height: 120 },
  medium: { width: 110, height: 170 },
  large: { width: 180, height: 270 },
} as const;

export type CardSize = keyof typeof CARD_SIZES;

/** Width and height of a card of `deck` drawn `width` px wide (the drawn deck keeps its original sizes). */
export function cardBox(deck: DeckId, size: CardSize, width?: number): { width: number; height: number } {
  if (deck === 'drawn' && width === undefined) return CARD_SIZES[size];
  const w = width ?? CARD_SIZES[size].width;
  const info = DECK_INFO[deck];
  return { width: w, height: Math.round((w * info.height) / info.width) };
}

export interface CardImageProps {
  image: string;
  /** The card's id; read from `image` when not given. */
  id?: string;
  name: string;
  reversed?: boolean;
  size: CardSize;
  /** A width in px instead of the size's (spread layouts). */
  width?: number;
  /** The card's place in the spread, shown when zoomed. */
  position?: string;
  /** False inside another control; otherwise a tap opens the card large. */
  zoom?: boolean;
  /** Another deck than the user's (the library shows either). */
  deck?: DeckId;
  className?: string;
}

export function CardImage(props: CardImageProps) {
  const userDeck = useDeck();
  const deck = props.deck ?? userDeck;
  const id = props.id ?? cardIdFromImage(props.image);
  const { width, height } = cardBox(deck, props.size, props.width);
  // Cards up to the mat's size use the small file (120 px wide); a tap shows the large one.
  const src = cardImageUrl(deck, id, width <= CARD_SIZES.small.width ? 'small' : 'large');
  const img = (
    <img
      className={`card-img card-${props.size} deck-${deck} ${props.className ?? ''}`}
      src={src}
      width={width}
      height={height}
      alt={props.reversed ? `${props.name} (перевёрнутая)` : props.name}
      style={props.reversed ? REVERSED_STYLE : undefined}
      loading="lazy"
      decoding="async"
      draggable={false}
      data-card={id}
      data-reversed={props.reversed ? 'true' : undefined}
    />
  );
  if (props.zoom === false) return img;
  return (
    <button
      type="button"
      className="card-zoom-btn"
      onClick={(e) => {
        e.stopPropagation();
        openZoom({ id, name: props.name, reversed: !!props.reversed, position: props.position, deck: props.deck });
      }}
      aria-label={`${props.name}${props.reversed ? ' (перевёрнутая)' : ''}: открыть крупно`}
      data-testid="card-zoom-open"
    >
      {img}
    </button>
  );
}

export function CardBack(props: { size: CardSize; width?: number; className?: string }) {
  const deck = useDeck();
  const { width, height } = cardBox(deck, props.size, props.width);
  return (
    <img
      className={`card-img card-back card-${props.size} ${props.className ?? ''}`}
      src={cardBackUrl(deck)}
      width={width}
      height={height}
      alt="Рубашка карты"
      draggable={false}
    />
  );
}
