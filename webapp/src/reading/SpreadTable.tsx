// The spread on the table, laid out as readers lay it (webapp/src/layouts): each dealt card flies in from
// the deck and turns over; empty places show their number. Small spreads print the position and the card's
// name under each card; the big ones (the cross of five, the Celtic cross, the year) number the cards and
// list the positions under the answer button (SpreadLegend). Any card opens large on a tap.
import { useEffect, useMemo, useRef, useState } from 'react';
import { DECK_INFO } from '../../../domain/tarot/decks';
import type { DealtCardView } from '../api';
import { useDeck } from '../deck';
import { badgeOf, fitLayout, type PlacedSlot, type SpreadLayout, spreadLayout } from '../layouts/spread-layouts';
import { CardBack, CardImage } from '../components/CardImage';
import './spread-table.css';

export const CAPTION_HEIGHT = 58;

/** Room the rest of the cards screen needs above and below the table once every card is turned. */
const RESERVED_HEIGHT = 350;

function useRoom(ref: React.RefObject<HTMLElement | null>) {
  const [room, setRoom] = useState(() => ({ width: Math.min(window.innerWidth, 560) - 32, height: window.innerHeight }));
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setRoom({ width: el.clientWidth, height: window.innerHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return room;
}

export function SpreadTable(props: { spreadId: string; positions: readonly string[]; cards: (DealtCardView | null)[]; revealed: number }) {
  const { spreadId, cards, revealed } = props;
  const deck = useDeck();
  const ref = useRef<HTMLDivElement>(null);
  const room = useRoom(ref);
  const layout = useMemo(() => spreadLayout(spreadId, cards.length), [spreadId, cards.length]);
  const placed = useMemo(
    () =>
      fitLayout(layout, {
        aspect: DECK_INFO[deck].height / DECK_INFO[deck].width,
        maxWidth: Math.max(200, room.width),
        maxHeight: Math.max(300, room.height - RESERVED_HEIGHT),
        captionHeight: CAPTION_HEIGHT,
      }),
    [layout, deck, room.width, room.height],
  );
  const position = (i: number) => cards[i]?.positionName ?? props.positions[i] ?? `Карта ${i + 1}`;

  return (
    <div className="spread-wrap" ref={ref}>
      <div
        className={`spread-table layout-${layout.kind}`}
        style={{ width: placed.width, height: placed.height }}
        data-testid="mat"
        data-layout={layout.kind}
        role="list"
        aria-label="Карты расклада"
      >
        {placed.slots.map((slot, i) => (
          <SpreadSlot key={i} slot={slot} index={i} layout={layout} card={cards[i]} revealed={i < revealed} position={position(i)} />
        ))}
      </div>
    </div>
  );
}

/** One place on the table: the card, dealt in and turned over once shown, or the place's number while empty. */
function SpreadSlot(props: {
  slot: PlacedSlot;
  index: number;
  layout: SpreadLayout;
  card: DealtCardView | null;
  /** The deal has reached this place. */
  revealed: boolean;
  position: string;
}) {
  const { slot, index, layout, card, position } = props;
  const shown = !!card && props.revealed;
  return (
    <div
      role="listitem"
      className={`spread-slot ${shown ? 'is-filled' : ''} ${slot.across ? 'is-across' : ''}`}
      style={{ left: slot.left, top: slot.top, width: slot.width, zIndex: slot.across ? 2 : 1 }}
      data-testid={shown ? 'drawn-card' : 'spread-slot'}
      data-position={index + 1}
    >
      <div className="slot-card" style={{ width: slot.width, height: slot.height }}>
        {shown ? (
          <span className="deal-in">
            <span className="turn-over">
              <span className="face face-front">
                <CardImage
                  image={card.image}
                  id={card.cardId}
                  name={card.name}
                  reversed={card.reversed}
                  size="small"
                  width={slot.width}
                  position={position}
                />
              </span>
              <span className="face face-back" aria-hidden="true">
                <CardBack size="small" width={slot.width} />
              </span>
            </span>
          </span>
        ) : (
          <span className="slot-empty" role="img" aria-label={`${badgeOf(layout, index)}. ${position}: карта ещё не вытянута`}>
            {badgeOf(layout, index)}
          </span>
        )}
        {!layout.captions && shown && (
          <span className="slot-badge" aria-hidden="true">
            {badgeOf(layout, index)}
          </span>
        )}
      </div>
      {layout.captions && (
        <div
          className="slot-caption"
          style={{ height: CAPTION_HEIGHT, width: layout.captionWidth ? layout.captionWidth * slot.width : undefined }}
        >
          <span className="slot-position">{position}</span>
          {shown && (
            <span className="slot-name" data-testid="drawn-card-name">
              {card.name}
            </span>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The positions of a spread whose cards carry only numbers, with the cards drawn so far: shown under the
 * answer button, so the button stays on the first screen.
 */
export function SpreadLegend(props: { spreadId: string; positions: readonly string[]; cards: (DealtCardView | null)[]; revealed: number }) {
  const { cards, revealed } = props;
  const layout = spreadLayout(props.spreadId, cards.length);
  if (layout.captions) return null;
  const position = (i: number) => cards[i]?.positionName ?? props.positions[i] ?? `Карта ${i + 1}`;
  return (
    <ol className="spread-legend" data-testid="spread-legend" aria-label="Позиции расклада">
      {cards.map((card, i) => {
        const shown = !!card && i < revealed;
        return (
          <li key={i} className={shown ? 'is-filled' : ''}>
            <span className="legend-num">{badgeOf(layout, i)}</span>
            <span className="legend-position">{position(i)}</span>
            {shown && (
              <>
                {' — '}
                <strong data-testid="drawn-card-name">{card.name}</strong>
                {card.reversed && <span className="reversed-mark"> (перевёрнутая)</span>}
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}
