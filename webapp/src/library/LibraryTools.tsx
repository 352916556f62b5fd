// The library's tools: the search field, the suit chips and the link to the other deck.
import { DECK_INFO, type DeckId } from '../../../domain/tarot/decks';
import { SUIT_LABELS } from '../../../domain/tarot/journal';
import { SUITS, type Suit } from '../../../domain/types';

export function LibraryTools(props: {
  query: string;
  onQuery: (q: string) => void;
  suit: Suit | 'all';
  onSuit: (s: Suit | 'all') => void;
  deck: DeckId;
  other: DeckId;
  onDeck: (d: DeckId) => void;
}) {
  const { query, suit, deck, other } = props;
  return (
    <div className="library-tools" role="search">
      <input
        className="input"
        type="search"
        placeholder="Карта или ключевое слово: «Звезда», «надежда»"
        value={query}
        maxLength={60}
        onChange={(e) => props.onQuery(e.target.value)}
        aria-label="Поиск карты"
        data-testid="library-search"
      />
      <div className="library-chips" role="group" aria-label="Масть">
        {(['all', ...SUITS] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={`lib-chip${suit === s ? ' lib-chip-on' : ''}`}
            aria-pressed={suit === s}
            onClick={() => props.onSuit(s)}
            data-testid={`library-suit-${s}`}
          >
            {s === 'all' ? 'Все' : SUIT_LABELS[s]}
          </button>
        ))}
      </div>
      <p className="hint library-deck">
        {DECK_INFO[deck].name}.{' '}
        <button type="button" className="lib-link" onClick={() => props.onDeck(other)} data-testid="library-other-deck">
          Показать: {DECK_INFO[other].name.toLowerCase()}
        </button>
      </p>
    </div>
  );
}
