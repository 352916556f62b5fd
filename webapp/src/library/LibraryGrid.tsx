// The library's cards: a tile per card that matches the search (it opens the card's page), or a hint when none does.
import type { DeckId } from '../../../domain/tarot/decks';
import type { TarotCard } from '../../../domain/types';
import { CardImage } from '../components/CardImage';

export function LibraryGrid(props: { cards: TarotCard[]; deck: DeckId; onOpen: (id: string) => void }) {
  const { cards, deck } = props;
  if (cards.length === 0)
    return (
      <p className="panel center" data-testid="library-empty">
        Ничего не нашлось. Попробуйте имя карты («Башня», «Туз Кубков») или слово из её значения.
      </p>
    );
  return (
    <ul className="library-grid" data-testid="library-grid" aria-label={`Найдено карт: ${cards.length}`}>
      {cards.map((c) => (
        <li key={c.id}>
          <button type="button" className="library-tile" onClick={() => props.onOpen(c.id)} data-testid={`library-card-${c.id}`}>
            <CardImage image={c.image} id={c.id} name={c.name} size="small" width={76} zoom={false} deck={deck} />
            <span className="library-tile-name">{c.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
