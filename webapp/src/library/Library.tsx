// «Библиотека карт»: the 78 cards in the user's deck (the other deck a tap away), searched by name or keyword
// and filtered by suit; a card opens its page. The daily «Урок» is one tap away. All data is the shared deck
// (domain/), so the grid needs no request.
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { searchCards } from '../../../domain/tarot/card-library';
import { DECK_INFO } from '../../../domain/tarot/decks';
import { SUIT_LABELS } from '../../../domain/tarot/journal';
import { SUITS, type Suit } from '../../../domain/types';
import { CardImage } from '../components/CardImage';
import { Icon } from '../components/Icon';
import { Page } from '../components/Page';
import { otherDeck, useLibraryDeck } from './library-deck';
import './library.css';

let lastQuery = '';
let lastSuit: Suit | 'all' = 'all';

export default function Library() {
  const [, navigate] = useLocation();
  const [deck, setDeck] = useLibraryDeck();
  // Back from a card keeps the search.
  const [query, setQuery] = useState(lastQuery);
  const [suit, setSuit] = useState<Suit | 'all'>(lastSuit);
  const cards = useMemo(() => searchCards(query).filter((c) => suit === 'all' || c.suit === suit), [query, suit]);
  const other = otherDeck(deck);

  return (
    <Page back={() => navigate('/')} testId="library" className="library">
      <header className="screen-head">
        <span className="screen-icon">
          <Icon name="eye" size={30} />
        </span>
        <h1 className="title">Библиотека карт</h1>
        <p className="hint">Все 78 карт: значения в прямом и перевёрнутом положении и как часто они выпадали вам.</p>
      </header>

      <button type="button" className="panel library-lesson" onClick={() => navigate('/lesson')} data-testid="lesson-link">
        <Icon name="sparkle" />
        <span>
          <strong>Урок дня</strong>
          <span className="hint">Три вопроса о значениях карт · бесплатно</span>
        </span>
        <span className="chevron" aria-hidden="true">
          ›
        </span>
      </button>

      <div className="library-tools" role="search">
        <input
          className="input"
          type="search"
          placeholder="Карта или ключевое слово: «Звезда», «надежда»"
          value={query}
          maxLength={60}
          onChange={(e) => setQuery((lastQuery = e.target.value))}
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
              onClick={() => setSuit((lastSuit = s))}
              data-testid={`library-suit-${s}`}
            >
              {s === 'all' ? 'Все' : SUIT_LABELS[s]}
            </button>
          ))}
        </div>
        <p className="hint library-deck">
          {DECK_INFO[deck].name}.{' '}
          <button type="button" className="lib-link" onClick={() => setDeck(other)} data-testid="library-other-deck">
            Показать: {DECK_INFO[other].name.toLowerCase()}
          </button>
        </p>
      </div>

      {cards.length === 0 ? (
        <p className="panel center" data-testid="library-empty">
          Ничего не нашлось. Попробуйте имя карты («Башня», «Туз Кубков») или слово из её значения.
        </p>
      ) : (
        <ul className="library-grid" data-testid="library-grid" aria-label={`Найдено карт: ${cards.length}`}>
          {cards.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className="library-tile"
                onClick={() => navigate(`/library/${c.id}`)}
                data-testid={`library-card-${c.id}`}
              >
                <CardImage image={c.image} id={c.id} name={c.name} size="small" width={76} zoom={false} deck={deck} />
                <span className="library-tile-name">{c.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
