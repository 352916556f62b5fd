// A card at one of the spec's sizes (80x120, 110x170, 180x270). Faces are static SVG files under /cards/
// (emitted at build time from webapp/art), so no screen's JavaScript carries the 78 drawings. Reversed
// cards are the upright picture turned 180°.
import { REVERSED_STYLE } from '../../art/card-art';

export const CARD_SIZES = {
  small: { width: 80, height: 120 },
  medium: { width: 110, height: 170 },
  large: { width: 180, height: 270 },
} as const;

export type CardSize = keyof typeof CARD_SIZES;

export const CARD_BACK_URL = '/cards/back.svg';

export function CardImage(props: { image: string; name: string; reversed?: boolean; size: CardSize; className?: string }) {
  const { width, height } = CARD_SIZES[props.size];
  return (
    <img
      className={`card-img card-${props.size} ${props.className ?? ''}`}
      src={props.image}
      width={width}
      height={height}
      alt={props.reversed ? `${props.name} (перевёрнутая)` : props.name}
      style={props.reversed ? REVERSED_STYLE : undefined}
      decoding="async"
      draggable={false}
    />
  );
}

export function CardBack(props: { size: CardSize; className?: string }) {
  const { width, height } = CARD_SIZES[props.size];
  return (
    <img
      className={`card-img card-${props.size} ${props.className ?? ''}`}
      src={CARD_BACK_URL}
      width={width}
      height={height}
      alt="Рубашка карты"
      draggable={false}
    />
  );
}
