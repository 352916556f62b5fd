// «Библиотека карт»: the 78 cards in the user's deck (the other deck a tap away), searched by name or keyword
// and filtered by suit; a card opens its page. The daily «Урок» is one tap away. All data is the shared deck
// (domain/), so the grid needs no request.
import { useLocation } from 'wouter';
import { Icon } from '../components/Icon';
import { Page } from '../components/Page';
import { LibraryGrid } from './LibraryGrid';
import { LibraryTools } from './LibraryTools';
import { otherDeck, useLibraryDeck } from './library-deck';
import { useLibrarySearch } from './useLibrarySearch';
import './library.css';

export default function Library() {
  const [, navigate] = useLocation();
  const [deck, setDeck] = useLibraryDeck();
  const { query, setQuery, suit, setSuit, cards } = useLibrarySearch();
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

      <LibraryTools query={query} onQuery={setQuery} suit={suit} onSuit={setSuit} deck={deck} other={other} onDeck={setDeck} />

      <LibraryGrid cards={cards} deck={deck} onOpen={(id) => navigate(`/library/${id}`)} />
    </Page>
  );
}
