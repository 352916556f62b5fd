// A card of «Библиотека карт»: the large picture (a tap zooms it, sharp on 2× and 3× screens), its number,
// element and correspondence, the upright and reversed meanings with keywords, and «В ваших раскладах»: how
// often it came to the user, upright and reversed, and the latest readings it lay in, each opening the reading.
// The deck's data shows at once; the history comes from GET /api/cards/:id.
import { useLocation, useParams } from 'wouter';
import { DECK, getCard } from '../../../domain/tarot/deck';
import { cardBox } from '../components/CardImage';
import { Page } from '../components/Page';
import { keys, useApi } from '../data';
import { CardHistory } from './CardHistory';
import { CardMeanings } from './CardMeanings';
import { CardPageFigure } from './CardPageFigure';
import { getCardPage } from './library-api';
import { useLibraryDeck } from './library-deck';
import './library.css';

export default function LibraryCard() {
  const [, navigate] = useLocation();
  const { id } = useParams<{ id: string }>();
  const card = getCard(id);
  const [deck, setDeck] = useLibraryDeck();
  const { data, error, isValidating, reload } = useApi(card ? keys.cardPage(card.id) : null, () => getCardPage(id));
  const back = () => navigate('/library');

  if (!card)
    return (
      <Page back={back} testId="library-card-missing">
        <section className="panel center">
          <h1 className="title">Такой карты нет в колоде</h1>
          <button type="button" className="btn btn-primary" onClick={back}>
            Вся библиотека
          </button>
        </section>
      </Page>
    );

  const { width, height } = cardBox(deck, 'large', 240);
  const history = data?.history;
  const index = DECK.indexOf(card);
  const prev = DECK[(index + DECK.length - 1) % DECK.length]!;
  const next = DECK[(index + 1) % DECK.length]!;

  return (
    <Page back={back} testId="library-card" className="library card-page">
      <CardPageFigure card={card} deck={deck} width={width} height={height} onDeck={setDeck} />
      <CardMeanings card={card} deck={deck} width={width} height={height} />
      <CardHistory
        history={history}
        error={error}
        isValidating={isValidating}
        reload={reload}
        onOpen={(readingId) => navigate(`/history/${readingId}`)}
      />

      <nav className="card-page-nav" aria-label="Другие карты">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => navigate(`/library/${prev.id}`, { replace: true })}
          data-testid="card-page-prev"
        >
          ‹ {prev.name}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => navigate(`/library/${next.id}`, { replace: true })}
          data-testid="card-page-next"
        >
          {next.name} ›
        </button>
      </nav>
    </Page>
  );
}
