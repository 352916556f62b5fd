// The head of a card's page: the large picture (a tap zooms it, sharp on 2× and 3× screens), the name with the
// link to the other deck, and the card's number, element and correspondence.
import { cardLore } from '../../../domain/tarot/card-library';
import { cardImageSrcset, cardImageUrl, DECK_INFO, type DeckId } from '../../../domain/tarot/decks';
import type { TarotCard } from '../../../domain/types';
import { openZoom } from '../zoom';
import { otherDeck } from './library-deck';

export function CardPageFigure(props: { card: TarotCard; deck: DeckId; width: number; height: number; onDeck: (d: DeckId) => void }) {
  const { card, deck, width, height } = props;
  const lore = cardLore(card);
  return (
    <figure className="card-page-figure">
      <button
        type="button"
        className="card-page-zoom"
        onClick={() => openZoom({ id: card.id, name: card.name, reversed: false, deck })}
        aria-label={`${card.name}: открыть крупно`}
        data-testid="card-page-zoom"
      >
        <img
          className={`card-page-img deck-${deck}`}
          srcSet={cardImageSrcset(deck, card.id)}
          sizes={`min(${width}px, 62vw)`}
          src={cardImageUrl(deck, card.id, 'large')}
          width={width}
          height={height}
          alt={card.name}
          data-testid="card-page-image"
        />
      </button>
      <figcaption className="center">
        <h1 className="title" data-testid="card-page-name">
          {card.name}
        </h1>
        <button type="button" className="lib-link hint" onClick={() => props.onDeck(otherDeck(deck))} data-testid="card-page-other-deck">
          Показать: {DECK_INFO[otherDeck(deck)].name.toLowerCase()}
        </button>
      </figcaption>
      <ul className="card-page-facts" data-testid="card-page-facts">
        <li>{lore.numberLabel}</li>
        <li>Стихия: {lore.elementLabel}</li>
        {lore.correspondence && <li>{lore.correspondence}</li>}
      </ul>
    </figure>
  );
}
